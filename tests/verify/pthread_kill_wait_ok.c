// expect: valid
// A thread that waits at a barrier runs the handler pthread_kill sends it
// while it waits, then waits on: the handler's sem_post lets main reach
// the barrier.  (When a waiting thread ran its handler only once woken,
// main and the thread waited for each other: a deadlock.)
#include <assert.h>
#include <pthread.h>
#include <semaphore.h>
#include <signal.h>
pthread_barrier_t b;
sem_t s;
volatile sig_atomic_t got;
void h(int sig)
{
    got = sig;
    sem_post(&s);
}
void *t(void *a)
{
    pthread_barrier_wait(&b);
    pthread_barrier_wait(&b);
    return a;
}
int main(void)
{
    pthread_t id;
    pthread_barrier_init(&b, 0, 2);
    sem_init(&s, 0, 0);
    signal(SIGUSR1, h);
    pthread_create(&id, 0, t, 0);
    pthread_barrier_wait(&b);
    assert(pthread_kill(id, SIGUSR1) == 0);
    sem_wait(&s);
    assert(got == SIGUSR1);
    pthread_barrier_wait(&b);
    pthread_join(id, 0);
    return 0;
}
