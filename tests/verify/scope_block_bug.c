// expect: error memory
// a pointer to a block's variable used after the block has ended: the
// variable's lifetime is over (C11 6.2.4p6), its storage may be reused
int main(void)
{
    int *p;
    {
        int x = 1;
        p = &x;
    }
    *p = 2; // ERROR
    return 0;
}
