// expect: error assert
#include <assert.h>
#include <pthread.h>

volatile int flag[2], in_cs;

void *proc(void *arg)
{
    int me = (int)(long)arg, other = 1 - me;
    while (flag[other])
        ;
    flag[me] = 1; /* test and set are separate: both threads can get in */
    in_cs++;
    assert(in_cs == 1); // ERROR
    in_cs--;
    flag[me] = 0;
    return 0;
}

int main(void)
{
    pthread_t a, b;
    pthread_create(&a, NULL, proc, (void *)0L);
    pthread_create(&b, NULL, proc, (void *)1L);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    return 0;
}
