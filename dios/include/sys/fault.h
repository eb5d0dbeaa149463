/* How DiOS treats each kind of fault, and simulated failures. */
#ifndef __SYS_FAULT_H__
#define __SYS_FAULT_H__

#include <sys/divm.h>

/* set while the fault configured _DiOS_FC_Detect happened */
static const uint64_t _DiOS_CF_Fault = _VM_CFB_OS << 2;

/* kinds DiOS itself may raise, after the VM's _VM_F_* */
enum _DiOS_Fault
{
    _DiOS_F_Threading = _VM_F_Last,
    _DiOS_F_Assert,
    _DiOS_F_Config,
    _DiOS_F_Exit,
    _DiOS_F_Syscall,
    _DiOS_F_Last
};

/* operations that may fail by choice (as they can in reality) */
enum _DiOS_SimFail
{
    _DiOS_SF_First = _DiOS_F_Last,
    _DiOS_SF_Malloc = _DiOS_SF_First,
    _DiOS_SF_Last
};

enum _DiOS_FaultConfig
{
    _DiOS_FC_EInvalidCfg = -3,   /* a simfail setting for a fault, or the reverse */
    _DiOS_FC_EInvalidFault = -2, /* no such fault or simfail */
    _DiOS_FC_ELocked = -1,       /* fixed by a force-* option */
    _DiOS_FC_Ignore = 0,         /* faults: carry on */
    _DiOS_FC_Report,             /* an error */
    _DiOS_FC_Detect,             /* carry on, setting _DiOS_CF_Fault */
    _DiOS_FC_Abort,              /* an error (the default) */
    _DiOS_FC_NoFail,             /* simfails: never fail */
    _DiOS_FC_SimFail             /* simfails: may fail (a choice) */
};

#ifdef __cplusplus
extern "C" {
#endif

/* set the configuration of a fault or simfail; returns the previous one or an error */
int __dios_configure_fault( int fault, int cfg );
/* the configuration of a fault or simfail, or _DiOS_FC_EInvalidFault */
int __dios_get_fault_config( int fault );
/* raise a fault of kind _VM_F_* with a message, as if the VM had detected it */
void __dios_fault( int kind, const char *msg );

#ifdef __cplusplus
}
#endif
#endif
