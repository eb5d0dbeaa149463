// svcomp: termination unknown
// processes and symbolic inputs do not go together in divm: the verdict
// is unknown (it was an error exit with no verdict at all)
#include <sys/wait.h>
#include <unistd.h>
int main(void) {
  pid_t p = fork();
  if (p == 0)
    return 0;
  wait(0);
  return 0;
}
