// expect: valid
// options: -o check:race
// Library calls on memory no other thread touches at the same time:
// disjoint parts of one buffer, and a buffer handed over by join.
#define _GNU_SOURCE
#include <pthread.h>
#include <string.h>
#include <stdio.h>

char buf[16];

void *t(void *p) {
    stpncpy(buf, "abc", 4);
    snprintf(buf + 8, 8, "%d", 42);
    return 0;
}

int main(void) {
    pthread_t th;
    pthread_create(&th, 0, t, 0);
    memset(buf + 4, 'x', 4);
    pthread_join(th, 0);
    return strlen(buf) == 3 && buf[8] == '4' ? 0 : 1;
}
