// A read of an empty pipe waits for the writer thread: `verify` finds no
// error.  With an argument, the program reads once more after the writer
// is done but before anyone closes the write end: every thread is blocked,
// a deadlock at the read.
#include <assert.h>
#include <pthread.h>
#include <unistd.h>

static int pfd[2];

static void *writer(void *arg)
{
    (void)arg;
    write(pfd[1], "a", 1);
    write(pfd[1], "b", 1);
    return NULL;
}

int main(int argc, char **argv)
{
    (void)argv;
    char c[2];
    if (pipe(pfd) != 0)
        return 2;
    pthread_t t;
    pthread_create(&t, NULL, writer, NULL);
    assert(read(pfd[0], c, 1) == 1 && c[0] == 'a');
    assert(read(pfd[0], c + 1, 1) == 1 && c[1] == 'b');
    pthread_join(t, NULL);
    if (argc > 1)
        read(pfd[0], c, 1); // DEADLOCK
    close(pfd[1]);
    assert(read(pfd[0], c, 1) == 0); /* the end of the file */
    close(pfd[0]);
    return 0;
}
