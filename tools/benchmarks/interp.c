/* interp.c -- a switch-dispatched bytecode interpreter.
 *
 * Usage: interp [N]   -- runs a small stack-machine program whose outer
 * loop makes N passes; each pass runs an inner loop of 10 iterations with
 * arithmetic, comparisons, local variables and a call (work ~ N).
 */
#include <stdio.h>
#include <stdlib.h>

#define DEFAULT_SIZE 1450

enum op {
    PUSH, LOAD, STORE, ADD, SUB, MUL, DIV, MOD, AND, XOR, SHR,
    LT, EQ, JMP, JZ, JNZ, DUP, DROP, SWAP, CALL, RET, PRINT, HALT
};

struct vm {
    long stack[64];
    long vars[8];
    int rstack[16];
    int sp, rsp;
    long printed;
};

static long run(struct vm *m, const int *prog)
{
    int pc = 0;
    long steps = 0;
    for (;;) {
        int op = prog[pc++];
        steps++;
        long a, b;
        switch (op) {
        case PUSH: m->stack[m->sp++] = prog[pc++]; break;
        case LOAD: m->stack[m->sp++] = m->vars[prog[pc++]]; break;
        case STORE: m->vars[prog[pc++]] = m->stack[--m->sp]; break;
        case ADD: b = m->stack[--m->sp]; a = m->stack[--m->sp]; m->stack[m->sp++] = a + b; break;
        case SUB: b = m->stack[--m->sp]; a = m->stack[--m->sp]; m->stack[m->sp++] = a - b; break;
        case MUL: b = m->stack[--m->sp]; a = m->stack[--m->sp]; m->stack[m->sp++] = a * b; break;
        case DIV: b = m->stack[--m->sp]; a = m->stack[--m->sp]; m->stack[m->sp++] = a / b; break;
        case MOD: b = m->stack[--m->sp]; a = m->stack[--m->sp]; m->stack[m->sp++] = a % b; break;
        case AND: b = m->stack[--m->sp]; a = m->stack[--m->sp]; m->stack[m->sp++] = a & b; break;
        case XOR: b = m->stack[--m->sp]; a = m->stack[--m->sp]; m->stack[m->sp++] = a ^ b; break;
        case SHR: b = m->stack[--m->sp]; a = m->stack[--m->sp]; m->stack[m->sp++] = a >> b; break;
        case LT: b = m->stack[--m->sp]; a = m->stack[--m->sp]; m->stack[m->sp++] = a < b; break;
        case EQ: b = m->stack[--m->sp]; a = m->stack[--m->sp]; m->stack[m->sp++] = a == b; break;
        case JMP: pc = prog[pc]; break;
        case JZ: if (m->stack[--m->sp] == 0) pc = prog[pc]; else pc++; break;
        case JNZ: if (m->stack[--m->sp] != 0) pc = prog[pc]; else pc++; break;
        case DUP: m->stack[m->sp] = m->stack[m->sp - 1]; m->sp++; break;
        case DROP: m->sp--; break;
        case SWAP: a = m->stack[m->sp - 1]; m->stack[m->sp - 1] = m->stack[m->sp - 2]; m->stack[m->sp - 2] = a; break;
        case CALL: m->rstack[m->rsp++] = pc + 1; pc = prog[pc]; break;
        case RET: pc = m->rstack[--m->rsp]; break;
        case PRINT: m->printed = m->printed * 31 + m->stack[--m->sp]; break;
        case HALT: return steps;
        default: return -1;
        }
    }
}

/* argv[1] if it is a positive number, else the default.  Kept out of
 * line: when clang -O1 can see the value's range it rewrites the loops
 * with llvm.smax, which lli's interpreter cannot run. */
static __attribute__((noinline)) long size_arg(int argc, char **argv, long dflt)
{
    long v = argc > 1 ? atol(argv[1]) : 0;
    return v > 0 ? v : dflt;
}

static int code[256];
static int ncode;

static void emit(int op) { code[ncode++] = op; }
static void emit2(int op, int arg) { code[ncode++] = op; code[ncode++] = arg; }
/* a forward jump: its target is patched later */
static int jump(int op) { emit2(op, 0); return ncode - 1; }
static void patch(int at) { code[at] = ncode; }

int main(int argc, char **argv)
{
    long n = size_arg(argc, argv, DEFAULT_SIZE);

    /* vars: 0 = i, 1 = acc, 2 = j, 3 = n
     *   acc = 1
     *   for (i = 0; i < n; i++) {
     *       for (j = 0; j < 10; j++)
     *           acc = ((acc * 31 + j) ^ i) % 1000003 + f(j);
     *       if ((acc & 7) == 0) print(acc);
     *   }
     *   print(acc)
     * with f(x) = (x * x + 3) / 2 a subroutine */
    int call_f[4], ncall = 0;
    emit2(PUSH, 0); emit2(STORE, 0); emit2(PUSH, 1); emit2(STORE, 1);
    int outer = ncode;
    emit2(LOAD, 0); emit2(LOAD, 3); emit(LT);
    int exit_outer = jump(JZ);
    emit2(PUSH, 0); emit2(STORE, 2);
    int inner = ncode;
    emit2(LOAD, 2); emit2(PUSH, 10); emit(LT);
    int exit_inner = jump(JZ);
    emit2(LOAD, 1); emit2(PUSH, 31); emit(MUL); emit2(LOAD, 2); emit(ADD);
    emit2(LOAD, 0); emit(XOR); emit2(PUSH, 1000003); emit(MOD);
    emit2(LOAD, 2); call_f[ncall++] = jump(CALL); emit(ADD); emit2(STORE, 1);
    emit2(LOAD, 2); emit2(PUSH, 1); emit(ADD); emit2(STORE, 2);
    emit2(JMP, inner);
    patch(exit_inner);
    emit2(LOAD, 1); emit2(PUSH, 7); emit(AND);
    int skip = jump(JNZ);
    emit2(LOAD, 1); emit(PRINT);
    patch(skip);
    emit2(LOAD, 0); emit2(PUSH, 1); emit(ADD); emit2(STORE, 0);
    emit2(JMP, outer);
    patch(exit_outer);
    emit2(LOAD, 1); emit(PRINT); emit(HALT);
    for (int k = 0; k < ncall; k++)
        patch(call_f[k]);
    emit(DUP); emit(MUL); emit2(PUSH, 3); emit(ADD); emit2(PUSH, 2); emit(DIV); emit(RET);

    struct vm m = {0};
    m.vars[3] = n;
    long steps = run(&m, code);
    printf("interp n=%ld steps=%ld acc=%ld printed=%ld sp=%d\n",
           n, steps, m.vars[1], m.printed, m.sp);
    return steps < 0;
}
