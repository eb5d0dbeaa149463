#include <string.h>
int main(void)
{
    char b[8];
    b[0] = 'a'; b[1] = 'b';
    return strchr(b, 'b') != 0 && strchr(b, 'z') != 0;
}
