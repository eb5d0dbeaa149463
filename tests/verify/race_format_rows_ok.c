// expect: valid
// options: -o check:race
// Each thread formats into its own row of one array: sprintf writes what
// its conversions print (here at most 12 bytes of a row of 16), snprintf
// no more than that either, sscanf's %s no more than its input, memchr
// reads up to the byte it finds.
#include <pthread.h>
#include <stdio.h>
#include <string.h>
char out[2][16], cut[2][16], word[2][16];
struct { char a[8], b[8]; } s;
char buf[16] = "abc";
void *t(void *p)
{
    long i = (long)p;
    sprintf(out[i], "row %ld: %5.1f", i, 2.5 * i);
    snprintf(cut[i], 64, "%s%c", i ? "one" : "zero", '!');
    sscanf("hello there", "%s", word[i]);
    if (i)
        sprintf(s.b, "b%d", 2);
    else
        sprintf(s.a, "a%d", 1);
    return i ? 0 : memchr(buf, 'a', sizeof buf);
}
int main(void)
{
    pthread_t a, b;
    pthread_create(&a, 0, t, (void *)0);
    pthread_create(&b, 0, t, (void *)1);
    buf[10] = 'x';
    pthread_join(a, 0);
    pthread_join(b, 0);
    return 0;
}
