// expect: valid
// options: -o check:race
// Two threads write neighbouring one-byte fields: different bytes do not race.
#include <pthread.h>

struct flags { char a; char b; } s;

void *worker(void *arg)
{
    s.a = 1;
    return arg;
}

int main(void)
{
    pthread_t t;
    pthread_create(&t, NULL, worker, NULL);
    s.b = 2;
    pthread_join(t, NULL);
    return s.a + s.b == 3 ? 0 : 1;
}
