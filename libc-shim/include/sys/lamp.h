/* Symbolic inputs under DIVINE's names (`divm verify --symbolic`: each call
 * returns a fresh input of its width; without --symbolic, like the
 * matching __VERIFIER_nondet_* call). */
#ifndef _SYS_LAMP_H
#define _SYS_LAMP_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

uint8_t  __lamp_any_i8( void );
uint16_t __lamp_any_i16( void );
uint32_t __lamp_any_i32( void );
uint64_t __lamp_any_i64( void );
float    __lamp_any_float32( void );
double   __lamp_any_float64( void );
float    __lamp_any_f32( void );
double   __lamp_any_f64( void );

#ifdef __cplusplus
}
#endif

#endif
