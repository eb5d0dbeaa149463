/* <sys/trace.h>: DiOS's tracing calls (as in DIVINE's DiOS), declared by
 * <dios.h>: __dios_trace_f (printf into the trace) and __dios_trace_t. */
#ifndef __SYS_TRACE_H__
#define __SYS_TRACE_H__
#include <dios.h>
#endif
