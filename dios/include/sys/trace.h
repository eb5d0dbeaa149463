/* Text attached to the current transition (not program output). */
#ifndef __SYS_TRACE_H__
#define __SYS_TRACE_H__

#include <stdarg.h>

#ifdef __cplusplus
extern "C" {
#endif

void __dios_trace_f( const char *fmt, ... ) __attribute__((format(printf, 1, 2)));
void __dios_trace_t( const char *text );
void __dios_trace_v( const char *fmt, va_list ap );
/* indented by indent levels of two spaces */
void __dios_trace_i( int indent, const char *fmt, ... ) __attribute__((format(printf, 2, 3)));
void __dios_trace( int indent, const char *fmt, ... ) __attribute__((format(printf, 2, 3)));

#ifdef __cplusplus
}
#endif
#endif
