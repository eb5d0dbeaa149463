// expect: error assert
/* The user registers are part of the state: two states alike in memory but
 * for _VM_CR_User1 are two states (the second one fails). */
#include <assert.h>
#include <pthread.h>
#include <sys/divm.h>

int x;

void *idle(void *p) { return p; }

int main(void)
{
    pthread_t t;
    pthread_create(&t, 0, idle, 0);  /* two threads: interrupt points are live */
    if (__vm_choose(2))  /* the failing choice second: it reaches a state seen after the first */
        __vm_ctl_set(_VM_CR_User1, (void *)2L);
    else
        __vm_ctl_set(_VM_CR_User1, (void *)1L);
    x = 1;  /* a visible access: the states before it are compared */
    x = 2;
    assert(__vm_ctl_get(_VM_CR_User1) != (void *)2L); // ERROR
    pthread_join(t, 0);
    return 0;
}
