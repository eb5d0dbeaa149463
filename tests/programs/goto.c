/* goto: loops and cleanup chains; computed goto (GNU labels as values):
 * a threaded-code interpreter and a dispatch table of label addresses. */
#include <stdio.h>
#include <stdlib.h>

static int cleanup_chain(int fail_at)
{
    int result = -1;
    char *a = NULL, *b = NULL, *c = NULL;
    a = malloc(16);
    if (!a) goto out;
    if (fail_at == 1) goto free_a;
    b = malloc(32);
    if (!b) goto free_a;
    if (fail_at == 2) goto free_b;
    c = malloc(64);
    if (!c) goto free_b;
    if (fail_at == 3) goto free_c;
    result = 0;
free_c:
    free(c);
free_b:
    free(b);
free_a:
    free(a);
out:
    printf("cleanup_chain(%d) = %d\n", fail_at, result);
    return result;
}

static int goto_loop(int n)
{
    int i = 0, s = 0;
again:
    if (i >= n) goto done;
    s += i * i;
    i++;
    goto again;
done:
    return s;
}

/* bytecode: 0=halt 1=push imm 2=add 3=mul 4=dup 5=jnz(target) 6=dec 7=print 8=swap */
static long run(const int *code)
{
    static void *dispatch[] = { &&op_halt, &&op_push, &&op_add, &&op_mul, &&op_dup, &&op_jnz, &&op_dec, &&op_print, &&op_swap };
    long stack[16];
    int sp = 0;
    const int *pc = code;
    long steps = 0;
#define NEXT do { steps++; goto *dispatch[*pc++]; } while (0)
    NEXT;
op_push:
    stack[sp++] = *pc++;
    NEXT;
op_add:
    sp--; stack[sp - 1] += stack[sp];
    NEXT;
op_mul:
    sp--; stack[sp - 1] *= stack[sp];
    NEXT;
op_dup:
    stack[sp] = stack[sp - 1]; sp++;
    NEXT;
op_jnz: {
        int target = *pc++;
        if (stack[sp - 1] != 0) pc = code + target;
        NEXT;
    }
op_dec:
    stack[sp - 1]--;
    NEXT;
op_print:
    printf("vm print %ld\n", stack[sp - 1]);
    NEXT;
op_swap: {
        long t = stack[sp - 1]; stack[sp - 1] = stack[sp - 2]; stack[sp - 2] = t;
        NEXT;
    }
op_halt:
#undef NEXT
    printf("vm steps %ld\n", steps);
    return sp > 0 ? stack[sp - 1] : 0;
}

static const char *label_of(int i)
{
    void *targets[] = { &&l0, &&l1, &&l2 };
    goto *targets[i % 3];
l0: return "label0";
l1: return "label1";
l2: return "label2";
}

int main(void)
{
    cleanup_chain(0);
    cleanup_chain(1);
    cleanup_chain(2);
    cleanup_chain(3);
    printf("goto_loop(10) = %d\n", goto_loop(10));
    /* a straight-line program exercising push, dup, swap, dec and print */
    const int sum_prog[] = {
        1, 0,        /* 0: push 0      (sum) */
        1, 100,      /* 2: push 100    (n)   */
        4,           /* 4: dup         sum n n */
        8,           /* 5: swap        sum n n */
        8,           /* 6: swap */
        6,           /* 7: dec         sum n n-1 */
        8,           /* 8: swap        sum n-1 n */
        /* add n to sum: sum n-1 n -> need sum+n, n-1 */
        7,           /* 9: print n */
        0            /* 10: halt */
    };
    printf("run = %ld\n", run(sum_prog));
    /* countdown with jnz: push 5; loop: print; dec; jnz loop; halt */
    const int countdown[] = { 1, 5, 7, 6, 5, 2, 0 };
    printf("countdown result %ld\n", run(countdown));
    /* power of two: push 1; push 10 (counter); loop: swap; dup; add; swap; dec; jnz loop */
    const int pow2[] = { 1, 1, 1, 10, 8, 4, 2, 8, 6, 5, 4, 8, 0 };
    printf("pow2 result %ld\n", run(pow2));
    for (int i = 0; i < 5; i++) printf("%s ", label_of(i));
    printf("\n");
    /* label difference (common in threaded interpreters): only compare, never print addresses */
    void *p1 = &&here, *p2 = &&here;
    printf("same label equal: %d\n", p1 == p2);
    goto *p1;
here:
    printf("reached here\n");
    return 0;
}
