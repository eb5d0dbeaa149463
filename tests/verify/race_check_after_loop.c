// expect: error race
// options: -o check:race
// The racy write comes right after a long private loop, which is
// interrupted (loop limit) before it: the thread resumes and must park
// before the write.
#include <pthread.h>

int x;

void *worker(void *arg)
{
    volatile int sum = 0;
    for (int i = 0; i < 1500; i++)
        sum += i;
    x = sum; // ERROR
    return arg;
}

int main(void)
{
    pthread_t a;
    pthread_create(&a, NULL, worker, NULL);
    int seen = x; // ERROR
    pthread_join(a, NULL);
    return seen - seen;
}
