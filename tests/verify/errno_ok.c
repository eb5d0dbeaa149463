// expect: valid
/* every thread has its own errno slot (DiOS's __dios_errno, which
 * libc-shim's __errno_location returns) */
#include <pthread.h>
#include <assert.h>

int *__dios_errno( void );

void *f( void *p )
{
    *__dios_errno() = 5;
    assert( *__dios_errno() == 5 );
    return __dios_errno();
}

int main( void )
{
    pthread_t t;
    void *other;
    *__dios_errno() = 3;
    pthread_create( &t, 0, f, 0 );
    assert( *__dios_errno() == 3 );
    pthread_join( t, &other );
    assert( other != __dios_errno() && *__dios_errno() == 3 );
    return 0;
}
