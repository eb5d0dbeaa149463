// termination: not
// i < 300 always holds for an unsigned char: i wraps to 0 after 255
int main(void)
{
    int s = 0;
    for (unsigned char i = 0; i < 300; i++)
        s = s ^ i;
    return s & 0;
}
