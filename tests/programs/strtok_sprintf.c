/* strtok, sprintf and snprintf into buffers, return values. */
#include <stdio.h>
#include <string.h>

int main(void)
{
    char line[] = "  alpha, beta;;gamma ,delta,,  epsilon  ";
    int n = 0;
    for (char *tok = strtok(line, " ,;"); tok; tok = strtok(NULL, " ,;"))
        printf("tok %d: [%s]\n", n++, tok);
    char csv[] = "k1=v1&k2=v2&k3=&=v4";
    char *pairs[8];
    int np = 0;
    for (char *t = strtok(csv, "&"); t && np < 8; t = strtok(NULL, "&")) pairs[np++] = t;
    for (int i = 0; i < np; i++) {
        char *eq = strchr(pairs[i], '=');
        *eq = '\0';
        printf("pair key=[%s] value=[%s]\n", pairs[i], eq + 1);
    }
    char only_delims[] = ";;;";
    printf("only delimiters: %s\n", strtok(only_delims, ";") == NULL ? "NULL" : "token");

    char buf[100];
    int len = sprintf(buf, "%d-%s-%c-%5.2f-%x", 42, "str", 'z', 3.14159, 255);
    printf("sprintf %d [%s]\n", len, buf);
    len = sprintf(buf, "%s%s%s", "", "", "");
    printf("empty %d [%s]\n", len, buf);
    char tiny[10];
    len = snprintf(tiny, sizeof tiny, "%s", "0123456789abcdef");
    printf("snprintf truncated: ret %d buf [%s]\n", len, tiny);
    len = snprintf(NULL, 0, "%d %d %d", 1000, -2000, 30000);
    printf("snprintf measure: %d\n", len);
    len = snprintf(tiny, 1, "abc");
    printf("snprintf size 1: ret %d strlen %zu\n", len, strlen(tiny));
    /* building a string incrementally */
    char acc[200];
    size_t pos = 0;
    for (int i = 1; i <= 20; i++) {
        int w = snprintf(acc + pos, sizeof acc - pos, "%s%d", i > 1 ? "," : "", i * i);
        if (w < 0 || (size_t)w >= sizeof acc - pos) break;
        pos += (size_t)w;
    }
    printf("acc (%zu) %s\n", pos, acc);
    /* table formatting */
    const char *names[] = { "x", "longer", "mid" };
    double vals[] = { 1.5, -22.125, 333.0 };
    for (int i = 0; i < 3; i++) {
        sprintf(buf, "|%-8s|%8.3f|%+06d|", names[i], vals[i], i * 7 - 5);
        puts(buf);
    }
    /* %s with precision, %c with NUL-safe handling */
    printf("[%.3s] [%-6.2s] [%6s]\n", "abcdef", "xyz", "ab");
    printf("[%c%c%c]\n", 'a', 66, '0' + 7);
    printf("percent: 100%%\n");
    return 0;
}
