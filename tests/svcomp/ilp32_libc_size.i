// svcomp: unreach-call true task=ilp32_libc_size.yml
// an ILP32 .i declares the C library with its size_t, unsigned int: strlen's
// 64-bit result (divm's libc) is that number cut to 32 bits, no fault
typedef unsigned int size_t;
extern size_t strlen(const char *);
extern void *memcpy(void *, const void *, size_t);
extern void *malloc(size_t);
extern void free(void *);
extern void reach_error(void);
int main(void) {
  char b[4];
  memcpy(b, "ab", 3);
  char *p = malloc(strlen(b) + 1);
  if (strlen(b) != 2)
    reach_error();
  free(p);
  return 0;
}
