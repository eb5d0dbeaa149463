/* main spins until the other thread sets the flag: only a fair scheduler
 * guarantees that it ever does */
#include <pthread.h>

volatile int flag;

void *setter(void *arg)
{
    flag = 1;
    return arg;
}

int main(void)
{
    pthread_t t;
    pthread_create(&t, NULL, setter, NULL);
    while (!flag)
        ;
    pthread_join(t, NULL);
    return 0;
}
