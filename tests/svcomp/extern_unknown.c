// svcomp: unreach-call unknown
// svcomp: valid-memsafety unknown
// foo has no definition: what it returns decides the error, so no verdict
// is right; a call of it ends its path (as a fault would) instead of
// refusing the program.
extern int foo(int);
extern void reach_error(void);

int main(void) {
    int r = foo(1);
    if (r == 5)
        reach_error();
    return 0;
}
