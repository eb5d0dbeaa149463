/* <fenv.h>: the VM rounds to nearest and does not record exceptions. */
#define _GNU_SOURCE 1
#include <fenv.h>
#include <string.h>

int feclearexcept(int e) { (void)e; return 0; }
int fegetexceptflag(fexcept_t *f, int e) { (void)e; *f = 0; return 0; }
int feraiseexcept(int e) { (void)e; return 0; }
int fesetexceptflag(const fexcept_t *f, int e) { (void)f; (void)e; return 0; }
int fetestexcept(int e) { (void)e; return 0; }
int fegetround(void) { return FE_TONEAREST; }
int fesetround(int r) { return r == FE_TONEAREST ? 0 : -1; }

int fegetenv(fenv_t *env)
{
    memset(env, 0, sizeof *env);
    env->__control_word = 0x37f;
    env->__mxcsr = 0x1f80;
    return 0;
}

int feholdexcept(fenv_t *env) { return fegetenv(env); }
int fesetenv(const fenv_t *env) { (void)env; return 0; }
int feupdateenv(const fenv_t *env) { (void)env; return 0; }
