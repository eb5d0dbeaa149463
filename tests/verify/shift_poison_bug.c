// expect: error undefined
// A shift by the bit width makes no value (LLVM's poison, undefined in
// C); the error is where a branch depends on it, and the report says where
// the value was made (the line marked ORIGIN: error.origin).
#include <stdio.h>

int main(void)
{
    unsigned z = 0;
    for (unsigned i = 0; i <= 32; i++)
        z += 1u << i;  // ORIGIN
    if (z == 0xffffffffu)  // ERROR
        puts("all bits");
    return 0;
}
