// expect: control
/* Calls through a pointer to a global int cast to a function pointer. */
#include <stdio.h>

static int not_code = 0x90c3;
typedef void (*handler_t)(void);

static void hello(void) { puts("hello"); }

int main(void)
{
    handler_t handlers[2] = { hello, (handler_t)(void *)&not_code };
    for (int i = 0; i < 2; i++)
        handlers[i](); // ERROR
    return 0;
}
