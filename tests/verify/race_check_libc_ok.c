// expect: valid
// options: -o check:race
// C library calls on disjoint bytes of one array, or only reading, or
// stopping before the bytes the other thread writes, do not race.
#include <pthread.h>
#include <string.h>

char buf[32] = "left";
char other[8] = "ab";

void *worker(void *arg)
{
    strcpy(buf + 16, "right");          // bytes 16-21; main reads 0-4 and 8-9
    memset(buf + 24, 'z', 4);
    other[5] = 'q';                      // past the NUL strcmp stops at
    return arg;
}

int main(void)
{
    pthread_t a;
    pthread_create(&a, NULL, worker, NULL);
    size_t n = strlen(buf);
    int c = strcmp(other, "ax");         // differs at byte 1
    int d = memcmp(buf, "lx", 2);
    strcpy(buf + 8, "m");
    pthread_join(a, NULL);
    return (int) n + c + d > 100;
}
