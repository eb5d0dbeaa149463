// expect: error memory
// a pointer kept from one pass of the loop designates that pass's x, whose
// lifetime ended with the pass (C11 6.2.4p6): the next pass's x is another
// object at, natively, the same address
int main(void)
{
    int *prev = 0;
    int s = 0;
    for (int i = 0; i < 3; i++) {
        int x = i;
        if (prev)
            s += *prev; // ERROR
        prev = &x;
    }
    return s == 3 ? 0 : 0;
}
