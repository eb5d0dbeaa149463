// svcomp: unreach-call false(unreach-call) time=120 target=19
// main never stops making threads, so no search ends; but checker can
// run between writer's two stores and see g0 != g1 a few steps from the
// start.  A depth-first search follows main's endless run instead and
// never gets there: divm svcomp searches threaded programs breadth first.
#include <pthread.h>

extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int g0, g1;

void *writer(void *arg) {
    g0 = 1;
    g1 = 1;
    return 0;
}
void *checker(void *arg) {
    if (g0 != g1) reach_error();
    return 0;
}
void *idle(void *arg) { return 0; }

int main(void) {
    pthread_t t;
    pthread_create(&t, 0, writer, 0);
    pthread_create(&t, 0, checker, 0);
    while (1)
        pthread_create(&t, 0, idle, 0);
}
