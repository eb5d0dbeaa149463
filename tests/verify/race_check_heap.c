// expect: error race
// options: -o check:race
// A race on a heap block both threads reach; the other field is only
// written by one thread.
#include <pthread.h>
#include <stdlib.h>

struct pair { int mine; int both; };

void *worker(void *arg)
{
    struct pair *p = arg;
    p->both = 1; // ERROR
    return 0;
}

int main(void)
{
    struct pair *p = malloc(sizeof *p);
    if (!p)
        return 0;
    p->mine = 0;
    p->both = 0;
    pthread_t a;
    pthread_create(&a, NULL, worker, p);
    p->mine = 5;
    int b = p->both; // ERROR
    pthread_join(a, NULL);
    free(p);
    return b - b;
}
