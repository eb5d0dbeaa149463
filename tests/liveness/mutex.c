/* Peterson's algorithm, each thread entering its critical section forever */
#include <pthread.h>

volatile int flag[2], turn;
struct { volatile int in_cs[2]; } state;

void *proc(void *arg)
{
    int me = (int)(long)arg, other = 1 - me;
    for (;;) {
        flag[me] = 1;
        turn = other;
        while (flag[other] && turn == other)
            ;
        state.in_cs[me] = 1; /* critical section */
        state.in_cs[me] = 0;
        flag[me] = 0;
    }
    return 0;
}

int main(void)
{
    pthread_t a;
    pthread_create(&a, NULL, proc, (void *)1L);
    proc((void *)0L);
    return 0;
}
