/* A tokenizer and recursive-descent evaluator for integer expressions
 * with variables, plus error reporting for malformed input. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>

enum tok { T_NUM, T_IDENT, T_OP, T_LPAREN, T_RPAREN, T_ASSIGN, T_SEMI, T_END, T_ERROR };
static const char *tok_names[] = { "NUM", "IDENT", "OP", "LPAREN", "RPAREN", "ASSIGN", "SEMI", "END", "ERROR" };

struct token { enum tok kind; long value; char text[16]; };

struct lexer { const char *src; size_t pos; struct token cur; };

static void next(struct lexer *lx)
{
    const char *s = lx->src;
    while (isspace((unsigned char)s[lx->pos])) lx->pos++;
    struct token *t = &lx->cur;
    t->text[0] = '\0';
    t->value = 0;
    char c = s[lx->pos];
    if (c == '\0') { t->kind = T_END; return; }
    if (isdigit((unsigned char)c)) {
        long v = 0;
        while (isdigit((unsigned char)s[lx->pos])) v = v * 10 + (s[lx->pos++] - '0');
        t->kind = T_NUM; t->value = v;
        return;
    }
    if (isalpha((unsigned char)c) || c == '_') {
        size_t n = 0;
        while (isalnum((unsigned char)s[lx->pos]) || s[lx->pos] == '_') {
            if (n < sizeof t->text - 1) t->text[n++] = s[lx->pos];
            lx->pos++;
        }
        t->text[n] = '\0';
        t->kind = T_IDENT;
        return;
    }
    lx->pos++;
    t->text[0] = c; t->text[1] = '\0';
    switch (c) {
    case '+': case '-': case '*': case '/': case '%': t->kind = T_OP; break;
    case '(': t->kind = T_LPAREN; break;
    case ')': t->kind = T_RPAREN; break;
    case '=': t->kind = T_ASSIGN; break;
    case ';': t->kind = T_SEMI; break;
    default: t->kind = T_ERROR; break;
    }
}

struct var { char name[16]; long value; };
static struct var vars[16];
static int nvars;
static int error_flag;

static long *lookup(const char *name, int create)
{
    for (int i = 0; i < nvars; i++)
        if (strcmp(vars[i].name, name) == 0) return &vars[i].value;
    if (!create || nvars == 16) return NULL;
    strcpy(vars[nvars].name, name);
    vars[nvars].value = 0;
    return &vars[nvars++].value;
}

static long expr(struct lexer *lx);

static long primary(struct lexer *lx)
{
    struct token t = lx->cur;
    if (t.kind == T_NUM) { next(lx); return t.value; }
    if (t.kind == T_IDENT) {
        next(lx);
        long *v = lookup(t.text, 0);
        if (!v) { printf("  error: undefined variable %s\n", t.text); error_flag = 1; return 0; }
        return *v;
    }
    if (t.kind == T_OP && t.text[0] == '-') { next(lx); return -primary(lx); }
    if (t.kind == T_LPAREN) {
        next(lx);
        long v = expr(lx);
        if (lx->cur.kind != T_RPAREN) { printf("  error: expected )\n"); error_flag = 1; return 0; }
        next(lx);
        return v;
    }
    printf("  error: unexpected %s\n", tok_names[t.kind]);
    error_flag = 1;
    next(lx);
    return 0;
}

static long term(struct lexer *lx)
{
    long v = primary(lx);
    while (lx->cur.kind == T_OP && strchr("*/%", lx->cur.text[0])) {
        char op = lx->cur.text[0];
        next(lx);
        long r = primary(lx);
        if (op == '*') v *= r;
        else if (r == 0) { printf("  error: division by zero\n"); error_flag = 1; }
        else if (op == '/') v /= r;
        else v %= r;
    }
    return v;
}

static long expr(struct lexer *lx)
{
    long v = term(lx);
    while (lx->cur.kind == T_OP && (lx->cur.text[0] == '+' || lx->cur.text[0] == '-')) {
        char op = lx->cur.text[0];
        next(lx);
        long r = term(lx);
        v = op == '+' ? v + r : v - r;
    }
    return v;
}

static void statement(struct lexer *lx)
{
    error_flag = 0;
    if (lx->cur.kind == T_IDENT) {
        /* lookahead for assignment */
        struct lexer save = *lx;
        char name[16];
        strcpy(name, lx->cur.text);
        next(lx);
        if (lx->cur.kind == T_ASSIGN) {
            next(lx);
            long v = expr(lx);
            if (!error_flag) { *lookup(name, 1) = v; printf("  %s = %ld\n", name, v); }
            return;
        }
        *lx = save;
    }
    long v = expr(lx);
    if (!error_flag) printf("  => %ld\n", v);
}

int main(void)
{
    const char *programs[] = {
        "1 + 2 * 3",
        "(1 + 2) * 3 - -4",
        "x = 10; y = x * x - 1; y / 7; y % 7",
        "a = 5; b = (a + 3) * (a - 3) / 2; b",
        "z + 1",
        "7 / (3 - 3)",
        "(1 + 2",
        "4 $ 4",
        "long_variable_name_here = 123456789; long_variable_name_here * 3",
    };
    for (unsigned p = 0; p < sizeof programs / sizeof programs[0]; p++) {
        printf("program: %s\n", programs[p]);
        struct lexer lx = { programs[p], 0, { T_END, 0, "" } };
        /* token dump */
        printf("  tokens:");
        next(&lx);
        while (lx.cur.kind != T_END) {
            if (lx.cur.kind == T_NUM) printf(" %s(%ld)", tok_names[lx.cur.kind], lx.cur.value);
            else printf(" %s(%s)", tok_names[lx.cur.kind], lx.cur.text);
            next(&lx);
        }
        printf("\n");
        lx.pos = 0;
        next(&lx);
        while (lx.cur.kind != T_END) {
            statement(&lx);
            if (lx.cur.kind == T_SEMI) next(&lx);
            else if (lx.cur.kind != T_END) { printf("  error: junk after statement\n"); break; }
        }
    }
    printf("%d variables\n", nvars);
    return 0;
}
