// expect: error assert
// options: --symbolic
/* the nondet kinds spelled out, as SV-COMP's nla tasks declare them */
#include <assert.h>
extern unsigned short __VERIFIER_nondet_unsigned_short( void );
extern signed char __VERIFIER_nondet_signed_char( void );
extern long long __VERIFIER_nondet_long_long( void );

int main( void )
{
    unsigned short a = __VERIFIER_nondet_unsigned_short();
    signed char c = __VERIFIER_nondet_signed_char();
    long long n = __VERIFIER_nondet_long_long();
    assert( !( a == 65535 && c == -128 && n == -( 1LL << 62 ) ) ); // ERROR
    return 0;
}
