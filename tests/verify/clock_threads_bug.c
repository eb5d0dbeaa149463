// expect: error assert
// options: -o clock-type:det
// Two threads read a ticking clock: which one reads first is up to the
// schedule, so the worker may see the later time (the reading is a
// visible action, so both orders are explored).
#include <assert.h>
#include <pthread.h>
#include <time.h>

time_t seen;

void *worker(void *arg)
{
    (void)arg;
    seen = time(0);
    return 0;
}

int main(void)
{
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    time_t mine = time(0);
    pthread_join(t, 0);
    assert(mine != seen);  /* each reading ticks: always true */
    assert(seen < mine);   // ERROR
    return 0;
}
