// expect: error control
// A thread function of type void(int), cast to the void *(*)(void *)
// pthread_create takes (as some SV-COMP pthread tasks do): the thread's
// start routine expects a pointer back and gets nothing.  It returns after
// the mutex let another thread run (a frame resumed by the VM), so the
// value reaches the call in DiOS's thread start from a parked frame.
#include <pthread.h>
int shared;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
void add(int x) { pthread_mutex_lock(&m); shared += x; pthread_mutex_unlock(&m); } // ERROR
int main(void)
{
    pthread_t t;
    pthread_create(&t, 0, (void *(*)(void *))add, (void *)1);
    pthread_mutex_lock(&m);
    shared += 2;
    pthread_mutex_unlock(&m);
    pthread_join(t, 0);
    return 0;
}
