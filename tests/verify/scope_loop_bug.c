// expect: error memory
// each pass of the loop has its own x: after the loop, the pointer kept
// from the last pass is dangling
int main(void)
{
    int *keep = 0;
    int sum = 0;
    for (int i = 0; i < 3; i++) {
        int x = i;
        keep = &x;
        sum += *keep;
    }
    return sum + *keep; // ERROR
}
