// expect: error assert
// options: -o cancel:deadlock
// Under -o cancel:deadlock (SV-COMP's rules) a thread that locks a mutex
// it holds waits for ever instead of ending the run: main goes on and
// sees stage == 1.  Were the relock the end of the path, as an error that
// is cut, the assertion could not fail.
#include <assert.h>
#include <pthread.h>
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int stage;
void *t(void *a)
{
    pthread_mutex_lock(&m);
    stage = 1;
    pthread_mutex_lock(&m);
    stage = 2;
    return a;
}
int main(void)
{
    pthread_t id;
    pthread_create(&id, 0, t, 0);
    assert(stage != 1);
    return 0;
}
