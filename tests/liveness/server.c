/* a client sends requests and a server answers each: every request is
 * eventually answered, provided both threads keep being scheduled */
#include <pthread.h>

volatile int req, resp, rounds;

void *server(void *arg)
{
    for (;;) {
        while (!req)
            ;
        req = 0; /* clear the request before answering, or a new one may be lost */
        resp = 1;
    }
    return arg;
}

int main(void)
{
    pthread_t t;
    pthread_create(&t, NULL, server, NULL);
    for (;;) {
        resp = 0;
        req = 1;
        while (!resp)
            ;
        rounds = !rounds;
    }
}
