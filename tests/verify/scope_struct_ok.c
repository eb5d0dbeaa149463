// expect: valid
// a struct in a block holds pointers to other variables of the same block and
// of enclosing blocks; all uses happen while they live
struct node { int val; struct node *next; int *ext; };
int main(void)
{
    int r = 0;
    int outer = 5;
    for (int i = 0; i < 3; i++) {
        struct node c = {3, 0, &outer};
        struct node b = {2, &c, &i};
        struct node a = {1, &b, 0};
        for (struct node *n = &a; n; n = n->next)
            r += n->val + (n->ext ? *n->ext : 0);
    }
    return r == 18 + 3 + 15 ? 0 : 1;
}
