// expect: valid
// options: -o check:race
// Atomic accesses never race: __atomic and __sync builtins, C11 _Atomic
// (atomicrmw, cmpxchg, atomic loads and stores).
#include <pthread.h>
#include <stdatomic.h>

int counter;
_Atomic int flag;
atomic_int total;

void *worker(void *arg)
{
    __atomic_fetch_add(&counter, 1, __ATOMIC_SEQ_CST);
    __sync_fetch_and_add(&counter, 1);
    int expected = 0;
    __atomic_compare_exchange_n(&counter, &expected, 5, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
    flag = 1;
    atomic_fetch_add(&total, flag);
    (void) __atomic_load_n(&counter, __ATOMIC_ACQUIRE);
    __atomic_store_n(&counter, 7, __ATOMIC_RELEASE);
    return arg;
}

int main(void)
{
    pthread_t a;
    pthread_create(&a, NULL, worker, NULL);
    worker(NULL);
    pthread_join(a, NULL);
    return atomic_load(&total) == 2 ? 0 : 1;
}
