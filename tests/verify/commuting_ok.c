// expect: valid
/* two threads that write different globals: every order of their steps
 * ends in the same states (tests/test_store.py checks the diamonds close) */
#include <pthread.h>

int x, y;

void *set_x(void *p) { x = 1; return p; }
void *set_y(void *p) { y = 1; return p; }

int main(void)
{
    pthread_t a, b;
    pthread_create(&a, 0, set_x, 0);
    pthread_create(&b, 0, set_y, 0);
    pthread_join(a, 0);
    pthread_join(b, 0);
    return x + y - 2;
}
