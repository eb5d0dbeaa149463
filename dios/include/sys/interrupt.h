/* Scheduling points and the interrupt mask. */
#ifndef __SYS_INTERRUPT_H__
#define __SYS_INTERRUPT_H__

#include <sys/divm.h>

/* While masked, the running task is not interrupted (no interleaving at
 * memory accesses or loops; blocking or __dios_suspend still switches). */
static const uint64_t _DiOS_CF_Mask = _VM_CF_IgnoreCrit | _VM_CF_IgnoreLoop;

#ifdef __cplusplus
extern "C" {
#endif

/* give up the processor: a scheduling point (ends the transition) */
void __dios_suspend( void );
void __dios_reschedule( void );
/* set (1) or clear (0) the mask; returns whether it was set */
int __dios_mask( int set );

#ifdef __cplusplus
}
#endif
#endif
