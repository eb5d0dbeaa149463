// expect: error undefined
// An undefined value in a register that lives across an interrupt point (a
// second thread exists) stays undefined when the thread is resumed.
#include <assert.h>
#include <pthread.h>
volatile char shared;

void *thread(void *arg) { return arg; }

int main(void)
{
    int undef;
    pthread_t tid;
    pthread_create(&tid, NULL, thread, NULL);
    shared = undef;
    shared &= 0xF0;
    shared |= 0x04;
    pthread_join(tid, NULL);
    assert((shared & 0x06) == 0x04);
    assert(shared == 0x05); // ERROR
    return 0;
}
