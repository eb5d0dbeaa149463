// expect: error race
// options: -o check:race
// two library calls race with each other: both threads store the time
// into one variable (neither call is a plain access of the program)
#include <pthread.h>
#include <time.h>
time_t stamp;
void *t(void *p)
{
    time(&stamp); // ERROR
    return p;
}
int main(void)
{
    pthread_t a, b;
    pthread_create(&a, 0, t, 0);
    pthread_create(&b, 0, t, 0);
    pthread_join(a, 0);
    pthread_join(b, 0);
    return 0;
}
