/* x goes 0, 1, 2, 3 and the program ends: every LTL operator on a known run */
int x;

int main(void)
{
    x = 1;
    x = 2;
    x = 3;
    return 0;
}
