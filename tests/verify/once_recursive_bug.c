// expect: error deadlock
/* the init routine calls pthread_once on its own control: it would wait for itself */
#include <pthread.h>

pthread_once_t once = PTHREAD_ONCE_INIT;

void init( void )
{
    pthread_once( &once, init ); // ERROR
}

int main( void )
{
    pthread_once( &once, init );
    return 0;
}
