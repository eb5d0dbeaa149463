// expect: error race
// options: -o check:race
// memchr reads up to the byte it finds: past buf[10], which the other
// thread writes.
#include <pthread.h>
#include <string.h>
char buf[16] = "0123456789ab";
void *t(void *p)
{
    return memchr(buf, 'b', sizeof buf); // ERROR
}
int main(void)
{
    pthread_t a;
    pthread_create(&a, 0, t, 0);
    buf[10] = 'x'; // ERROR
    pthread_join(a, 0);
    return 0;
}
