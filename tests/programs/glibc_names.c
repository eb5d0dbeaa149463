// stdin: numbers.txt
/* The names glibc's headers give libc functions in preprocessed programs
   (SV-COMP's .i files call these): the C99 scanf family and the 64-bit
   file functions, declared by hand as such a file declares them. */
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <unistd.h>

extern int __isoc99_scanf(const char *, ...);
extern int __isoc99_sscanf(const char *, const char *, ...);
extern int __isoc99_vsscanf(const char *, const char *, va_list);
extern int __isoc99_fscanf(FILE *, const char *, ...);
extern FILE *fopen64(const char *, const char *);
extern int open64(const char *, int, ...);

static int scan_v(const char *s, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int r = __isoc99_vsscanf(s, fmt, ap);
    va_end(ap);
    return r;
}

int main(void)
{
    int a = 0, b = 0, c = 0;
    char word[16] = "";
    int n = __isoc99_sscanf("12 34 fox", "%d %d %15s", &a, &b, word);
    printf("sscanf: %d %d %d %s\n", n, a, b, word);
    n = scan_v("-7,8", "%d,%d", &a, &b);
    printf("vsscanf: %d %d %d\n", n, a, b);
    n = __isoc99_scanf("%d", &c);
    printf("scanf: %d %d\n", n, c);
    n = __isoc99_fscanf(stdin, "%d", &c);
    printf("fscanf: %d %d\n", n, c);
    printf("fopen64: %d\n", fopen64("/no/such/file", "r") == NULL);
    printf("open64: %d\n", open64("/no/such/file", O_RDONLY) < 0);
    return 0;
}
