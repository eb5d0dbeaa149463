// expect: error race
// options: -o check:race
// The C library's accesses count: strcpy writes the bytes that the other
// thread's strlen reads.
#include <pthread.h>
#include <string.h>

char name[16] = "ab";

void *worker(void *arg)
{
    strcpy(name, "xyz"); // ERROR
    return arg;
}

int main(void)
{
    pthread_t a;
    pthread_create(&a, NULL, worker, NULL);
    size_t n = strlen(name); // ERROR
    pthread_join(a, NULL);
    return (int) n * 0;
}
