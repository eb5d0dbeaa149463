// expect: error memory
// the thread gets the address of pass 0's x and is joined only in pass 1: it
// may write after pass 0's x has ended (pass 1's x is another object, C11
// 6.2.4p6)
#include <pthread.h>
static void *work(void *arg)
{
    int *p = arg;
    *p = 5; // ERROR
    return 0;
}
int main(void)
{
    pthread_t t;
    for (int i = 0; i < 2; i++) {
        int x = i;
        if (i == 0)
            pthread_create(&t, 0, work, &x);
        else
            pthread_join(t, 0);
    }
    return 0;
}
