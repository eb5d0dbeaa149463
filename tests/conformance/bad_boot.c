// expect: boot-error
/* a program replacing DiOS's boot with one that sets no scheduler */
#include <sys/divm.h>

void __dios_boot( const struct _VM_Env *env )
{
    ( void ) env;
}

int main( void ) { return 0; }
