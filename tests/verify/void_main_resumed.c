// expect: error control
// main returns nothing but DiOS calls it as int: the check must also hold
// when main's frame returns after its thread was parked (here at join)
#include <pthread.h>
int g;
void *t(void *a) { g = 1; return 0; }
void main(void) {
    pthread_t x;
    pthread_create(&x, 0, t, 0);
    pthread_join(x, 0);
} // ERROR
