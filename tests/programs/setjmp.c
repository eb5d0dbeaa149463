/* setjmp/longjmp: simple, nested buffers, from deep recursion, value 0
 * turned into 1, volatile locals keeping their values, re-entry loops.
 * setjmp is only used in the contexts C allows (a whole controlling
 * expression, compared with a constant, or a switch selector); thrown
 * values are also recorded in a global. */
#include <stdio.h>
#include <setjmp.h>
#include <string.h>

static jmp_buf env_outer, env_inner;
static int depth_reached;
static int thrown;

static void dive(int depth, int limit)
{
    char pad[64];
    memset(pad, depth & 0xff, sizeof pad);
    depth_reached = depth + pad[depth % 64] - (depth & 0xff);
    if (depth == limit) {
        thrown = depth;
        longjmp(env_outer, depth);
    }
    dive(depth + 1, limit);
    printf("never printed\n");
}

static void thrower(int code)
{
    if (code) {
        thrown = code;
        longjmp(env_inner, code);
    }
}

static int try_catch(int code)
{
    volatile int stage = 0;
    if (setjmp(env_inner) == 0) {
        stage = 1;
        thrower(code);
        stage = 2;
        return 100 + stage;
    }
    return thrown * 10 + stage;
}

static jmp_buf loop_env;
static int loop_count;

int main(void)
{
    switch (setjmp(env_outer)) {
    case 0:
        printf("first return from setjmp\n");
        dive(0, 50);
        break;
    case 50:
        printf("returned 50 from deep recursion, depth_reached %d\n", depth_reached);
        break;
    default:
        printf("unexpected value\n");
        break;
    }
    int t0 = try_catch(0), t3 = try_catch(3), t7 = try_catch(7);
    printf("try_catch: %d %d %d\n", t0, t3, t7);

    /* longjmp with value 0 makes setjmp return 1 */
    static jmp_buf zero_env;
    volatile int passes = 0;
    switch (setjmp(zero_env)) {
    case 0:
        passes++;
        longjmp(zero_env, 0);
    case 1:
        passes++;
        printf("longjmp(0) -> setjmp returned 1, passes %d\n", passes);
        break;
    default:
        printf("wrong value\n");
    }

    /* nested: inner handler rethrows to outer */
    volatile int log_ = 0;
    if (setjmp(env_outer) == 0) {
        if (setjmp(env_inner) == 0) {
            log_ = log_ * 10 + 1;
            thrown = 2;
            longjmp(env_inner, 2);
        } else {
            log_ = log_ * 10 + thrown;
            thrown = 3;
            longjmp(env_outer, 3);
        }
    } else {
        log_ = log_ * 10 + thrown;
    }
    printf("nested log %d\n", log_);

    /* a loop made of longjmp */
    volatile int acc = 0;
    if (setjmp(loop_env) != 0) acc += loop_count;
    if (++loop_count < 10) longjmp(loop_env, loop_count);
    printf("loop_count %d acc %d\n", loop_count, acc);
    return 0;
}
