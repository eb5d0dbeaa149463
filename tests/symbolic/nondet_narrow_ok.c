// expect: valid
// options: --symbolic
/* a nondet kind declared narrower than its own width (size_t typedef'd
 * unsigned int, as an ILP32 task's .i has it) gives values of the declared
 * width: -1 is 0xffffffff, not a 64-bit value in a 32-bit register */
#include <assert.h>
typedef unsigned int size_t;
extern size_t __VERIFIER_nondet_size_t( void );
extern unsigned int __VERIFIER_nondet_ulong( void );

int main( void )
{
    size_t n = __VERIFIER_nondet_size_t();
    unsigned long long w = n;
    assert( w <= 0xffffffffULL );
    int m = n;
    assert( m >= 0 || n >> 31 == 1 );
    unsigned int u = __VERIFIER_nondet_ulong();
    assert( ( unsigned long long ) u + 1 != 0 );
    return 0;
}
