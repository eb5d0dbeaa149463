// expect: valid
#include <pthread.h>
#include <stdio.h>
#include <assert.h>
_Thread_local int counter = 5;
void *worker(void *a) { counter++; assert(counter == 6); return 0; }
int main(void) {
  counter = 100;
  pthread_t t; pthread_create(&t, 0, worker, 0); pthread_create(&t, 0, worker, 0);
  counter++;
  assert(counter == 101);
  printf("ok %d\n", counter);
  return 0;
}
