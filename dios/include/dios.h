/* The public interface of DiOS, the operating system running inside divm. */
#ifndef __DIOS_H__
#define __DIOS_H__

#include <sys/divm.h>
#include <sys/fault.h>
#include <sys/interrupt.h>
#include <sys/task.h>
#include <sys/trace.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Leave the calling function: continue frame `to` at pc (a label's address
 * in to's function: `&&label`).  restore_mask: 0 or 1 sets the interrupt
 * mask so, -1 leaves it. */
static inline __attribute__((__always_inline__, __noreturn__))
void __dios_jump( struct _VM_Frame *to, void ( *pc )( void ), int restore_mask )
{
    if ( restore_mask == 0 )
        __vm_ctl_flag( _DiOS_CF_Mask, 0 );
    else if ( restore_mask == 1 )
        __vm_ctl_flag( 0, _DiOS_CF_Mask );
    __vm_ctl_set( _VM_CR_Frame, to, pc );
    __builtin_unreachable();
}

#ifdef __cplusplus
}
#endif
#endif
