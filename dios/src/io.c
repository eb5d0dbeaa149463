/* Blocking for libc-shim's file system (a pipe's reader waiting for data,
 * a writer waiting for room, an open of a FIFO waiting for the other end):
 * the thread is parked until a word of the file system's data is 0.  It is
 * the spin-lock wait (its condition is "the word is 0"), so the scheduler
 * never offers a thread whose word is still set, and a program whose every
 * live thread waits is a deadlock, as with mutexes. */
#include "dios_internal.h"
#include <sys/dios_syscall.h>

void __dios_wait_zero( volatile int *word )
{
    while ( *word )
        __dios_block( WAIT_SPIN, ( void * ) word, 0 );
}
