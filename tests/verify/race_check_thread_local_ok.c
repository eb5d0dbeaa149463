// expect: valid
// options: -o check:race
// Each thread writes its own copy of a thread-local variable: no race.
#include <pthread.h>

_Thread_local int mine;

void *worker(void *arg)
{
    mine = 1;
    return arg;
}

int main(void)
{
    pthread_t t;
    pthread_create(&t, NULL, worker, NULL);
    mine = 2;
    pthread_join(t, NULL);
    return mine == 2 ? 0 : 1;
}
