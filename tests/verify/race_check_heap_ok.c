// expect: valid
// options: -o check:race
// Different fields of one heap block do not race; the main thread reads
// the worker's field only after joining it.
#include <pthread.h>
#include <stdlib.h>

struct pair { int a; int b; };

void *worker(void *arg)
{
    struct pair *p = arg;
    p->b = 1;
    return 0;
}

int main(void)
{
    struct pair *p = malloc(sizeof *p);
    if (!p)
        return 0;
    p->b = 0;
    pthread_t t;
    pthread_create(&t, NULL, worker, p);
    p->a = 5;
    pthread_join(t, NULL);
    int r = p->a + p->b;
    free(p);
    return r == 6 ? 0 : 1;
}
