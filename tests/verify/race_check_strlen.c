// expect: error race
// options: -o check:race
// A plain store of one thread against the C library's read of the same byte in
// the other (race_check_libc has the library on both sides).
#include <pthread.h>
#include <string.h>

char text[8] = "abc";

void *worker(void *arg)
{
    text[1] = 0; // ERROR
    return arg;
}

int main(void)
{
    pthread_t t;
    pthread_create(&t, NULL, worker, NULL);
    size_t n = strlen(text); // ERROR
    pthread_join(t, NULL);
    return n > 5;
}
