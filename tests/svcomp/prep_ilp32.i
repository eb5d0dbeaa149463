// svcomp: valid-memsafety false(valid-deref) task=prep_ilp32.yml
# 1 "prep_ilp32.c"
typedef unsigned int size_t;
extern void *malloc(size_t);
extern void free(void *);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  size_t n = (size_t)__VERIFIER_nondet_int();
  if (n == 0 || n > 8) return 0;
  char *buf = malloc(n);
  for (size_t i = 0; i <= n; i++)
    buf[i] = 0;
  free(buf);
  return 0;
}
