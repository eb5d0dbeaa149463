/* string.h: length, copy, compare, search, memory functions. */
#include <stdio.h>
#include <string.h>

static void show(const char *label, const char *s) { printf("%s: [%s] (%zu)\n", label, s, strlen(s)); }
static int sgn(int x) { return (x > 0) - (x < 0); }

int main(void)
{
    char buf[64];
    strcpy(buf, "Hello");
    strcat(buf, ", ");
    strcat(buf, "World");
    show("strcat", buf);
    strncat(buf, "!!!???", 3);
    show("strncat", buf);
    char small[8];
    strncpy(small, "abcdefghij", sizeof small - 1);
    small[sizeof small - 1] = '\0';
    show("strncpy", small);
    char padded[8];
    strncpy(padded, "ab", sizeof padded);
    printf("strncpy pads: %d %d %d\n", padded[2], padded[5], padded[7]);

    const char *words[] = { "apple", "apples", "Apple", "banana", "", "apple" };
    for (int i = 0; i < 6; i++)
        for (int j = i + 1; j < 6; j++)
            printf("%d", sgn(strcmp(words[i], words[j])) + 1);
    printf("\n");
    printf("strncmp: %d %d %d\n", sgn(strncmp("apple", "apples", 5)), sgn(strncmp("apple", "apples", 6)), sgn(strncmp("abc", "abd", 0)));
    printf("memcmp: %d %d\n", sgn(memcmp("\x01\x02\xff", "\x01\x02\x01", 3)), sgn(memcmp("ab", "ab", 2)));

    const char *text = "the quick brown fox jumps over the lazy dog";
    printf("strchr o: %s\n", strchr(text, 'o'));
    printf("strrchr o: %s\n", strrchr(text, 'o'));
    printf("strchr nul: %d\n", strchr(text, '\0') == text + strlen(text));
    printf("strchr z missing: %d\n", strchr("abc", 'z') == NULL);
    printf("strstr: %s | %d | %s\n", strstr(text, "the lazy"), strstr(text, "cat") == NULL, strstr(text, ""));
    printf("strspn %zu strcspn %zu\n", strspn(text, "the "), strcspn(text, "xyz"));
    printf("strpbrk: %s\n", strpbrk(text, "jq"));
    printf("memchr: %s\n", (const char *)memchr(text, 'j', strlen(text)));

    char mem[32];
    memset(mem, 'x', sizeof mem);
    memset(mem + 4, 0, 4);
    printf("memset: %c %d %d %c\n", mem[3], mem[4], mem[7], mem[8]);
    strcpy(mem, "0123456789");
    memmove(mem + 2, mem, 6);         /* overlapping forward */
    show("memmove fwd", mem);
    strcpy(mem, "0123456789");
    memmove(mem, mem + 3, 7);         /* overlapping backward */
    show("memmove back", mem);
    memcpy(mem, "abcdefghij", 11);
    show("memcpy", mem);

    /* manual string functions compared with library ones */
    char rev[32];
    const char *src = "palindrome";
    size_t n = strlen(src);
    for (size_t i = 0; i < n; i++) rev[i] = src[n - 1 - i];
    rev[n] = '\0';
    show("reversed", rev);
    /* count words */
    int words_count = 0, in_word = 0;
    for (const char *p = text; *p; p++) {
        if (*p == ' ') in_word = 0;
        else if (!in_word) { in_word = 1; words_count++; }
    }
    printf("words: %d\n", words_count);
    /* replace all occurrences */
    char out[128] = "";
    const char *s = text, *hit;
    while ((hit = strstr(s, "the")) != NULL) {
        strncat(out, s, (size_t)(hit - s));
        strcat(out, "THE");
        s = hit + 3;
    }
    strcat(out, s);
    show("replaced", out);
    /* strings with embedded bytes >= 0x80 */
    const char hi[] = "caf\xc3\xa9";
    printf("utf8 len %zu last byte %d\n", strlen(hi), (unsigned char)hi[4]);
    printf("strcmp signedness: %d\n", sgn(strcmp("\xe9", "a")));
    /* strdup is POSIX (and C23) */
    return 0;
}
