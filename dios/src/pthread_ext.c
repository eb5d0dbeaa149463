/* Further waiting conditions (rwlocks, barriers, semaphores, once). */
#include "dios_internal.h"

int __dios_wait_done_ext( struct dios_state *s, struct __dios_task *t )
{
    ( void ) s;
    ( void ) t;
    return 1;
}
