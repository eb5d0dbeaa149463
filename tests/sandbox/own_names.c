// A program that defines open, close and lseek itself: stdio keeps using
// the file system, not the program's functions.
#include <stdio.h>
/* the program's own open/close/lseek: fopen must not call them */
int open(const char *p, int f) { (void)p; (void)f; puts("user open"); return 99; }
int close(int fd) { (void)fd; puts("user close"); return 0; }
long lseek(int fd, long o, int w) { (void)fd; (void)o; (void)w; puts("user lseek"); return 0; }
int main(void) {
    FILE *f = fopen("t.txt", "w+");
    fputs("abc\n", f);
    rewind(f);
    char b[8];
    printf("%s", fgets(b, sizeof b, f));
    printf("%ld\n", ftell(f));
    fclose(f);
    printf("%d\n", open("x", 0));
    return 0;
}
