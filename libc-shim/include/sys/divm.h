/* The hypercall interface of the divm virtual machine.
 *
 * Names, constants and meanings follow the DiVM reference interface so that
 * programs written for it keep working.  The VM reads the numeric values in
 * this file too (divm/abi.py mirrors them); change both together. */

#ifndef __SYS_DIVM_H__
#define __SYS_DIVM_H__

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#define __DIVM_NOTHROW noexcept
#else
#define __DIVM_NOTHROW __attribute__((__nothrow__))
#endif

/* A pointer is a 32-bit object id (high half) and a 32-bit offset. */
enum { _VM_PM_Off = 0x00000000FFFFFFFFull, _VM_PM_Obj = 0xFFFFFFFF00000000ull };
enum { _VM_PB_Full = 64, _VM_PB_Obj = 32, _VM_PB_Off = 32 };

/* Object classes; the class is encoded in the range of the object id. */
enum _VM_PointerType { _VM_PT_Global, _VM_PT_Code, _VM_PT_Alloca, _VM_PT_Heap,
                       _VM_PT_Marked, _VM_PT_Weak };

enum { _VM_PL_Global = 0x00080000,
       _VM_PL_Code   = 0x00100000,
       _VM_PL_Alloca = 0x10000000,
       _VM_PL_Heap   = 0xF0000000,
       _VM_PL_Marked = 0xF7000000 };

static inline int __vm_pointer_type( uint32_t objid )
{
    if ( objid < _VM_PL_Global ) return _VM_PT_Global;
    if ( objid < _VM_PL_Code )   return _VM_PT_Code;
    if ( objid < _VM_PL_Alloca ) return _VM_PT_Alloca;
    if ( objid < _VM_PL_Heap )   return _VM_PT_Heap;
    if ( objid < _VM_PL_Marked ) return _VM_PT_Marked;
    return _VM_PT_Weak;
}

/* Shadow layers readable with __vm_peek and writable with __vm_poke. */
enum _VM_MemLayer { _VM_ML_Pointers, _VM_ML_Definedness, _VM_ML_Taints, _VM_ML_User };

/* An activation frame: the VM keeps the caller's frame and the resume point;
 * function arguments follow in 8-byte slots for a frame the OS builds. */
struct _VM_Frame
{
    void ( *pc )( void );
    struct _VM_Frame *parent;
};

enum _VM_Fault
{
    _VM_F_NoFault,
    _VM_F_Assert,
    _VM_F_Integer,
    _VM_F_Float,
    _VM_F_Memory,
    _VM_F_Leak,
    _VM_F_Control,
    _VM_F_Locking,
    _VM_F_Hypercall,
    _VM_F_Access,
    _VM_F_NotImplemented,
    _VM_F_Undefined,   /* divm: control flow or address depends on undefined bits */
    _VM_F_Deadlock,    /* divm: raised by DiOS */
    _VM_F_Last
};

enum _VM_Trace
{
    _VM_T_Text,        /* ( const char *text ) */
    _VM_T_Fault,       /* divm: ( int kind, const char *text ) raise a fault of that kind */
    _VM_T_SchedChoice, /* ( void *info ) */
    _VM_T_SchedInfo,   /* ( int pid, int tid ) */
    _VM_T_TaskID,      /* ( void *id ) */
    _VM_T_StateType,   /* ( void *state ) */
    _VM_T_Info,        /* ( const char *yaml ) */
    _VM_T_Assume,      /* ( void *path_condition ) */
    _VM_T_LeakCheck,   /* () */
    _VM_T_TypeAlias,   /* ( void *, const char * ) */
    _VM_T_DebugPersist,/* ( void **, void * ) */
    _VM_T_Output = 16, /* divm: ( int fd, const void *buf, int len ) program output */
    _VM_T_Exit = 17,   /* divm: ( int status ) the program exited */
    _VM_T_Backtrace = 18 /* divm: ( struct _VM_Frame * ) the next fault happened in this parked frame */
};

static const uint64_t _VM_CF_None        = 0;
static const uint64_t _VM_CF_IgnoreLoop  = 0x1;
static const uint64_t _VM_CF_IgnoreCrit  = 0x2;
static const uint64_t _VM_CF_Accepting   = 0x4;
static const uint64_t _VM_CF_Error       = 0x8;
static const uint64_t _VM_CF_Cancel      = 0x10;
static const uint64_t _VM_CF_KernelMode  = 0x20;
static const uint64_t _VM_CF_DebugMode   = 0x40;
static const uint64_t _VM_CF_AutoSuspend = 0x80;
static const uint64_t _VM_CF_KeepFrame   = 0x100;
static const uint64_t _VM_CF_Booting     = 0x200;
static const uint64_t _VM_CF_Stop        = 0x400;
static const uint64_t _VM_CF_Threads     = 0x800;  /* divm: several threads exist, interrupt points are live */

static const uint64_t _VM_CFB_VM        = 1ull <<  0;
static const uint64_t _VM_CFB_OS        = 1ull << 16;
static const uint64_t _VM_CFB_Transform = 1ull << 32;
static const uint64_t _VM_CFB_Alg       = 1ull << 48;

enum _VM_ControlRegister
{
    _VM_CR_Constants,   /* read-only,  pointer */
    _VM_CR_Globals,     /* read-write, pointer */
    _VM_CR_Frame,       /* read-write, pointer; setting it transfers control */
    _VM_CR_User1,
    _VM_CR_User2,
    _VM_CR_User3,
    _VM_CR_User4,
    _VM_CR_Flags,       /* read-write, _VM_CF_* */
    _VM_CR_ObjIdShuffle,
    _VM_CR_PersistLast,
    _VM_CR_PC = _VM_CR_PersistLast,
    _VM_CR_Scheduler,   /* set during boot, function pointer */
    _VM_CR_State,       /* set during boot, pointer */
    _VM_CR_FaultHandler,/* set during boot, function pointer */
    _VM_CR_Task,        /* divm: transient, 0 at the start of every transition
                         * (DiOS keeps the running task here: not in memory,
                         * so scheduling writes no object) */
    _VM_CR_Last
};

/* The environment handed to __boot: an array ended by a null key. */
struct _VM_Env
{
    const char *key;
    const char *value;
    int size;
};

enum _VM_MemAccessType { _VM_MAT_Load = 0x1, _VM_MAT_Store = 0x2, _VM_MAT_Both = 0x3 };

/* Provided by the OS: set the scheduler, state and fault handler registers.
 * After __boot returns, the VM calls the scheduler with a fresh frame at
 * the start of every transition. */
void __boot( const struct _VM_Env *env );

typedef void ( *__vm_fault_t )( enum _VM_Fault type, struct _VM_Frame *cont_frame,
                                void ( *cont_pc )( void ) );

void     __vm_ctl_set( enum _VM_ControlRegister reg, void *val, ... ) __DIVM_NOTHROW;
/* divm: __vm_ctl_get( _VM_CR_Frame, n ) gives the frame of the activation
 * n calls out from the caller's (1: the caller's caller) */
void    *__vm_ctl_get( enum _VM_ControlRegister reg, ... ) __DIVM_NOTHROW;
uint64_t __vm_ctl_flag( uint64_t clear, uint64_t set ) __DIVM_NOTHROW;

/* Interrupt points: 'yes' is called when the VM decides the transition must
 * end here; it is expected to save the thread's frame and __vm_suspend(). */
void __vm_test_crit( void *addr, int size, int access, void ( *yes )( void ) ) __DIVM_NOTHROW;
void __vm_test_loop( int counter, void ( *yes )( void ) ) __DIVM_NOTHROW;

/* Returns 0..n-1; optional variadic weights serve random runs. */
int __vm_choose( int n, ... ) __DIVM_NOTHROW;

/* divm: fn( arg ), for a fn whose result depends only on arg and memory and
 * which writes nothing: the VM may give the result of an earlier call made
 * on the same memory (every successor of a state starts from the same) */
uint64_t __vm_memo( uint64_t ( *fn )( void * ), void *arg ) __DIVM_NOTHROW;

void __vm_trace( enum _VM_Trace type, ... ) __DIVM_NOTHROW;

void *__vm_obj_make( int size, int type ) __DIVM_NOTHROW;
void  __vm_obj_resize( void *ptr, int size ) __DIVM_NOTHROW;
void  __vm_obj_free( void *ptr ) __DIVM_NOTHROW;
int   __vm_obj_size( const void * ) __DIVM_NOTHROW;
void *__vm_obj_clone( const void *root, const void **block ) __DIVM_NOTHROW;
/* another thread may now reach ptr's object, and everything it points to */
void  __vm_obj_shared( void *ptr ) __DIVM_NOTHROW;

/* Memory metadata of object objid at [offset, offset + len).  Layers from
 * _VM_ML_User keep intervals of values: __vm_poke attaches val to the range
 * (replacing what it overlaps), __vm_peek gives the first interval meeting
 * the range ({0, 0, 0} if none), offset relative to the object.
 * _VM_ML_Definedness: the value is a mask of defined bits (one byte at
 * offset for peek, every byte of the range for poke); _VM_ML_Pointers
 * (peek only): the pointer slot meeting the range, value 1.  A freed or
 * invalid object, or a range out of its bounds, is a fault. */
typedef struct { uint32_t offset, length, value; } __vm_meta_t;
__vm_meta_t __vm_peek( int key, uint32_t objid, int offset, int len ) __DIVM_NOTHROW;
void        __vm_poke( int key, uint32_t objid, int offset, int len, uint32_t val ) __DIVM_NOTHROW;

/* a pointer taken apart: object id and offset (the layout above) */
typedef struct { uint32_t off, obj; } __vm_pointer_t;

static inline __vm_pointer_t __vm_pointer_split( void *ptr )
{
    __vm_pointer_t r;
    r.off = ( uint32_t )( uintptr_t ) ptr;
    r.obj = ( uint32_t )( ( uintptr_t ) ptr >> 32 );
    return r;
}

static inline void *__vm_pointer_make( uint32_t obj, uint32_t off )
{
    return ( void * )( ( ( uintptr_t ) obj << 32 ) | off );
}

static inline __attribute__((always_inline)) void __vm_suspend( void )
{
    __vm_ctl_set( _VM_CR_Frame, 0 );
}

static inline __attribute__((always_inline)) void __vm_cancel( void )
{
    __vm_ctl_flag( 0, _VM_CF_Cancel );
    __vm_ctl_set( _VM_CR_Frame, 0 );
}

#ifdef __cplusplus
}
#endif
#undef __DIVM_NOTHROW

/* DiOS's scheduling points (__dios_reschedule, __dios_suspend): programs
 * written for DIVINE call them with only this header included, and an
 * implicit declaration would call these void functions as int ones (a
 * control fault when they return) */
#include <sys/interrupt.h>
#endif
