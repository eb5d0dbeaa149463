// expect: valid
#include <assert.h>
#include <pthread.h>

volatile int flag[2], turn, in_cs;

void *proc(void *arg)
{
    int me = (int)(long)arg, other = 1 - me;
    flag[me] = 1;
    turn = other;
    while (flag[other] && turn == other)
        ;
    in_cs++;
    assert(in_cs == 1);
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
