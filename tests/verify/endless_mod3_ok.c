// expect: valid
// One thread, an endless loop over three states: loop points end the
// transition (even without a second thread), revisited states are
// recognised and the search terminates.
int x;

int main(void)
{
    for (;;)
        x = (x + 1) % 3;
}
