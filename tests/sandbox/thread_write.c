// Two threads increment a counter kept in a file (--file counter.txt=...)
// without a lock: read, add one, write back.  One interleaving loses an
// update, which `divm verify` must find.  With argument "lock" they hold a
// mutex and the program is correct.
#include <assert.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static int locked;

static int get(void)
{
    char b[16] = { 0 };
    int fd = open("counter.txt", O_RDONLY);
    if (fd < 0)
        return -1;
    read(fd, b, sizeof b - 1);
    close(fd);
    return atoi(b);
}

static void put(int v)
{
    char b[16];
    int n = snprintf(b, sizeof b, "%d\n", v);
    int fd = open("counter.txt", O_WRONLY | O_TRUNC);
    write(fd, b, n);
    close(fd);
}

static void *worker(void *arg)
{
    (void)arg;
    if (locked)
        pthread_mutex_lock(&m);
    put(get() + 1);
    if (locked)
        pthread_mutex_unlock(&m);
    return 0;
}

int main(int argc, char **argv)
{
    locked = argc > 1 && !strcmp(argv[1], "lock");
    int start = get();
    assert(start >= 0);
    pthread_t t1, t2;
    pthread_create(&t1, 0, worker, 0);
    pthread_create(&t2, 0, worker, 0);
    pthread_join(t1, 0);
    pthread_join(t2, 0);
    int end = get();
    printf("counter %d -> %d\n", start, end);
    assert(end == start + 2);
    return 0;
}
