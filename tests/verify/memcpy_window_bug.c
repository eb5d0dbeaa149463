// expect: error assert
// Each memset, memcpy, struct copy and strcpy on shared memory is a step
// of its own: main can read x between the helper's two memsets, and s
// between its two struct copies (they were one step: a wrong valid).
#include <assert.h>
#include <pthread.h>
#include <string.h>

int x;
struct S { int a, b, c, d; } s;
const struct S one = {1, 0, 0, 0}, zero = {0};
char buf[4];

void *helper(void *arg) {
    memset(&x, 1, sizeof x);
    memset(&x, 0, sizeof x);
    s = one;
    s = zero;
    strcpy(buf, "ab");
    strcpy(buf, "");
    return arg;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, 0, helper, 0);
    int seen = (x != 0) + (s.a != 0) + (buf[0] != 0);
    assert(seen < 3); // ERROR
    pthread_join(t, 0);
    return 0;
}
