// expect: valid
// options: -o check:race
// An asynchronously cancelled thread parked before its write never makes
// it: its frame is no longer the one parked there (no stale access).  Its
// write can happen before the cancellation, but then never right next to
// the main thread's.
#include <pthread.h>

int x;

void *worker(void *arg)
{
    pthread_setcanceltype(PTHREAD_CANCEL_ASYNCHRONOUS, NULL);
    x = 1;
    return arg;
}

int main(void)
{
    pthread_t t;
    pthread_create(&t, NULL, worker, NULL);
    pthread_cancel(t);
    x = 2;
    pthread_join(t, NULL);
    return 0;
}
