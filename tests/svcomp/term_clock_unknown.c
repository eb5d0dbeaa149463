// svcomp: termination unknown
// a loop waiting for the clock ends on a real system; divm's clock stands
// still, so its lasso is not a counterexample (it was false(termination))
#include <time.h>
int main(void) {
  time_t t0 = time(0);
  while (time(0) < t0 + 1) { }
  return 0;
}
