/* A binary search tree on the heap: insert, find, delete, traversals,
 * height, and freeing everything (post-order). */
#include <stdio.h>
#include <stdlib.h>

struct tree { int key; int count; struct tree *left, *right; };

static struct tree *insert(struct tree *t, int key)
{
    if (!t) {
        t = malloc(sizeof *t);
        if (!t) exit(2);
        t->key = key; t->count = 1; t->left = t->right = NULL;
        return t;
    }
    if (key < t->key) t->left = insert(t->left, key);
    else if (key > t->key) t->right = insert(t->right, key);
    else t->count++;
    return t;
}

static struct tree *delete(struct tree *t, int key)
{
    if (!t) return NULL;
    if (key < t->key) t->left = delete(t->left, key);
    else if (key > t->key) t->right = delete(t->right, key);
    else {
        if (!t->left || !t->right) {
            struct tree *child = t->left ? t->left : t->right;
            free(t);
            return child;
        }
        struct tree *m = t->right;
        while (m->left) m = m->left;
        t->key = m->key;
        t->count = m->count;
        m->count = 1;
        t->right = delete(t->right, m->key);
    }
    return t;
}

static int height(const struct tree *t)
{
    if (!t) return 0;
    int l = height(t->left), r = height(t->right);
    return 1 + (l > r ? l : r);
}

static int size(const struct tree *t) { return t ? 1 + size(t->left) + size(t->right) : 0; }

static void inorder(const struct tree *t, int *printed)
{
    if (!t) return;
    inorder(t->left, printed);
    if ((*printed)++ < 30) printf("%d%s ", t->key, t->count > 1 ? "*" : "");
    inorder(t->right, printed);
}

static void preorder(const struct tree *t, int *budget)
{
    if (!t || *budget <= 0) return;
    printf("%d ", t->key);
    (*budget)--;
    preorder(t->left, budget);
    preorder(t->right, budget);
}

static const struct tree *find(const struct tree *t, int key)
{
    while (t && t->key != key) t = key < t->key ? t->left : t->right;
    return t;
}

static void destroy(struct tree *t)
{
    if (!t) return;
    destroy(t->left);
    destroy(t->right);
    free(t);
}

int main(void)
{
    struct tree *root = NULL;
    unsigned s = 7;
    for (int i = 0; i < 300; i++) {
        s = s * 1664525u + 1013904223u;
        root = insert(root, (int)(s >> 22) % 500);
    }
    int printed = 0;
    printf("size %d height %d\ninorder: ", size(root), height(root));
    inorder(root, &printed);
    printf("\npreorder: ");
    int budget = 20;
    preorder(root, &budget);
    printf("\n");
    int found = 0;
    for (int k = 0; k < 500; k += 7) found += find(root, k) != NULL;
    printf("found %d of 72 probes\n", found);
    for (int k = 0; k < 500; k += 3) root = delete(root, k);
    printf("after deletes size %d height %d\n", size(root), height(root));
    printed = 0;
    inorder(root, &printed);
    printf("\n");
    destroy(root);
    return 0;
}
