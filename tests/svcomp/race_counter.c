// svcomp: no-data-race false(no-data-race)
#include <pthread.h>
int counter;
void *worker(void *arg) { counter++; return 0; }
int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  counter++;
  pthread_join(t, 0);
  return 0;
}
