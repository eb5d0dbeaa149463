// expect: valid
// each pass has its own x and buf (C11 6.2.4p6), used only within the pass
#include <string.h>
int main(void)
{
    int total = 0;
    for (int i = 0; i < 4; i++) {
        int x = i * 2;
        int *p = &x;
        char buf[8];
        memset(buf, 'a' + i, sizeof buf - 1);
        buf[7] = 0;
        *p += (int)strlen(buf);
        total += *p;
    }
    return total == 40 ? 0 : 1;
}
