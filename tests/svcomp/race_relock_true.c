// svcomp: no-data-race true
// The thread locks A's mutex twice and waits for ever (a deadlock, which
// violates no safety property); main uses whichever mutex guards the datum
// it writes, so no two writes race (goblint's 06-symbeq_11).
#include <pthread.h>
struct s { int datum; pthread_mutex_t mutex; } A = { 0, PTHREAD_MUTEX_INITIALIZER },
                                               B = { 0, PTHREAD_MUTEX_INITIALIZER };
extern int __VERIFIER_nondet_int(void);
void *t_fun(void *arg)
{
    pthread_mutex_lock(&A.mutex);
    A.datum = 5;
    pthread_mutex_lock(&A.mutex);
    return arg;
}
int main(void)
{
    pthread_t id;
    struct s *s = __VERIFIER_nondet_int() ? &A : &B;
    pthread_create(&id, 0, t_fun, 0);
    pthread_mutex_lock(&s->mutex);
    s->datum = 8;
    pthread_mutex_unlock(&s->mutex);
    return 0;
}
