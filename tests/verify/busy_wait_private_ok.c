// expect: valid
/* Private work in loops (a local array) needs no interleaving with the
 * busy-waiting thread; the shared flag is what they race on. */
#include <pthread.h>
#include <assert.h>
volatile int flag;
void *waiter(void *a) { while (!flag) { } return a; }
int main(void) {
    pthread_t s;
    pthread_create(&s, 0, waiter, 0);
    int local[64];
    for (int i = 0; i < 64; i++) local[i] = i;
    int sum = 0;
    for (int i = 0; i < 64; i++) sum += local[i];
    flag = sum;
    pthread_join(s, 0);
    assert(sum == 2016);
    return 0;
}
