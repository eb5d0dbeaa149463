// expect: none
/* Negative control: copies within one array whose ranges only touch are
 * not overlaps (strcpy and strncpy read the terminator only when they
 * copy it). */
#include <stdio.h>
#include <string.h>

int main(void)
{
    char buf[16] = "b";
    strcpy(buf + 2, buf);      /* reads buf[0..1], writes buf[2..3] */
    char cut[8] = "b\0x";
    strncpy(cut + 1, cut, 1);  /* reads cut[0], writes cut[1] */
    printf("%s %s %c\n", buf + 2, cut, cut[2]);
    return 0;
}
