// expect: error race
// options: -o check:race
// sscanf's %d writes the int the other thread reads.
#include <pthread.h>
#include <stdio.h>

int value;

void *worker(void *arg)
{
    return (void *)(long) value; // ERROR
}

int main(void)
{
    pthread_t a;
    pthread_create(&a, NULL, worker, NULL);
    sscanf("42", "%d", &value); // ERROR
    pthread_join(a, NULL);
    return 0;
}
