// expect: error race
// options: -o check:race
// A library call writes the buffer the other thread writes: strsep and
// stpncpy are not among the calls that park their thread before them,
// but what they do to the program's memory is remembered.
#define _GNU_SOURCE
#include <pthread.h>
#include <string.h>

char buf[8];
char src[8] = "abcdefg";

void *t(void *p) {
    stpncpy(buf, src, 8); // ERROR
    return 0;
}

int main(void) {
    pthread_t th;
    pthread_create(&th, 0, t, 0);
    buf[2] = 1; // ERROR
    pthread_join(th, 0);
    return 0;
}
