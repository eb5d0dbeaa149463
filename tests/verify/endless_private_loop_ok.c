// expect: valid
/* A thread that loops forever without touching shared memory: each transition
 * runs LOOP_LIMIT passes and comes back to the same state, so the search ends. */
#include <pthread.h>
#include <assert.h>
int flag;
void *spinner(void *a) { for (;;) { } return a; }
void *setter(void *a) { flag = 1; return a; }
int main(void) {
    pthread_t s, t;
    pthread_create(&s, 0, spinner, 0);
    pthread_create(&t, 0, setter, 0);
    pthread_join(t, 0);
    assert(flag == 1);
    return 0;
}
