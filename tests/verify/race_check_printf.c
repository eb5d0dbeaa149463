// expect: error race
// options: -o check:race
// printf reads the string a %s conversion prints while the other thread
// writes it; sscanf's %d writes the int the other thread reads.
#include <pthread.h>
#include <stdio.h>
#include <string.h>

char name[16] = "ab";
int value;

void *worker(void *arg)
{
    name[1] = 'z'; // ERROR
    return arg;
}

int main(void)
{
    pthread_t a;
    pthread_create(&a, NULL, worker, NULL);
    printf("%d %s\n", 5, name); // ERROR
    pthread_join(a, NULL);
    return 0;
}
