// expect: error undefined
// An uninitialised condition decides a ?: that clang makes a select (no
// branch): DiVM faults on the select itself, and so does divm; the same
// decision as an if/else is a branch on an undefined value.
int main(void)
{
    _Bool b;
    int v = b ? 1 : 2; // ERROR
    return v == 2 ? 0 : 0;
}
