// expect: error control
// The same function through two pointer types: as void(void) it is
// called as it is (and the VM then calls that pointer directly); as
// int(void) its caller expects a value it never returns.
static int calls;
void tick(void) { calls++; } // ERROR
int main(void)
{
    void (*ok)(void) = tick;
    int (*bad)(void) = (int (*)(void))tick;
    ok();
    ok();
    return bad() + calls;
}
