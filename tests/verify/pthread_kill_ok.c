// expect: valid
// pthread_kill runs the handler in the target thread (it sees its own id);
// sig 0 checks that the thread lives.
#include <pthread.h>
#include <signal.h>
#include <assert.h>
#include <errno.h>
volatile int got;
pthread_t main_id;
void h(int s) { got = pthread_equal(pthread_self(), main_id) ? 1 : 2; }
void *t(void *a) { while (!got) ; return a; }
int main(void) {
  main_id = pthread_self();
  signal(SIGUSR1, h);
  pthread_t id;
  pthread_create(&id, 0, t, 0);
  assert(pthread_kill(id, 0) == 0);
  assert(pthread_kill(id, SIGUSR1) == 0);
  pthread_join(id, 0);
  assert(got == 2);
  return 0;
}
