// svcomp: unreach-call unknown task=ilp32_sizeof.yml
// under ILP32 the structure is 8 bytes and reach_error is called; under
// divm's LP64 it is 16 (a wrong true): a size that differs, looked at, is
// a hazard (clang's record layouts under both models say which differ)
extern void reach_error(void);
struct s { char *a; int b; };
int main(void) {
  if (sizeof(struct s) == 8) reach_error();
  return 0;
}
