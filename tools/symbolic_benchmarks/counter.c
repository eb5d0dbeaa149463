/* Two threads add symbolic amounts under a mutex; the total is their sum. */
#include <assert.h>
#include <pthread.h>
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);

int total;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

void *add(void *p) {
    int v = *(int *)p;
    for (int i = 0; i < 2; i++) {
        pthread_mutex_lock(&m);
        total += v;
        pthread_mutex_unlock(&m);
    }
    return 0;
}

int main(void) {
    int a = __VERIFIER_nondet_int(), b = __VERIFIER_nondet_int();
    __VERIFIER_assume(a > -1000 && a < 1000 && b > -1000 && b < 1000);
    pthread_t t1, t2;
    pthread_create(&t1, 0, add, &a);
    pthread_create(&t2, 0, add, &b);
    pthread_join(t1, 0);
    pthread_join(t2, 0);
    assert(total == 2 * (a + b));
    return 0;
}
