/* The file system: an in-memory tree that lives in the program's state.
 *
 * Nothing here reaches the host.  The tree starts with the root directory,
 * /tmp, /dev (null, zero, and stdin, stdout, stderr: DiOS's standard
 * streams) and the files the user passed with `divm --file NAME=PATH` (DiOS
 * keeps them in the boot environment as "divm.file" entries: NAME '\0'
 * CONTENTS); their contents stay in the read-only boot blob until the
 * program first changes them.  Everything is ordinary libc-shim data made
 * with __divm_ialloc, reached from the global `fs`, so it is part of every
 * verified state and forks with threads and choices.  Descriptors 0-2 stay
 * DiOS's standard streams; descriptors from 3 up are open files here.
 *
 * The program runs as the owner of every file; the owner's permission bits
 * are checked (chmod 0444 makes a file read-only), as for a normal user.
 *
 * Symbolic links are followed in the middle of a path and, by the calls
 * that follow them (open, stat, access, chdir, ...), at its end; 40 links
 * in one lookup are ELOOP.  FIFOs (mkfifo) and pipes (pipe) hold their
 * bytes in the node; a read of an empty pipe that has a writer, a write to
 * a full one that has a reader, and an open of one end of a FIFO before the
 * other end is open block the thread (DiOS's __dios_wait_zero) until
 * another thread acts: when none can, that is a deadlock. */
#define _GNU_SOURCE 1
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/divm.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/uio.h>
#include <sys/un.h>
#include <unistd.h>
#include <sys/dios_syscall.h>
#include "internal.h"

struct node;

struct dent
{
    struct dent *next; /* sorted by name */
    char *name;
    struct node *node;
};

struct node
{
    mode_t mode;
    nlink_t nlink;
    ino_t ino;
    int opens;           /* open descriptions and directory streams using it */
    char *data;          /* regular file: contents */
    size_t size, cap;
    int owned;           /* data is ours (else the read-only boot blob) */
    struct dent *ents;   /* directory: entries other than . and .. */
    struct node *parent; /* directory: its parent (the root's is itself) */
    int dev;             /* a character device: DEV_* */
    /* a FIFO: data[0..size) is what was written and not yet read */
    int readers, writers;   /* open descriptions of each end (and opens waiting) */
    int wgen, rgen;         /* opens of each end so far */
    volatile int rd_wait;   /* set by a waiting reader, cleared by a write or a writer's close */
    volatile int wr_wait;   /* set by a waiting writer, cleared by a read or a reader's close */
    volatile int ropen_wait, wopen_wait; /* set by a waiting open, cleared by an open of the other end */
    struct sock *sk;        /* a socket (S_IFSOCK): its state */
    int err;                /* a socket's pipe: an error for its reader (ECONNRESET) */
};

#define PIPE_CAP 65536 /* Linux's default pipe capacity */
#define MAXLINKS 40

enum { DEV_NONE, DEV_NULL, DEV_ZERO, DEV_STDIN, DEV_STDOUT, DEV_STDERR };

struct ofile
{
    struct node *node;
    off_t pos;
    int flags;  /* O_ACCMODE | O_APPEND | O_NONBLOCK */
    int refs;   /* descriptors sharing it (dup) */
};

struct fsys
{
    struct node *root, *cwd;
    struct ofile **fd; /* indexed by descriptor; 0-2 unused (DiOS's streams) */
    int nfd;
    ino_t next_ino;
    unsigned tmpcount;
};

static struct fsys *fs;

#define MAXFD 1024

static int fail(int e)
{
    errno = e;
    return -1;
}

static char *sdup(const char *s, size_t n)
{
    char *d = __divm_ialloc(n + 1);
    __builtin_memcpy(d, s, n);
    d[n] = 0;
    return d;
}

static struct node *new_node(mode_t mode)
{
    struct node *n = __divm_ialloc(sizeof *n);
    __builtin_memset(n, 0, sizeof *n);
    n->mode = mode;
    n->ino = fs->next_ino++;
    n->owned = 1;
    return n;
}

static void sock_free(struct sock *sk);

static void free_node(struct node *n)
{
    if (n->owned && n->data)
        __divm_ifree(n->data);
    if (n->sk)
        sock_free(n->sk);
    __divm_ifree(n);
}

/* drop a node that lost a link or an opener */
static void maybe_free(struct node *n)
{
    if (n->nlink == 0 && n->opens == 0)
        free_node(n);
}

static struct dent *find(struct node *dir, const char *name, size_t len)
{
    for (struct dent *e = dir->ents; e; e = e->next)
        if (__divm_strlen(e->name) == len && !__builtin_memcmp(e->name, name, len))
            return e;
    return 0;
}

static void link_in(struct node *dir, const char *name, size_t len, struct node *n)
{
    struct dent *e = __divm_ialloc(sizeof *e);
    e->name = sdup(name, len);
    e->node = n;
    struct dent **p = &dir->ents;
    while (*p && strcmp((*p)->name, e->name) < 0)
        p = &(*p)->next;
    e->next = *p;
    *p = e;
    n->nlink++;
    if (S_ISDIR(n->mode)) {
        n->parent = dir;
        dir->nlink++; /* the child's .. */
    }
}

/* removes the entry; the node is freed when nothing uses it */
static void unlink_ent(struct node *dir, struct dent *e)
{
    struct dent **p = &dir->ents;
    while (*p != e)
        p = &(*p)->next;
    *p = e->next;
    struct node *n = e->node;
    __divm_ifree(e->name);
    __divm_ifree(e);
    if (S_ISDIR(n->mode)) {
        dir->nlink--;
        n->nlink = 0;
    } else
        n->nlink--;
    maybe_free(n);
}

static void make_owned(struct node *n, size_t want)
{
    if (n->owned && n->cap >= want)
        return;
    size_t cap = n->cap ? n->cap : 64;
    while (cap < want)
        cap *= 2;
    char *d = __divm_ialloc(cap);
    if (n->size)
        __builtin_memcpy(d, n->data, n->size);
    if (n->owned && n->data)
        __divm_ifree(n->data);
    n->data = d;
    n->cap = cap;
    n->owned = 1;
}

static void set_size(struct node *n, size_t size)
{
    if (size > n->size) {
        make_owned(n, size);
        __builtin_memset(n->data + n->size, 0, size - n->size);
    } else if (size < n->size && !n->owned)
        make_owned(n, size);
    n->size = size;
}

/* -- path lookup ------------------------------------------------------------- */

/* Walks path up to its last component.  Returns the directory that holds
 * it and sets *name and *len to the component ("" for "/"; "." and ".." are
 * returned as they are) and *slash when the path ends in '/'.  base is
 * where a relative path starts. */
static struct node *lookup_d(struct node *base, const char *path, int depth);

/* the node a symbolic link n in dir leads to (following further links) */
static struct node *follow(struct node *dir, struct node *n, int depth)
{
    while (n && S_ISLNK(n->mode)) {
        if (++depth > MAXLINKS) {
            errno = ELOOP;
            return 0;
        }
        n = lookup_d(dir, n->data, depth);
    }
    return n;
}

static struct node *walk_d(struct node *base, const char *path, const char **name, size_t *len, int *slash,
                           int depth)
{
    if (!path) {
        errno = EFAULT;
        return 0;
    }
    if (!*path) {
        errno = ENOENT;
        return 0;
    }
    if (__divm_strnlen(path, PATH_MAX) >= PATH_MAX) {
        errno = ENAMETOOLONG;
        return 0;
    }
    struct node *dir = *path == '/' ? fs->root : base;
    const char *p = path;
    for (;;) {
        while (*p == '/')
            p++;
        const char *s = p;
        while (*p && *p != '/')
            p++;
        size_t n = (size_t)(p - s);
        const char *q = p;
        while (*q == '/')
            q++;
        if (n > NAME_MAX) {
            errno = ENAMETOOLONG;
            return 0;
        }
        if (!*q) { /* the last component */
            *name = s;
            *len = n;
            *slash = *p == '/';
            return dir;
        }
        if (!(dir->mode & S_IXUSR)) {
            errno = EACCES;
            return 0;
        }
        if (n == 1 && s[0] == '.')
            ;
        else if (n == 2 && s[0] == '.' && s[1] == '.')
            dir = dir->parent;
        else {
            struct dent *e = find(dir, s, n);
            if (!e) {
                errno = ENOENT;
                return 0;
            }
            struct node *t = e->node;
            if (S_ISLNK(t->mode) && !(t = follow(dir, t, depth)))
                return 0;
            if (!S_ISDIR(t->mode)) {
                errno = ENOTDIR;
                return 0;
            }
            dir = t;
        }
    }
}

static struct node *walk(struct node *base, const char *path, const char **name, size_t *len, int *slash)
{
    return walk_d(base, path, name, len, slash, 0);
}

static int is_dot(const char *name, size_t len)
{
    return (len == 1 && name[0] == '.') || (len == 2 && name[0] == '.' && name[1] == '.');
}

/* the node a component names in dir, or 0 (errno ENOENT) */
static struct node *child(struct node *dir, const char *name, size_t len)
{
    if (!(dir->mode & S_IXUSR)) {
        errno = EACCES;
        return 0;
    }
    if (len == 0 || (len == 1 && name[0] == '.'))
        return dir;
    if (len == 2 && name[0] == '.' && name[1] == '.')
        return dir->parent;
    struct dent *e = find(dir, name, len);
    if (!e) {
        errno = ENOENT;
        return 0;
    }
    return e->node;
}

/* the node path names; a symbolic link at its end is followed if follow_
 * (always when the path ends in '/') */
static struct node *lookup_f(struct node *base, const char *path, int follow_, int depth)
{
    const char *name;
    size_t len;
    int slash;
    struct node *dir = walk_d(base, path, &name, &len, &slash, depth);
    if (!dir)
        return 0;
    struct node *n = child(dir, name, len);
    if (n && S_ISLNK(n->mode) && (follow_ || slash))
        n = follow(dir, n, depth);
    if (n && slash && !S_ISDIR(n->mode)) {
        errno = ENOTDIR;
        return 0;
    }
    return n;
}

static struct node *lookup_d(struct node *base, const char *path, int depth)
{
    return lookup_f(base, path, 1, depth);
}

static struct node *lookup_at(struct node *base, const char *path)
{
    return lookup_f(base, path, 1, 0);
}

static struct node *lookup_nofollow(struct node *base, const char *path)
{
    return lookup_f(base, path, 0, 0);
}

/* -- set-up --------------------------------------------------------------------- */

static void add_seed(const char *path, const char *data, size_t size)
{
    struct node *dir = fs->root;
    const char *p = path;
    for (;;) {
        while (*p == '/')
            p++;
        const char *s = p;
        while (*p && *p != '/')
            p++;
        size_t n = (size_t)(p - s);
        if (!n)
            return;
        struct dent *e = find(dir, s, n);
        if (!*p) { /* the file itself */
            if (e)
                return;
            struct node *f = new_node(S_IFREG | 0644);
            f->data = (char *)data;
            f->size = size;
            f->owned = 0;
            link_in(dir, s, n, f);
            return;
        }
        if (!e) {
            struct node *d = new_node(S_IFDIR | 0755);
            link_in(dir, s, n, d);
            dir = d;
        } else if (S_ISDIR(e->node->mode))
            dir = e->node;
        else
            return;
    }
}

static void init(void)
{
    fs = __divm_ialloc(sizeof *fs);
    __builtin_memset(fs, 0, sizeof *fs);
    fs->next_ino = 2;
    struct node *root = new_node(S_IFDIR | 0755);
    root->parent = root;
    root->nlink = 2;
    fs->root = fs->cwd = root;
    struct node *tmp = new_node(S_IFDIR | 01777);
    link_in(root, "tmp", 3, tmp);
    tmp->nlink++;
    struct node *dev = new_node(S_IFDIR | 0755);
    link_in(root, "dev", 3, dev);
    dev->nlink++;
    static const char *const devs[] = { "null", "zero", "stdin", "stdout", "stderr" };
    for (int i = 0; i < 5; i++) {
        struct node *d = new_node(S_IFCHR | 0666);
        d->dev = DEV_NULL + i;
        link_in(dev, devs[i], __divm_strlen(devs[i]), d);
    }
    for (const struct _VM_Env *e = __dios_boot_env(); e && e->key; ++e)
        if (!strcmp(e->key, "divm.file")) {
            size_t nl = __divm_strlen(e->value);
            add_seed(e->value, e->value + nl + 1, (size_t)e->size - nl - 1);
        }
}

/* the file system, made on first use; an interrupt point with threads */
static struct fsys *F(void)
{
    if (!fs)
        init();
    __dios_visible_io(fs);
    return fs;
}

/* -- descriptors ------------------------------------------------------------------- */

static struct ofile *get_of(int fd)
{
    if (fd < 3 || fd >= fs->nfd || !fs->fd[fd]) {
        errno = EBADF;
        return 0;
    }
    return fs->fd[fd];
}

static int alloc_fd(int from)
{
    if (from < 3)
        from = 3;
    int i = from;
    while (i < fs->nfd && fs->fd[i])
        i++;
    if (i >= MAXFD) {
        errno = EMFILE;
        return -1;
    }
    if (i >= fs->nfd) {
        int cap = fs->nfd ? fs->nfd : 8;
        while (cap <= i)
            cap *= 2;
        struct ofile **n = __divm_ialloc(cap * sizeof *n);
        __builtin_memset(n, 0, cap * sizeof *n);
        if (fs->nfd)
            __builtin_memcpy(n, fs->fd, fs->nfd * sizeof *n);
        if (fs->fd)
            __divm_ifree(fs->fd);
        fs->fd = n;
        fs->nfd = cap;
    }
    return i;
}

static int new_fd(struct node *n, int flags)
{
    int fd = alloc_fd(3);
    if (fd < 0)
        return -1;
    struct ofile *of = __divm_ialloc(sizeof *of);
    of->node = n;
    of->pos = 0;
    of->flags = flags & (O_ACCMODE | O_APPEND | O_NONBLOCK);
    of->refs = 1;
    n->opens++;
    fs->fd[fd] = of;
    return fd;
}

/* fork: the file system and the open file descriptions are the kernel's,
 * shared by parent and child; the descriptor table is the process's.  Before
 * the copy, every open description gains the child's reference (so that
 * the parent cannot drop one the child's table still holds), and the copy
 * is told to share what the tree and the descriptions reach: the child gets
 * copies of struct fsys and of the table only. */
void **__divm_fs_fork_block(void)
{
    if (!fs)
        init(); /* else parent and child would each make a tree of their own */
    int n = 0;
    for (int i = 0; i < fs->nfd; i++)
        n += fs->fd[i] != 0;
    void **b = __divm_ialloc((n + 3) * sizeof *b);
    int k = 0;
    b[k++] = fs->root;
    b[k++] = fs->cwd;
    for (int i = 0; i < fs->nfd; i++)
        if (fs->fd[i]) {
            fs->fd[i]->refs++;
            b[k++] = fs->fd[i];
        }
    b[k] = 0;
    return b;
}

void __divm_fs_fork_done(void **block, int child)
{
    (void)child;   /* the copy gave the child its own struct fsys and table */
    if (block)
        __divm_ifree(block);
}

static void drop_fd(int fd);

/* A process other than the last one ends (DiOS's end of a process): its
 * descriptors close, as the kernel closes them, so that the other ends of
 * its pipes and sockets see the end of the file.  No interrupt point (F()):
 * a thread that is ending is not scheduled again. */
void __divm_fs_proc_exit(void)
{
    if (!fs)
        return;
    for (int i = 3; i < fs->nfd; i++)
        if (fs->fd[i])
            drop_fd(i);
}

/* an end of a FIFO is closed: whoever waits for it sees the change */
static void fifo_release(struct node *n, int acc)
{
    if (acc != O_WRONLY) {
        n->readers--;
        n->wr_wait = 0; /* a writer gets EPIPE */
    }
    if (acc != O_RDONLY) {
        n->writers--;
        n->rd_wait = 0; /* a reader sees the end of the file */
    }
}

static void sock_close(struct node *n);

static void of_unref(struct ofile *of)
{
    if (--of->refs == 0) {
        struct node *n = of->node;
        if (S_ISFIFO(n->mode))
            fifo_release(n, of->flags & O_ACCMODE);
        if (n->sk)
            sock_close(n);
        __divm_ifree(of);
        n->opens--;
        maybe_free(n);
    }
}

static void drop_fd(int fd)
{
    struct ofile *of = fs->fd[fd];
    fs->fd[fd] = 0;
    of_unref(of);
}

static int std_fd(int fd)
{
    return fd >= 0 && fd <= 2;
}

/* -- open ------------------------------------------------------------------------ */

static struct node *dir_of_fd(int dirfd)
{
    if (dirfd == AT_FDCWD)
        return fs->cwd;
    struct ofile *of = get_of(dirfd);
    if (!of)
        return 0;
    if (!S_ISDIR(of->node->mode)) {
        errno = ENOTDIR;
        return 0;
    }
    return of->node;
}

static int open_fifo(struct node *n, int flags);

static int do_open_d(struct node *base, const char *path, int flags, mode_t mode, int depth)
{
    const char *name;
    size_t len;
    int slash;
    int acc = flags & O_ACCMODE;
    if (acc == O_ACCMODE)
        return fail(EINVAL);
    struct node *dir = walk_d(base, path, &name, &len, &slash, depth);
    if (!dir)
        return -1;
    struct node *n = child(dir, name, len);
    if (n) {
        if ((flags & O_CREAT) && (flags & O_EXCL))
            return fail(EEXIST);
        if (S_ISLNK(n->mode)) {
            if (flags & O_NOFOLLOW)
                return fail(ELOOP);
            if (++depth > MAXLINKS)
                return fail(ELOOP);
            return do_open_d(dir, n->data, flags, mode, depth);
        }
        if (S_ISDIR(n->mode)) {
            if (acc != O_RDONLY || (flags & O_TRUNC))
                return fail(EISDIR);
        } else if (S_ISSOCK(n->mode)) {
            return fail(ENXIO); /* a socket is reached by connect, not open */
        } else {
            if (slash || (flags & O_DIRECTORY))
                return fail(ENOTDIR);
        }
        if ((acc != O_WRONLY && !(n->mode & S_IRUSR)) || (acc != O_RDONLY && !(n->mode & S_IWUSR)))
            return fail(EACCES);
        if ((flags & O_TRUNC) && acc != O_RDONLY && S_ISREG(n->mode))
            set_size(n, 0);
        if (S_ISFIFO(n->mode))
            return open_fifo(n, flags);
    } else {
        if (errno != ENOENT || !(flags & O_CREAT))
            return -1;
        if (slash || (flags & O_DIRECTORY))
            return fail(EISDIR);
        if (!(dir->mode & S_IWUSR))
            return fail(EACCES);
        if (dir->nlink == 0)
            return fail(ENOENT); /* a removed directory */
        extern mode_t __divm_umask;
        n = new_node(S_IFREG | (mode & 07777 & ~__divm_umask));
        link_in(dir, name, len, n);
    }
    return new_fd(n, flags);
}

static int do_open(struct node *base, const char *path, int flags, mode_t mode)
{
    return do_open_d(base, path, flags, mode, 0);
}

/* Opens an end of a FIFO.  Without O_NONBLOCK, an open for reading waits
 * for a writer to open it, and one for writing for a reader; with it, the
 * reader goes on and a writer with no reader fails (ENXIO). */
static int open_fifo(struct node *n, int flags)
{
    int acc = flags & O_ACCMODE;
    if (acc == O_WRONLY && (flags & O_NONBLOCK) && n->readers == 0)
        return fail(ENXIO);
    n->opens++; /* keep it while waiting */
    if (acc != O_WRONLY) {
        n->readers++;
        n->rgen++;
        n->wopen_wait = 0;
    }
    if (acc != O_RDONLY) {
        n->writers++;
        n->wgen++;
        n->ropen_wait = 0;
    }
    if (acc == O_RDONLY && !(flags & O_NONBLOCK)) {
        int g = n->wgen;
        while (n->writers == 0 && n->wgen == g) {
            n->ropen_wait = 1;
            __dios_wait_zero(&n->ropen_wait);
        }
    } else if (acc == O_WRONLY) {
        int g = n->rgen;
        while (n->readers == 0 && n->rgen == g) {
            n->wopen_wait = 1;
            __dios_wait_zero(&n->wopen_wait);
        }
    }
    n->opens--;
    int fd = new_fd(n, flags);
    if (fd < 0)
        fifo_release(n, acc);
    return fd;
}

int openat(int dirfd, const char *path, int flags, ...)
{
    mode_t mode = 0;
    if (flags & O_CREAT) {
        va_list ap;
        va_start(ap, flags);
        mode = va_arg(ap, mode_t);
        va_end(ap);
    }
    F();
    struct node *base = dir_of_fd(dirfd);
    if (!base && path && *path != '/')
        return -1;
    return do_open(base ? base : fs->root, path, flags, mode);
}

/* libc-shim calls the __divm_ names: a program may define its own open or
 * close without changing fopen or opendir */
int __divm_open(const char *path, int flags, mode_t mode)
{
    return do_open(F()->cwd, path, flags, mode);
}

int open(const char *path, int flags, ...)
{
    mode_t mode = 0;
    if (flags & O_CREAT) {
        va_list ap;
        va_start(ap, flags);
        mode = va_arg(ap, mode_t);
        va_end(ap);
    }
    return __divm_open(path, flags, mode);
}

int open64(const char *path, int flags, ...) __attribute__((alias("open")));

int creat(const char *path, mode_t mode)
{
    return do_open(F()->cwd, path, O_WRONLY | O_CREAT | O_TRUNC, mode);
}

int __divm_close(int fd)
{
    if (std_fd(fd))
        return 0;
    F();
    if (!get_of(fd))
        return -1;
    drop_fd(fd);
    return 0;
}

int close(int fd) { return __divm_close(fd); }

/* -- reading and writing ------------------------------------------------------------ */

static ssize_t of_read(struct ofile *of, void *buf, size_t n, off_t pos)
{
    struct node *nd = of->node;
    if ((of->flags & O_ACCMODE) == O_WRONLY)
        return -EBADF;
    if (S_ISDIR(nd->mode))
        return -EISDIR;
    switch (nd->dev) {
    case DEV_NULL: return 0;
    case DEV_ZERO: __builtin_memset(buf, 0, n); return (ssize_t)n;
    case DEV_STDIN: return __dios_read(0, buf, n);
    case DEV_STDOUT:
    case DEV_STDERR: return -EBADF;
    }
    if (pos >= (off_t)nd->size)
        return 0;
    size_t left = nd->size - (size_t)pos;
    if (n > left)
        n = left;
    if (n)
        __builtin_memcpy(buf, nd->data + pos, n);
    return (ssize_t)n;
}

static ssize_t of_write(struct ofile *of, const void *buf, size_t n, off_t pos)
{
    struct node *nd = of->node;
    if ((of->flags & O_ACCMODE) == O_RDONLY)
        return -EBADF;
    switch (nd->dev) {
    case DEV_NULL:
    case DEV_ZERO: return (ssize_t)n;
    case DEV_STDIN: return -EBADF;
    case DEV_STDOUT: return __dios_write(1, buf, n);
    case DEV_STDERR: return __dios_write(2, buf, n);
    }
    if (n > (size_t)LONG_MAX - (size_t)pos)
        return -EFBIG;
    if (!n)
        return 0;
    size_t end = (size_t)pos + n;
    if (end > nd->size)
        set_size(nd, end);
    else
        make_owned(nd, nd->size);
    __builtin_memcpy(nd->data + pos, buf, n);
    return (ssize_t)n;
}

/* A read of a pipe takes what is there, at most n bytes (and leaves it with
 * MSG_PEEK); when it is empty, it waits for a writer to write or for the
 * last writer to close (then it is the end of the file).  The caller holds
 * the description while it waits, in case another thread closes the
 * descriptor. */
static ssize_t pipe_read(struct node *nd, void *buf, size_t n, int nonblock, int peek)
{
    while (nd->size == 0 && nd->writers > 0) {
        if (nonblock)
            return -EAGAIN;
        nd->rd_wait = 1;
        __dios_wait_zero(&nd->rd_wait);
    }
    size_t k = n < nd->size ? n : nd->size;
    if (k) {
        __builtin_memcpy(buf, nd->data, k);
        if (peek)
            return (ssize_t)k;
        nd->size -= k;
        if (nd->size) {
            __builtin_memmove(nd->data, nd->data + k, nd->size);
            __builtin_memset(nd->data + nd->size, 0, k); /* no stale bytes in the state */
        } else {
            __divm_ifree(nd->data);
            nd->data = 0;
            nd->cap = 0;
        }
        nd->wr_wait = 0;
    }
    return (ssize_t)k;
}

/* A write to a pipe with no reader is EPIPE (and SIGPIPE unless nosig).
 * Otherwise it writes everything, waiting for room when the pipe is full;
 * up to PIPE_BUF bytes go in at once, never interleaved with other
 * writers.  The caller holds the description, as for pipe_read. */
static ssize_t pipe_write(struct node *nd, const void *buf, size_t n, int nonblock, int nosig)
{
    size_t done = 0;
    while (done < n) {
        if (nd->readers == 0) {
            if (done)
                return (ssize_t)done;
            if (!nosig)
                raise(SIGPIPE);
            return -EPIPE;
        }
        size_t room = PIPE_CAP - nd->size, want = n - done;
        if (room == 0 || (want <= PIPE_BUF && room < want)) {
            if (nonblock)
                return done ? (ssize_t)done : -EAGAIN;
            nd->wr_wait = 1;
            __dios_wait_zero(&nd->wr_wait);
            continue;
        }
        size_t k = want < room ? want : room;
        make_owned(nd, nd->size + k);
        __builtin_memcpy(nd->data + nd->size, (const char *)buf + done, k);
        nd->size += k;
        done += k;
        nd->rd_wait = 0;
    }
    return (ssize_t)done;
}

/* read or write (wr) of a FIFO or pipe end: the description is held
 * across the wait, as pipe_read and pipe_write ask */
static ssize_t fifo_io(struct ofile *of, void *buf, size_t n, int wr)
{
    if ((of->flags & O_ACCMODE) == (wr ? O_RDONLY : O_WRONLY))
        return -EBADF;
    if (!n)
        return 0;
    of->refs++;
    int nonblock = of->flags & O_NONBLOCK;
    ssize_t r = wr ? pipe_write(of->node, buf, n, nonblock, 0) : pipe_read(of->node, buf, n, nonblock, 0);
    of_unref(of);
    return r;
}

static ssize_t sock_recv(struct ofile *of, void *buf, size_t n, int flags);
static ssize_t sock_send(struct ofile *of, const void *buf, size_t n, int flags);

/* read/write for stdio: descriptors 0-2 go to DiOS; -errno on failure */
ssize_t __divm_sysread(int fd, void *buf, size_t n)
{
    if (std_fd(fd))
        return __dios_read(fd, buf, n);
    F();
    struct ofile *of = get_of(fd);
    if (!of)
        return -EBADF;
    if (S_ISFIFO(of->node->mode))
        return fifo_io(of, buf, n, 0);
    if (of->node->sk)
        return sock_recv(of, buf, n, 0);
    ssize_t r = of_read(of, buf, n, of->pos);
    if (r > 0)
        of->pos += r;
    return r;
}

ssize_t __divm_syswrite(int fd, const void *buf, size_t n)
{
    if (std_fd(fd))
        return __dios_write(fd, buf, n);
    F();
    struct ofile *of = get_of(fd);
    if (!of)
        return -EBADF;
    if (S_ISFIFO(of->node->mode))
        return fifo_io(of, (void *)buf, n, 1);
    if (of->node->sk)
        return sock_send(of, buf, n, 0);
    if (of->flags & O_APPEND)
        of->pos = (off_t)of->node->size;
    ssize_t r = of_write(of, buf, n, of->pos);
    if (r > 0)
        of->pos += r;
    return r;
}

/* the standard streams under /dev are pipes, as descriptors 0-2; sockets
 * cannot seek either */
static int is_pipe(struct ofile *of)
{
    return of->node->dev >= DEV_STDIN || S_ISFIFO(of->node->mode) || S_ISSOCK(of->node->mode);
}

static ssize_t ret(ssize_t r)
{
    if (r < 0) {
        errno = (int)-r;
        return -1;
    }
    return r;
}

ssize_t read(int fd, void *buf, size_t n)
{
    return ret(__divm_sysread(fd, buf, n));
}

ssize_t write(int fd, const void *buf, size_t n)
{
    return ret(__divm_syswrite(fd, buf, n));
}

ssize_t pread(int fd, void *buf, size_t n, off_t off)
{
    if (std_fd(fd))
        return fail(ESPIPE);
    F();
    struct ofile *of = get_of(fd);
    if (!of)
        return -1;
    if (is_pipe(of))
        return fail(ESPIPE);
    if (off < 0)
        return fail(EINVAL);
    return ret(of_read(of, buf, n, off));
}

ssize_t pwrite(int fd, const void *buf, size_t n, off_t off)
{
    if (std_fd(fd))
        return fail(ESPIPE);
    F();
    struct ofile *of = get_of(fd);
    if (!of)
        return -1;
    if (is_pipe(of))
        return fail(ESPIPE);
    if (off < 0)
        return fail(EINVAL);
    return ret(of_write(of, buf, n, off));
}

off_t __divm_lseek(int fd, off_t off, int whence)
{
    if (std_fd(fd))
        return fail(ESPIPE);
    F();
    struct ofile *of = get_of(fd);
    if (!of)
        return -1;
    if (is_pipe(of))
        return fail(ESPIPE);
    off_t base;
    switch (whence) {
    case SEEK_SET: base = 0; break;
    case SEEK_CUR: base = of->pos; break;
    case SEEK_END: base = (off_t)of->node->size; break;
    default: return fail(EINVAL);
    }
    off_t np;
    if (__builtin_add_overflow(base, off, &np))
        return fail(EOVERFLOW);
    if (np < 0)
        return fail(EINVAL);
    of->pos = np;
    return np;
}

off_t lseek(int fd, off_t off, int whence) { return __divm_lseek(fd, off, whence); }

int ftruncate(int fd, off_t len)
{
    if (std_fd(fd))
        return fail(EINVAL);
    F();
    struct ofile *of = get_of(fd);
    if (!of)
        return -1;
    if (len < 0 || !S_ISREG(of->node->mode) || (of->flags & O_ACCMODE) == O_RDONLY)
        return fail(EINVAL);
    set_size(of->node, (size_t)len);
    return 0;
}

int truncate(const char *path, off_t len)
{
    struct node *n = lookup_at(F()->cwd, path);
    if (!n)
        return -1;
    if (S_ISDIR(n->mode))
        return fail(EISDIR);
    if (!(n->mode & S_IWUSR))
        return fail(EACCES);
    if (len < 0 || !S_ISREG(n->mode))
        return fail(EINVAL);
    set_size(n, (size_t)len);
    return 0;
}

int dup(int fd)
{
    if (std_fd(fd))
        return fail(EMFILE); /* the standard streams are DiOS's, not descriptors here */
    F();
    struct ofile *of = get_of(fd);
    if (!of)
        return -1;
    int n = alloc_fd(3);
    if (n < 0)
        return -1;
    of->refs++;
    fs->fd[n] = of;
    return n;
}

int dup2(int fd, int fd2)
{
    if (std_fd(fd))
        return fd == fd2 ? fd2 : fail(EMFILE);
    F();
    struct ofile *of = get_of(fd);
    if (!of)
        return -1;
    if (fd == fd2)
        return fd2;
    if (fd2 < 0 || fd2 >= MAXFD)
        return fail(EBADF);
    if (std_fd(fd2))
        return fail(EMFILE);
    if (alloc_fd(fd2) < 0 && fd2 >= fs->nfd)
        return -1;
    if (fs->fd[fd2])
        drop_fd(fd2);
    of->refs++;
    fs->fd[fd2] = of;
    return fd2;
}

int dup3(int fd, int fd2, int flags)
{
    if (fd == fd2 || (flags & ~O_CLOEXEC))
        return fail(EINVAL);
    return dup2(fd, fd2);
}

int __divm_fcntl(int fd, int cmd, long arg)
{
    struct ofile *of = 0;
    if (!std_fd(fd)) {
        F();
        if (!(of = get_of(fd)))
            return -1;
    }
    switch (cmd) {
    case F_GETFD:
        return 0;
    case F_SETFD:
        return 0;
    case F_GETFL:
        return of ? of->flags : fd == 0 ? O_RDONLY : O_WRONLY;
    case F_SETFL:
        if (of)
            of->flags = (of->flags & ~(O_APPEND | O_NONBLOCK)) | ((int)arg & (O_APPEND | O_NONBLOCK));
        return 0;
    case F_DUPFD:
    case F_DUPFD_CLOEXEC: {
        if (!of)
            return fail(EMFILE);
        if (arg < 0 || arg >= MAXFD)
            return fail(EINVAL);
        int n = alloc_fd((int)arg);
        if (n < 0)
            return -1;
        of->refs++;
        fs->fd[n] = of;
        return n;
    }
    }
    return fail(EINVAL);
}

int fcntl(int fd, int cmd, ...)
{
    va_list ap;
    va_start(ap, cmd);
    long arg = va_arg(ap, long);
    va_end(ap);
    return __divm_fcntl(fd, cmd, arg);
}

int fsync(int fd)
{
    if (std_fd(fd))
        return 0;
    F();
    return get_of(fd) ? 0 : -1;
}

int fdatasync(int fd) { return fsync(fd); }

int isatty(int fd)
{
    if (!std_fd(fd)) {
        F();
        if (!get_of(fd))
            return 0;
    }
    errno = ENOTTY;
    return 0;
}

/* -- names ------------------------------------------------------------------------ */

static int do_unlink(struct node *base, const char *path, int rmdir_)
{
    const char *name;
    size_t len;
    int slash;
    struct node *dir = walk(base, path, &name, &len, &slash);
    if (!dir)
        return -1;
    if (rmdir_ && len == 1 && name[0] == '.')
        return fail(EINVAL);
    if (rmdir_ && (len == 0 || is_dot(name, len)))
        return fail(len == 0 ? EBUSY : ENOTEMPTY);
    if (!rmdir_ && (len == 0 || is_dot(name, len)))
        return fail(EISDIR);
    struct dent *e = find(dir, name, len);
    if (!e)
        return fail(ENOENT);
    struct node *n = e->node;
    if (rmdir_) {
        if (!S_ISDIR(n->mode))
            return fail(ENOTDIR);
        if (n->ents)
            return fail(ENOTEMPTY);
        if (n == fs->cwd || n == fs->root)
            return fail(EBUSY);
    } else {
        if (S_ISDIR(n->mode))
            return fail(EISDIR);
        if (slash)
            return fail(ENOTDIR);
    }
    if (!(dir->mode & S_IWUSR))
        return fail(EACCES);
    unlink_ent(dir, e);
    return 0;
}

int unlink(const char *path) { return do_unlink(F()->cwd, path, 0); }
int rmdir(const char *path) { return do_unlink(F()->cwd, path, 1); }

int unlinkat(int dirfd, const char *path, int flags)
{
    F();
    struct node *base = dir_of_fd(dirfd);
    if (!base && path && *path != '/')
        return -1;
    return do_unlink(base ? base : fs->root, path, (flags & AT_REMOVEDIR) != 0);
}

int remove(const char *path)
{
    int r = do_unlink(F()->cwd, path, 0);
    if (r < 0 && errno == EISDIR)
        r = do_unlink(fs->cwd, path, 1);
    return r;
}

/* The directory in which path names a new entry (its name in *name, *len),
 * or NULL with errno set: it exists, or the directory cannot take it. */
static struct node *new_entry(struct node *base, const char *path, const char **name, size_t *len,
                              int trailing_slash_ok)
{
    int slash;
    struct node *dir = walk(base, path, name, len, &slash);
    if (!dir)
        return 0;
    if (*len == 0 || is_dot(*name, *len) || find(dir, *name, *len))
        return fail(EEXIST), (struct node *) 0;
    if (slash && !trailing_slash_ok)
        return fail(ENOENT), (struct node *) 0;
    if (!(dir->mode & S_IWUSR))
        return fail(EACCES), (struct node *) 0;
    if (dir->nlink == 0)
        return fail(ENOENT), (struct node *) 0;
    return dir;
}

static int do_mkdir(struct node *base, const char *path, mode_t mode)
{
    const char *name;
    size_t len;
    struct node *dir = new_entry(base, path, &name, &len, 1);
    if (!dir)
        return -1;
    extern mode_t __divm_umask;
    struct node *n = new_node(S_IFDIR | (mode & 07777 & ~__divm_umask));
    link_in(dir, name, len, n);
    n->nlink++; /* its . */
    return 0;
}

int mkdir(const char *path, mode_t mode) { return do_mkdir(F()->cwd, path, mode); }

int mkdirat(int dirfd, const char *path, mode_t mode)
{
    F();
    struct node *base = dir_of_fd(dirfd);
    if (!base && path && *path != '/')
        return -1;
    return do_mkdir(base ? base : fs->root, path, mode);
}

static int inside(struct node *n, struct node *dir)
{
    for (;;) {
        if (n == dir)
            return 1;
        if (dir == fs->root)
            return 0;
        dir = dir->parent;
    }
}

int rename(const char *from, const char *to)
{
    const char *fname, *tname;
    size_t flen, tlen;
    int fslash, tslash;
    F();
    struct node *fdir = walk(fs->cwd, from, &fname, &flen, &fslash);
    if (!fdir)
        return -1;
    struct node *tdir = walk(fs->cwd, to, &tname, &tlen, &tslash);
    if (!tdir)
        return -1;
    if (flen == 0 || is_dot(fname, flen) || tlen == 0 || is_dot(tname, tlen))
        return fail(flen == 0 || tlen == 0 ? EBUSY : EINVAL);
    struct dent *fe = find(fdir, fname, flen);
    if (!fe)
        return fail(ENOENT);
    struct node *n = fe->node;
    int isdir = S_ISDIR(n->mode);
    if ((fslash || tslash) && !isdir)
        return fail(ENOTDIR);
    if (!(fdir->mode & S_IWUSR) || !(tdir->mode & S_IWUSR))
        return fail(EACCES);
    if (isdir && inside(n, tdir))
        return fail(EINVAL); /* into its own subtree */
    struct dent *te = find(tdir, tname, tlen);
    if (te) {
        if (te->node == n)
            return 0;
        if (isdir && !S_ISDIR(te->node->mode))
            return fail(ENOTDIR);
        if (!isdir && S_ISDIR(te->node->mode))
            return fail(EISDIR);
        if (S_ISDIR(te->node->mode) && te->node->ents)
            return fail(ENOTEMPTY);
        if (te->node == fs->cwd)
            return fail(EBUSY);
    }
    n->opens++; /* keep it while its old entry goes */
    if (te)
        unlink_ent(tdir, te);
    unlink_ent(fdir, fe);
    if (isdir)
        n->nlink = 1;
    link_in(tdir, tname, tlen, n);
    n->opens--;
    return 0;
}

int link(const char *from, const char *to)
{
    struct node *n = lookup_nofollow(F()->cwd, from);
    if (!n)
        return -1;
    if (S_ISDIR(n->mode))
        return fail(EPERM);
    const char *name;
    size_t len;
    struct node *dir = new_entry(fs->cwd, to, &name, &len, 0);
    if (!dir)
        return -1;
    link_in(dir, name, len, n);
    return 0;
}

int symlink(const char *target, const char *path)
{
    F();
    if (!target)
        return fail(EFAULT);
    if (!*target)
        return fail(ENOENT);
    size_t tl = __divm_strnlen(target, PATH_MAX);
    if (tl >= PATH_MAX)
        return fail(ENAMETOOLONG);
    const char *name;
    size_t len;
    struct node *dir = new_entry(fs->cwd, path, &name, &len, 0);
    if (!dir)
        return -1;
    struct node *n = new_node(S_IFLNK | 0777);
    n->data = sdup(target, tl);
    n->size = n->cap = tl;
    link_in(dir, name, len, n);
    return 0;
}

ssize_t readlink(const char *__restrict path, char *__restrict buf, size_t n)
{
    struct node *l = lookup_nofollow(F()->cwd, path);
    if (!l)
        return -1;
    if (!S_ISLNK(l->mode))
        return fail(EINVAL);
    size_t k = l->size < n ? l->size : n;
    __builtin_memcpy(buf, l->data, k);
    return (ssize_t)k;
}

/* -- attributes ------------------------------------------------------------------- */

static void fill_stat(struct node *n, struct stat *st)
{
    __builtin_memset(st, 0, sizeof *st);
    st->st_dev = 1;
    st->st_ino = n->ino;
    st->st_nlink = n->nlink;
    st->st_mode = n->mode;
    st->st_size = S_ISDIR(n->mode) ? 4096 : S_ISFIFO(n->mode) || S_ISSOCK(n->mode) ? 0 : (off_t)n->size;
    st->st_blksize = 4096;
    st->st_blocks = (st->st_size + 511) / 512;
}

int stat(const char *__restrict path, struct stat *__restrict st)
{
    struct node *n = lookup_at(F()->cwd, path);
    if (!n)
        return -1;
    fill_stat(n, st);
    return 0;
}

int lstat(const char *__restrict path, struct stat *__restrict st)
{
    struct node *n = lookup_nofollow(F()->cwd, path);
    if (!n)
        return -1;
    fill_stat(n, st);
    return 0;
}

int __divm_fstat(int fd, struct stat *st)
{
    if (std_fd(fd)) {
        __builtin_memset(st, 0, sizeof *st);
        st->st_mode = S_IFIFO | 0600;
        st->st_nlink = 1;
        st->st_blksize = 4096;
        return 0;
    }
    F();
    struct ofile *of = get_of(fd);
    if (!of)
        return -1;
    fill_stat(of->node, st);
    return 0;
}

int fstat(int fd, struct stat *st) { return __divm_fstat(fd, st); }

int fstatat(int dirfd, const char *__restrict path, struct stat *__restrict st, int flags)
{
    if ((flags & AT_EMPTY_PATH) && path && !*path)
        return __divm_fstat(dirfd, st);
    F();
    struct node *base = dir_of_fd(dirfd);
    if (!base && path && *path != '/')
        return -1;
    struct node *n = lookup_f(base ? base : fs->root, path, !(flags & AT_SYMLINK_NOFOLLOW), 0);
    if (!n)
        return -1;
    fill_stat(n, st);
    return 0;
}

int __divm_access(const char *path, int mode)
{
    struct node *n = lookup_at(F()->cwd, path);
    if (!n)
        return -1;
    if (mode & ~(R_OK | W_OK | X_OK))
        return fail(EINVAL);
    if (((mode & R_OK) && !(n->mode & S_IRUSR)) || ((mode & W_OK) && !(n->mode & S_IWUSR)) ||
        ((mode & X_OK) && !(n->mode & S_IXUSR)))
        return fail(EACCES);
    return 0;
}

int access(const char *path, int mode) { return __divm_access(path, mode); }

int faccessat(int dirfd, const char *path, int mode, int flags)
{
    (void)flags;
    if (dirfd == AT_FDCWD || (path && *path == '/'))
        return __divm_access(path, mode);
    return fail(ENOSYS);
}

int eaccess(const char *path, int mode) { return __divm_access(path, mode); }
int euidaccess(const char *path, int mode) { return __divm_access(path, mode); }

int chmod(const char *path, mode_t mode)
{
    struct node *n = lookup_at(F()->cwd, path);
    if (!n)
        return -1;
    n->mode = (n->mode & S_IFMT) | (mode & 07777);
    return 0;
}

int fchmod(int fd, mode_t mode)
{
    if (std_fd(fd))
        return 0;
    F();
    struct ofile *of = get_of(fd);
    if (!of)
        return -1;
    of->node->mode = (of->node->mode & S_IFMT) | (mode & 07777);
    return 0;
}

int chown(const char *path, uid_t u, gid_t g)
{
    (void)u;
    (void)g;
    return lookup_at(F()->cwd, path) ? 0 : -1;
}

int mkfifo(const char *path, mode_t mode)
{
    const char *name;
    size_t len;
    struct node *dir = new_entry(F()->cwd, path, &name, &len, 0);
    if (!dir)
        return -1;
    extern mode_t __divm_umask;
    link_in(dir, name, len, new_node(S_IFIFO | (mode & 07777 & ~__divm_umask)));
    return 0;
}

/* a pipe: a FIFO without a name, its read end in fds[0] */
int pipe2(int fds[2], int flags)
{
    if (flags & ~(O_CLOEXEC | O_NONBLOCK))
        return fail(EINVAL);
    F();
    struct node *n = new_node(S_IFIFO | 0600);
    n->readers = n->writers = 1;
    n->rgen = n->wgen = 1;
    int r = new_fd(n, O_RDONLY | (flags & O_NONBLOCK));
    if (r < 0) {
        free_node(n);
        return -1;
    }
    int w = new_fd(n, O_WRONLY | (flags & O_NONBLOCK));
    if (w < 0) {
        drop_fd(r);
        return -1;
    }
    fds[0] = r;
    fds[1] = w;
    return 0;
}

int pipe(int fds[2]) { return pipe2(fds, 0); }

/* readv and writev: one buffer after another (a pipe's atomic write of up
 * to PIPE_BUF bytes holds per buffer only) */
static ssize_t vector_io(int fd, const struct iovec *iov, int cnt, int writing)
{
    if (cnt < 0 || cnt > IOV_MAX)
        return fail(EINVAL);
    ssize_t total = 0;
    for (int i = 0; i < cnt; i++) {
        ssize_t r = writing ? __divm_syswrite(fd, iov[i].iov_base, iov[i].iov_len)
                         : __divm_sysread(fd, iov[i].iov_base, iov[i].iov_len);
        if (r < 0)
            return total ? total : ret(r);
        total += r;
        if ((size_t)r < iov[i].iov_len)
            break;
    }
    return total;
}

ssize_t readv(int fd, const struct iovec *iov, int cnt) { return vector_io(fd, iov, cnt, 0); }
ssize_t writev(int fd, const struct iovec *iov, int cnt) { return vector_io(fd, iov, cnt, 1); }

/* -- sockets ------------------------------------------------------------------------ */

/* AF_UNIX sockets, after DiOS's VFS.  A socket is a node (S_IFSOCK)
 * with a struct sock; bind links that node into the tree under its name.
 * A connection is two unnamed pipes cross-connected: each end reads one and
 * writes the other, so blocking, capacity, the end of the file after the
 * peer's close and EPIPE are the pipes'.  connect queues the server's end of
 * a new connection on the listening socket and returns (it waits only when
 * the backlog is full); accept takes the oldest, waiting while there is
 * none.  The accepted end has the listener's name, as in DiOS and Linux.
 * A datagram socket (SOCK_DGRAM) keeps the datagrams sent to it in a queue
 * of its own, up to DGRAM_QLEN + 1 (Linux's default), and the socket it is
 * connected to, if any. */

#define DGRAM_QLEN 10

struct dgram
{
    struct dgram *next;
    char *from;  /* the sender's name (0 for none) */
    size_t len;
    char data[];
};

enum { SK_NEW, SK_LISTEN, SK_CONN, SK_CLOSED };
enum { SH_RD = 1, SH_WR = 2 };
enum { SO_BOOLS = 1 << SO_DEBUG | 1 << SO_REUSEADDR | 1 << SO_BROADCAST | 1 << SO_KEEPALIVE | 1 << SO_REUSEPORT };

struct sock
{
    int type;               /* SOCK_STREAM or SOCK_DGRAM */
    int state;              /* SK_* (a datagram socket is SK_NEW until closed) */
    int shut;               /* SH_RD, SH_WR: the pipe ends shutdown gave up */
    int opts;               /* the boolean options set, 1 << SO_* */
    struct node *in, *out;  /* connected: the pipe it reads and the pipe it writes */
    char *name, *peer;      /* its address and its peer's (0 for none) */
    int backlog, queued;    /* listening: the limit and the queue's length */
    struct node *queue;     /* listening: connections not accepted yet, oldest first */
    struct node *next;      /* queued: the next in the listener's queue */
    volatile int acc_wait;  /* set by a waiting accept, cleared by a connect */
    volatile int con_wait;  /* set by a connect waiting for the backlog, cleared by an accept or a close */
    struct dgram *dgrams;   /* datagram: received, oldest first */
    int ndgrams;
    struct node *dest;      /* datagram: the socket connect named (held: opens) */
    volatile int dg_rwait;  /* set by a receiver waiting for a datagram, cleared by a send or shutdown */
    volatile int dg_wwait;  /* set by a sender waiting for room, cleared by a receive or a close */
};

static struct node *new_sock(int type)
{
    struct node *n = new_node(S_IFSOCK | 0777);
    n->sk = __divm_ialloc(sizeof *n->sk);
    __builtin_memset(n->sk, 0, sizeof *n->sk);
    n->sk->type = type;
    return n;
}

static void dg_free(struct dgram *d)
{
    if (d->from)
        __divm_ifree(d->from);
    __divm_ifree(d);
}

/* a datagram socket forgets the socket it was connected to */
static void dg_undest(struct sock *sk)
{
    if (sk->dest) {
        sk->dest->opens--;
        maybe_free(sk->dest);
        sk->dest = 0;
    }
}

static void sock_free(struct sock *sk)
{
    if (sk->name)
        __divm_ifree(sk->name);
    if (sk->peer)
        __divm_ifree(sk->peer);
    __divm_ifree(sk);
}

/* one direction of a connection: a pipe both ends keep (opens) */
static struct node *sock_pipe(void)
{
    struct node *p = new_node(S_IFIFO | 0600);
    p->readers = p->writers = 1;
    p->rgen = p->wgen = 1;
    p->opens = 2;
    return p;
}

static void sock_join(struct node *a, struct node *b)
{
    struct node *p = sock_pipe(), *q = sock_pipe();
    a->sk->in = b->sk->out = p;
    a->sk->out = b->sk->in = q;
    a->sk->state = b->sk->state = SK_CONN;
    if (b->sk->name)
        a->sk->peer = sdup(b->sk->name, __divm_strlen(b->sk->name));
    if (a->sk->name)
        b->sk->peer = sdup(a->sk->name, __divm_strlen(a->sk->name));
}

/* gives up this end's reading (SH_RD) or writing (SH_WR): the peer's
 * writes get EPIPE, or its reads see the end of the file */
static void sock_shut(struct sock *sk, int how)
{
    how &= ~sk->shut;
    if ((how & SH_RD) && sk->in) {
        sk->in->readers--;
        sk->in->wr_wait = 0;
        sk->in->rd_wait = 0; /* a reader of this end stops waiting */
    }
    if (how & SH_RD)
        sk->dg_rwait = 0;
    if ((how & SH_WR) && sk->out) {
        sk->out->writers--;
        sk->out->rd_wait = 0;
    }
    sk->shut |= how;
}

static void sock_unpipe(struct node *p)
{
    p->opens--;
    maybe_free(p);
}

/* The last description is closed (or a queued connection is dropped): the
 * peer sees the end of the file, queued connections are refused.  As on
 * Linux, the peer's read gets ECONNRESET once (after the bytes it has not
 * read) when this end goes with bytes unread or was never accepted. */
static void sock_close(struct node *n)
{
    struct sock *sk = n->sk;
    if (sk->in && sk->in->size && sk->out)
        sk->out->err = ECONNRESET;
    sock_shut(sk, SH_RD | SH_WR);
    if (sk->in)
        sock_unpipe(sk->in);
    if (sk->out)
        sock_unpipe(sk->out);
    sk->in = sk->out = 0;
    while (sk->queue) {
        struct node *q = sk->queue;
        sk->queue = q->sk->next;
        q->sk->out->err = ECONNRESET;
        sock_close(q);
        q->opens--;
        maybe_free(q);
    }
    sk->queued = 0;
    sk->con_wait = 0;
    while (sk->dgrams) {
        struct dgram *d = sk->dgrams;
        sk->dgrams = d->next;
        dg_free(d);
    }
    sk->ndgrams = 0;
    sk->dg_wwait = 0; /* a waiting sender gets ECONNREFUSED */
    dg_undest(sk);
    sk->state = SK_CLOSED;
}

/* the socket description fd names: EBADF when it is not open, ENOTSOCK
 * when it is not a socket */
static struct ofile *sock_of(int fd)
{
    if (std_fd(fd))
        return fail(ENOTSOCK), (struct ofile *) 0;
    F();
    struct ofile *of = get_of(fd);
    if (of && !of->node->sk)
        return fail(ENOTSOCK), (struct ofile *) 0;
    return of;
}

/* the path in an AF_UNIX address into path[109]: 0 or an errno value,
 * badfam for another family (unnamed and abstract addresses are not
 * supported: EINVAL) */
static int sun_path(const struct sockaddr *a, socklen_t len, char *path, int badfam)
{
    if (!a)
        return EFAULT;
    if (len < sizeof(sa_family_t))
        return EINVAL;
    if (a->sa_family != AF_UNIX)
        return badfam;
    if (len == sizeof(sa_family_t))
        return EINVAL;
    size_t k = len - sizeof(sa_family_t);
    if (k > 108)
        k = 108;
    __builtin_memcpy(path, ((const struct sockaddr_un *)a)->sun_path, k);
    path[k] = 0;
    return path[0] ? 0 : EINVAL;
}

/* Stores an address for getsockname, getpeername, accept and recvfrom
 * (truncated to *len bytes).  *len becomes the length DiOS gives,
 * sizeof(struct sockaddr) + the path and its NUL, for an unnamed address
 * too (Linux gives offsetof(sun_path) + ..., and the family alone for an
 * unnamed one; DIVINE's tests check DiOS's). */
static int sock_addr(const char *name, struct sockaddr *a, socklen_t *len)
{
    if (!a)
        return 0;
    if (!len)
        return fail(EFAULT);
    char u[sizeof(sa_family_t) + 109];
    sa_family_t fam = AF_UNIX;
    size_t k = name ? __divm_strlen(name) : 0, full = sizeof fam + k + 1;
    __builtin_memcpy(u, &fam, sizeof fam);
    if (k)
        __builtin_memcpy(u + sizeof fam, name, k);
    u[sizeof fam + k] = 0;
    __builtin_memcpy(a, u, *len < full ? *len : full);
    *len = (socklen_t)(sizeof(struct sockaddr) + k + 1);
    return 0;
}

int socket(int domain, int type, int proto)
{
    if (domain == AF_INET || domain == AF_INET6)
        return fail(EACCES); /* no network under divm */
    if (domain != AF_UNIX)
        return fail(EAFNOSUPPORT);
    if (type & ~(0xf | SOCK_NONBLOCK | SOCK_CLOEXEC))
        return fail(EINVAL);
    if (((type & 0xf) != SOCK_STREAM && (type & 0xf) != SOCK_DGRAM) || (proto && proto != PF_UNIX))
        return fail(EPROTONOSUPPORT);
    F();
    struct node *n = new_sock(type & 0xf);
    int fd = new_fd(n, O_RDWR | (type & SOCK_NONBLOCK ? O_NONBLOCK : 0));
    if (fd < 0)
        free_node(n);
    return fd;
}

int socketpair(int domain, int type, int proto, int sv[2])
{
    if (domain != AF_UNIX)
        return fail(domain == AF_INET || domain == AF_INET6 ? EOPNOTSUPP : EAFNOSUPPORT);
    if (type & ~(0xf | SOCK_NONBLOCK | SOCK_CLOEXEC))
        return fail(EINVAL);
    if (((type & 0xf) != SOCK_STREAM && (type & 0xf) != SOCK_DGRAM) || (proto && proto != PF_UNIX))
        return fail(EPROTONOSUPPORT);
    F();
    int fl = O_RDWR | (type & SOCK_NONBLOCK ? O_NONBLOCK : 0);
    struct node *a = new_sock(type & 0xf), *b = new_sock(type & 0xf);
    int fa = new_fd(a, fl);
    if (fa < 0) {
        free_node(a);
        free_node(b);
        return -1;
    }
    int fb = new_fd(b, fl);
    if (fb < 0) {
        drop_fd(fa);
        free_node(b);
        return -1;
    }
    if ((type & 0xf) == SOCK_DGRAM) { /* each the other's destination */
        a->sk->dest = b;
        b->sk->dest = a;
        a->opens++;
        b->opens++;
    } else
        sock_join(a, b);
    sv[0] = fa;
    sv[1] = fb;
    return 0;
}

int bind(int fd, const struct sockaddr *a, socklen_t len)
{
    struct ofile *of = sock_of(fd);
    if (!of)
        return -1;
    char path[109];
    int e = sun_path(a, len, path, EINVAL);
    if (e)
        return fail(e);
    struct node *n = of->node;
    if (n->sk->name || n->nlink)
        return fail(EINVAL); /* bound already */
    const char *name;
    size_t nl;
    struct node *dir = new_entry(fs->cwd, path, &name, &nl, 0);
    if (!dir)
        return errno == EEXIST ? fail(EADDRINUSE) : -1;
    extern mode_t __divm_umask;
    n->mode = S_IFSOCK | (0777 & ~__divm_umask);
    link_in(dir, name, nl, n);
    n->sk->name = sdup(path, __divm_strlen(path));
    return 0;
}

int listen(int fd, int backlog)
{
    struct ofile *of = sock_of(fd);
    if (!of)
        return -1;
    struct sock *sk = of->node->sk;
    if (sk->type != SOCK_STREAM)
        return fail(EOPNOTSUPP);
    if (sk->state == SK_CONN)
        return fail(EINVAL);
    if (!sk->name)
        return fail(EDESTADDRREQ);
    if ((unsigned)backlog > SOMAXCONN)
        backlog = SOMAXCONN; /* as Linux: a negative one too */
    sk->state = SK_LISTEN;
    sk->backlog = backlog;
    sk->con_wait = 0;
    return 0;
}

/* the listener l takes a new connection from the socket c */
static void sock_enqueue(struct node *l, struct node *c)
{
    struct node *s = new_sock(SOCK_STREAM);
    s->sk->name = sdup(l->sk->name, __divm_strlen(l->sk->name));
    sock_join(c, s);
    s->opens++; /* the queue's */
    struct node **p = &l->sk->queue;
    while (*p)
        p = &(*p)->sk->next;
    *p = s;
    l->sk->queued++;
    l->sk->acc_wait = 0;
}

/* the datagram socket the path in an address names: the node, or 0 and
 * *err set */
static struct node *dg_lookup(const struct sockaddr *a, socklen_t len, int *err)
{
    char path[109];
    struct node *t = 0;
    if (!(*err = sun_path(a, len, path, EAFNOSUPPORT)) && !(t = lookup_at(fs->cwd, path)))
        *err = errno;
    else if (t && !t->sk)
        *err = ECONNREFUSED;
    else if (t && t->sk->type != SOCK_DGRAM)
        *err = EPROTOTYPE;
    else if (t && !(t->mode & S_IWUSR))
        *err = EACCES;
    else if (t && t->sk->state == SK_CLOSED)
        *err = ECONNREFUSED;
    return *err ? 0 : t;
}

/* a datagram socket's connect names its default destination (AF_UNSPEC
 * forgets it) */
static int dg_connect(struct sock *sk, const struct sockaddr *a, socklen_t len)
{
    if (a && len >= sizeof(sa_family_t) && a->sa_family == AF_UNSPEC) {
        dg_undest(sk);
        return 0;
    }
    int e;
    struct node *t = dg_lookup(a, len, &e);
    if (!t)
        return fail(e);
    t->opens++;
    dg_undest(sk);
    sk->dest = t;
    return 0;
}

/* As Linux, a listener queues up to backlog + 1 connections; one more
 * waits (EAGAIN with O_NONBLOCK) for an accept.  The description and the
 * listener are held while it waits. */
int connect(int fd, const struct sockaddr *a, socklen_t len)
{
    struct ofile *of = sock_of(fd);
    if (!of)
        return -1;
    struct sock *sk = of->node->sk;
    if (sk->type == SOCK_DGRAM)
        return dg_connect(sk, a, len);
    char path[109];
    int e = sun_path(a, len, path, EAFNOSUPPORT);
    if (e)
        return fail(e);
    if (sk->state == SK_CONN)
        return fail(EISCONN);
    if (sk->state == SK_LISTEN)
        return fail(EOPNOTSUPP);
    struct node *t = lookup_at(fs->cwd, path);
    if (!t)
        return -1;
    if (!t->sk)
        return fail(ECONNREFUSED);
    if (t->sk->type != SOCK_STREAM)
        return fail(EPROTOTYPE);
    if (!(t->mode & S_IWUSR))
        return fail(EACCES);
    of->refs++;
    t->opens++;
    for (;;) {
        if (sk->state == SK_CONN)
            e = EISCONN;
        else if (t->sk->state != SK_LISTEN)
            e = ECONNREFUSED;
        else if (t->sk->queued <= t->sk->backlog)
            break;
        else if (of->flags & O_NONBLOCK)
            e = EAGAIN;
        if (e)
            break;
        t->sk->con_wait = 1;
        __dios_wait_zero(&t->sk->con_wait);
    }
    if (!e)
        sock_enqueue(t, of->node);
    t->opens--;
    maybe_free(t);
    of_unref(of);
    return e ? fail(e) : 0;
}

int accept4(int fd, struct sockaddr *__restrict a, socklen_t *__restrict len, int flags)
{
    if (flags & ~(SOCK_NONBLOCK | SOCK_CLOEXEC))
        return fail(EINVAL);
    struct ofile *of = sock_of(fd);
    if (!of)
        return -1;
    struct sock *sk = of->node->sk;
    if (sk->type != SOCK_STREAM)
        return fail(EOPNOTSUPP);
    if (sk->state != SK_LISTEN)
        return fail(EINVAL);
    if (a && !len)
        return fail(EFAULT);
    of->refs++;
    while (!sk->queue) {
        if (of->flags & O_NONBLOCK) {
            of_unref(of);
            return fail(EAGAIN);
        }
        sk->acc_wait = 1;
        __dios_wait_zero(&sk->acc_wait);
    }
    struct node *s = sk->queue;
    int nfd = new_fd(s, O_RDWR | (flags & SOCK_NONBLOCK ? O_NONBLOCK : 0));
    if (nfd >= 0) {
        sk->queue = s->sk->next;
        s->sk->next = 0;
        s->opens--; /* the queue's */
        sk->queued--;
        sk->con_wait = 0;
        sock_addr(s->sk->peer, a, len);
    }
    of_unref(of);
    return nfd;
}

int accept(int fd, struct sockaddr *__restrict a, socklen_t *__restrict len) { return accept4(fd, a, len, 0); }

/* send: ENOTCONN before a connection, EPIPE (and SIGPIPE unless
 * MSG_NOSIGNAL) after shutdown(SHUT_WR) or the peer's close or
 * shutdown(SHUT_RD); -errno on failure */
static ssize_t st_send(struct ofile *of, const void *buf, size_t n, int flags)
{
    struct sock *sk = of->node->sk;
    if (sk->state != SK_CONN)
        return -ENOTCONN;
    if (sk->shut & SH_WR) {
        if (!(flags & MSG_NOSIGNAL))
            raise(SIGPIPE);
        return -EPIPE;
    }
    if (!n)
        return 0;
    of->refs++;
    ssize_t r = pipe_write(sk->out, buf, n, (of->flags & O_NONBLOCK) || (flags & MSG_DONTWAIT),
                        flags & MSG_NOSIGNAL);
    of_unref(of);
    return r;
}

/* takes from the socket's pipe, waiting while it is empty and has a writer,
 * unless nb; shutdown(SHUT_RD) ends the wait too (it clears rd_wait) */
static ssize_t sock_take(struct sock *sk, void *buf, size_t n, int nb, int peek)
{
    ssize_t r;
    while ((r = pipe_read(sk->in, buf, n, 1, peek)) == -EAGAIN && !nb && !(sk->shut & SH_RD)) {
        sk->in->rd_wait = 1;
        __dios_wait_zero(&sk->in->rd_wait);
    }
    return r == -EAGAIN && (sk->shut & SH_RD) ? 0 : r;
}

/* recv: what the peer sent, waiting while there is nothing; 0 at the end
 * of the file (the peer closed or shut its writing down), after a pending
 * ECONNRESET.  After shutdown(SHUT_RD) it takes what is left without
 * waiting, as Linux. */
static ssize_t st_recv(struct ofile *of, void *buf, size_t n, int flags)
{
    struct sock *sk = of->node->sk;
    if (sk->state != SK_CONN)
        return -ENOTCONN;
    if (!n)
        return 0;
    int nb = (of->flags & O_NONBLOCK) || (flags & MSG_DONTWAIT);
    of->refs++;
    ssize_t r = sock_take(sk, buf, n, nb, flags & MSG_PEEK);
    if ((flags & MSG_WAITALL) && !(flags & MSG_PEEK))
        while (r > 0 && (size_t)r < n) {
            ssize_t k = sock_take(sk, (char *)buf + r, n - (size_t)r, nb, 0);
            if (k <= 0)
                break;
            r += k;
        }
    if (r == 0 && sk->in->err) {
        r = -sk->in->err;
        sk->in->err = 0;
    }
    of_unref(of);
    return r;
}

/* A datagram goes to the socket a names, or to the one connect named
 * (EDESTADDRREQ without either, ECONNREFUSED once it is closed); it waits
 * while that socket's queue is full.  The description and the destination
 * are held while it waits. */
static ssize_t dg_send(struct ofile *of, const void *buf, size_t n, int flags, const struct sockaddr *a,
                    socklen_t alen)
{
    struct sock *sk = of->node->sk;
    if (sk->shut & SH_WR) {
        if (!(flags & MSG_NOSIGNAL))
            raise(SIGPIPE);
        return -EPIPE;
    }
    int e = 0;
    struct node *t = sk->dest;
    if (a && !(t = dg_lookup(a, alen, &e)))
        return -e;
    if (!t)
        return -EDESTADDRREQ;
    if (t->sk->state == SK_CLOSED) {
        dg_undest(sk); /* as Linux: ECONNREFUSED once, then not connected */
        return -ECONNREFUSED;
    }
    if (n > PIPE_CAP)
        return -EMSGSIZE;
    of->refs++;
    t->opens++;
    for (;;) {
        if (t->sk->state == SK_CLOSED)
            e = ECONNREFUSED;
        else if (t->sk->ndgrams <= DGRAM_QLEN)
            break;
        else if ((of->flags & O_NONBLOCK) || (flags & MSG_DONTWAIT))
            e = EAGAIN;
        if (e)
            break;
        t->sk->dg_wwait = 1;
        __dios_wait_zero(&t->sk->dg_wwait);
    }
    if (!e) {
        struct dgram *d = __divm_ialloc(sizeof *d + n);
        d->next = 0;
        d->from = sk->name ? sdup(sk->name, __divm_strlen(sk->name)) : 0;
        d->len = n;
        if (n)
            __builtin_memcpy(d->data, buf, n);
        struct dgram **p = &t->sk->dgrams;
        while (*p)
            p = &(*p)->next;
        *p = d;
        t->sk->ndgrams++;
        t->sk->dg_rwait = 0;
    }
    t->opens--;
    maybe_free(t);
    of_unref(of);
    return e ? -e : (ssize_t)n;
}

/* Takes the oldest datagram (what does not fit in n bytes is lost; MSG_PEEK
 * leaves it), waiting while there is none: a datagram socket has no end of
 * the file, except after shutdown(SHUT_RD). */
static ssize_t dg_recv(struct ofile *of, void *buf, size_t n, int flags, struct sockaddr *a, socklen_t *alen)
{
    struct sock *sk = of->node->sk;
    int nb = (of->flags & O_NONBLOCK) || (flags & MSG_DONTWAIT);
    of->refs++;
    while (!sk->dgrams && !(sk->shut & SH_RD) && !nb) {
        sk->dg_rwait = 1;
        __dios_wait_zero(&sk->dg_rwait);
    }
    struct dgram *d = sk->dgrams;
    ssize_t r = sk->shut & SH_RD ? 0 : -EAGAIN;
    if (d) {
        size_t k = n < d->len ? n : d->len;
        if (k)
            __builtin_memcpy(buf, d->data, k);
        sock_addr(d->from, a, alen);
        r = (ssize_t)k;
        if (!(flags & MSG_PEEK)) {
            sk->dgrams = d->next;
            sk->ndgrams--;
            sk->dg_wwait = 0;
            dg_free(d);
        }
    }
    of_unref(of);
    return r;
}

/* a stream socket ignores the destination (POSIX): it is connected or not */
static ssize_t sock_sendto(struct ofile *of, const void *buf, size_t n, int flags, const struct sockaddr *a,
                        socklen_t alen)
{
    if (of->node->sk->type == SOCK_DGRAM)
        return dg_send(of, buf, n, flags, a, alen);
    return st_send(of, buf, n, flags);
}

/* a stream's source is the peer (named after its listener when it was
 * accepted), a datagram's its sender */
static ssize_t sock_recvfrom(struct ofile *of, void *buf, size_t n, int flags, struct sockaddr *a,
                          socklen_t *alen)
{
    if (of->node->sk->type == SOCK_DGRAM)
        return dg_recv(of, buf, n, flags, a, alen);
    ssize_t r = st_recv(of, buf, n, flags);
    if (r >= 0)
        sock_addr(of->node->sk->peer, a, alen);
    return r;
}

static ssize_t sock_send(struct ofile *of, const void *buf, size_t n, int flags)
{
    return sock_sendto(of, buf, n, flags, 0, 0);
}

static ssize_t sock_recv(struct ofile *of, void *buf, size_t n, int flags)
{
    return sock_recvfrom(of, buf, n, flags, 0, 0);
}

ssize_t send(int fd, const void *buf, size_t n, int flags)
{
    struct ofile *of = sock_of(fd);
    return of ? ret(sock_send(of, buf, n, flags)) : -1;
}

ssize_t recv(int fd, void *buf, size_t n, int flags)
{
    struct ofile *of = sock_of(fd);
    return of ? ret(sock_recv(of, buf, n, flags)) : -1;
}

ssize_t sendto(int fd, const void *buf, size_t n, int flags, const struct sockaddr *a, socklen_t len)
{
    struct ofile *of = sock_of(fd);
    return of ? ret(sock_sendto(of, buf, n, flags, a, len)) : -1;
}

ssize_t recvfrom(int fd, void *__restrict buf, size_t n, int flags, struct sockaddr *__restrict a,
                 socklen_t *__restrict len)
{
    struct ofile *of = sock_of(fd);
    if (!of)
        return -1;
    if (a && !len)
        return fail(EFAULT);
    return ret(sock_recvfrom(of, buf, n, flags, a, len));
}

/* the buffers gathered into one send, so that it is one write of the pipe;
 * ancillary data is not supported (none is sent, none received) */
static size_t iov_total(const struct msghdr *m)
{
    size_t t = 0;
    for (size_t i = 0; i < m->msg_iovlen; i++)
        t += m->msg_iov[i].iov_len;
    return t;
}

/* a message header sendmsg and recvmsg cannot take: -1 and errno set */
static int msg_invalid(const struct msghdr *m)
{
    if (!m || (m->msg_iovlen && !m->msg_iov))
        return fail(EFAULT);
    if (m->msg_iovlen > IOV_MAX)
        return fail(EMSGSIZE);
    return 0;
}

ssize_t sendmsg(int fd, const struct msghdr *m, int flags)
{
    struct ofile *of = sock_of(fd);
    if (!of)
        return -1;
    if (msg_invalid(m))
        return -1;
    size_t t = iov_total(m), k = 0;
    char *b = __divm_ialloc(t ? t : 1);
    for (size_t i = 0; i < m->msg_iovlen; k += m->msg_iov[i++].iov_len)
        __builtin_memcpy(b + k, m->msg_iov[i].iov_base, m->msg_iov[i].iov_len);
    ssize_t r = sock_sendto(of, b, t, flags, m->msg_name, m->msg_namelen);
    __divm_ifree(b);
    return ret(r);
}

ssize_t recvmsg(int fd, struct msghdr *m, int flags)
{
    struct ofile *of = sock_of(fd);
    if (!of)
        return -1;
    if (msg_invalid(m))
        return -1;
    size_t t = iov_total(m);
    char *b = __divm_ialloc(t ? t : 1);
    ssize_t r = sock_recvfrom(of, b, t, flags, m->msg_name, &m->msg_namelen);
    for (size_t i = 0, k = 0; r > 0 && i < m->msg_iovlen && k < (size_t)r; k += m->msg_iov[i++].iov_len) {
        size_t c = (size_t)r - k < m->msg_iov[i].iov_len ? (size_t)r - k : m->msg_iov[i].iov_len;
        __builtin_memcpy(m->msg_iov[i].iov_base, b + k, c);
    }
    __divm_ifree(b);
    if (r >= 0) {
        m->msg_controllen = 0;
        m->msg_flags = 0;
    }
    return ret(r);
}

int shutdown(int fd, int how)
{
    struct ofile *of = sock_of(fd);
    if (!of)
        return -1;
    if (how != SHUT_RD && how != SHUT_WR && how != SHUT_RDWR)
        return fail(EINVAL);
    if (of->node->sk->type == SOCK_STREAM && of->node->sk->state != SK_CONN)
        return fail(ENOTCONN);
    sock_shut(of->node->sk, how == SHUT_RD ? SH_RD : how == SHUT_WR ? SH_WR : SH_RD | SH_WR);
    return 0;
}

int getsockname(int fd, struct sockaddr *__restrict a, socklen_t *__restrict len)
{
    struct ofile *of = sock_of(fd);
    if (!of)
        return -1;
    if (!a || !len)
        return fail(EFAULT);
    return sock_addr(of->node->sk->name, a, len);
}

int getpeername(int fd, struct sockaddr *__restrict a, socklen_t *__restrict len)
{
    struct ofile *of = sock_of(fd);
    if (!of)
        return -1;
    if (!a || !len)
        return fail(EFAULT);
    struct sock *sk = of->node->sk;
    if (sk->type == SOCK_DGRAM)
        return sk->dest ? sock_addr(sk->dest->sk->name, a, len) : fail(ENOTCONN);
    if (sk->state != SK_CONN)
        return fail(ENOTCONN);
    return sock_addr(sk->peer, a, len);
}

/* SOL_SOCKET only: SO_TYPE, SO_ERROR (the pending ECONNRESET, which it
 * clears), SO_ACCEPTCONN, the buffer sizes (a pipe's capacity) and the
 * boolean options setsockopt stored; others are ENOPROTOOPT */
int getsockopt(int fd, int level, int opt, void *__restrict v, socklen_t *__restrict len)
{
    struct ofile *of = sock_of(fd);
    if (!of)
        return -1;
    if (level != SOL_SOCKET)
        return fail(ENOPROTOOPT);
    if (!v || !len)
        return fail(EFAULT);
    struct sock *sk = of->node->sk;
    int x;
    switch (opt) {
    case SO_TYPE: x = sk->type; break;
    case SO_ERROR:
        x = sk->in ? sk->in->err : 0;
        if (sk->in)
            sk->in->err = 0;
        break;
    case SO_ACCEPTCONN: x = sk->state == SK_LISTEN; break;
    case SO_SNDBUF:
    case SO_RCVBUF: x = PIPE_CAP; break;
    default:
        if (opt < 0 || opt >= 32 || !(SO_BOOLS & 1 << opt))
            return fail(ENOPROTOOPT);
        x = (sk->opts >> opt) & 1;
    }
    __builtin_memcpy(v, &x, *len < sizeof x ? *len : sizeof x);
    *len = sizeof x;
    return 0;
}

/* the boolean options are kept (and have no effect); the buffer sizes are
 * accepted and stay a pipe's capacity; others (timeouts among them) are
 * ENOPROTOOPT, so that a program does not count on them */
int setsockopt(int fd, int level, int opt, const void *v, socklen_t len)
{
    struct ofile *of = sock_of(fd);
    if (!of)
        return -1;
    if (level != SOL_SOCKET)
        return fail(ENOPROTOOPT);
    int bool_ = opt >= 0 && opt < 32 && (SO_BOOLS & 1 << opt);
    if (!bool_ && opt != SO_SNDBUF && opt != SO_RCVBUF)
        return fail(ENOPROTOOPT);
    if (len < sizeof(int))
        return fail(EINVAL);
    if (!v)
        return fail(EFAULT);
    int x;
    __builtin_memcpy(&x, v, sizeof x);
    if (bool_)
        of->node->sk->opts = x ? of->node->sk->opts | 1 << opt : of->node->sk->opts & ~(1 << opt);
    return 0;
}

/* -- the working directory --------------------------------------------------------- */

/* writes the absolute path of directory d into buf[0..n); 0 or -1 (ERANGE) */
static int path_of(struct node *d, char *buf, size_t n)
{
    size_t len = 0;
    /* collect from d up, then reverse the components */
    char tmp[PATH_MAX];
    size_t t = 0;
    while (d != fs->root) {
        struct node *p = d->parent;
        struct dent *e = p->ents;
        while (e && e->node != d)
            e = e->next;
        if (!e)
            return fail(ENOENT); /* a removed directory */
        size_t l = __divm_strlen(e->name);
        if (t + l + 1 >= sizeof tmp)
            return fail(ENAMETOOLONG);
        for (size_t i = 0; i < l; i++)
            tmp[t++] = e->name[l - 1 - i];
        tmp[t++] = '/';
        d = p;
    }
    if (t == 0)
        tmp[t++] = '/';
    if (t + 1 > n)
        return fail(ERANGE);
    for (size_t i = 0; i < t; i++)
        buf[len++] = tmp[t - 1 - i];
    buf[len] = 0;
    return 0;
}

char *getcwd(char *buf, size_t n)
{
    F();
    if (!buf) {
        char tmp[PATH_MAX];
        if (path_of(fs->cwd, tmp, sizeof tmp) < 0)
            return 0;
        size_t l = __divm_strlen(tmp) + 1;
        if (n && n < l) {
            errno = ERANGE;
            return 0;
        }
        char *r = malloc(n ? n : l);
        if (!r)
            return 0;
        __builtin_memcpy(r, tmp, l);
        return r;
    }
    if (n == 0) {
        errno = EINVAL;
        return 0;
    }
    return path_of(fs->cwd, buf, n) < 0 ? 0 : buf;
}

char *get_current_dir_name(void) { return getcwd(0, 0); }

int chdir(const char *path)
{
    struct node *n = lookup_at(F()->cwd, path);
    if (!n)
        return -1;
    if (!S_ISDIR(n->mode))
        return fail(ENOTDIR);
    if (!(n->mode & S_IXUSR))
        return fail(EACCES);
    fs->cwd = n;
    return 0;
}

int fchdir(int fd)
{
    F();
    struct node *n = dir_of_fd(fd);
    if (!n)
        return -1;
    if (!(n->mode & S_IXUSR))
        return fail(EACCES);
    fs->cwd = n;
    return 0;
}

static char *realpath_at(struct node *base, const char *path, char *resolved, int depth)
{
    const char *name;
    size_t len;
    int slash;
    struct node *dir = walk_d(base, path, &name, &len, &slash, depth);
    if (!dir)
        return 0;
    struct node *n = child(dir, name, len);
    if (n && S_ISLNK(n->mode)) { /* resolve the target's own name */
        char t[PATH_MAX];
        size_t tl = n->size < PATH_MAX - 1 ? n->size : PATH_MAX - 1;
        __builtin_memcpy(t, n->data, tl);
        t[tl] = 0;
        if (++depth > MAXLINKS) {
            errno = ELOOP;
            return 0;
        }
        return realpath_at(dir, t, resolved, depth); /* relative to the link's directory */
    }
    if (!n)
        return 0;
    if (slash && !S_ISDIR(n->mode)) {
        errno = ENOTDIR;
        return 0;
    }
    char tmp[PATH_MAX];
    if (path_of(S_ISDIR(n->mode) ? n : dir, tmp, sizeof tmp) < 0)
        return 0;
    if (!S_ISDIR(n->mode)) {
        size_t l = __divm_strlen(tmp);
        if (l + 1 + len + 1 > sizeof tmp) {
            errno = ENAMETOOLONG;
            return 0;
        }
        if (l > 1)
            tmp[l++] = '/';
        __builtin_memcpy(tmp + l, name, len);
        tmp[l + len] = 0;
    }
    size_t l = __divm_strlen(tmp) + 1;
    if (!resolved) {
        resolved = malloc(l);
        if (!resolved)
            return 0;
    }
    __builtin_memcpy(resolved, tmp, l);
    return resolved;
}

char *realpath(const char *__restrict path, char *__restrict resolved)
{
    F();
    return realpath_at(fs->cwd, path, resolved, 0);
}

/* -- temporary files ----------------------------------------------------------------- */

int mkostemp(char *tmpl, int flags)
{
    size_t l = __divm_strlen(tmpl);
    if (l < 6 || strcmp(tmpl + l - 6, "XXXXXX"))
        return fail(EINVAL);
    F();
    for (int tries = 0; tries < 1000; tries++) {
        unsigned k = fs->tmpcount++;
        for (int i = 0; i < 6; i++) {
            tmpl[l - 1 - i] = "abcdefghijklmnopqrstuvwxyz0123456789"[k % 36];
            k /= 36;
        }
        int fd = do_open(fs->cwd, tmpl, O_RDWR | O_CREAT | O_EXCL | (flags & O_APPEND), 0600);
        if (fd >= 0 || errno != EEXIST)
            return fd;
    }
    return fail(EEXIST);
}

int mkstemp(char *tmpl) { return mkostemp(tmpl, 0); }

char *mkdtemp(char *tmpl)
{
    size_t l = __divm_strlen(tmpl);
    if (l < 6 || strcmp(tmpl + l - 6, "XXXXXX")) {
        errno = EINVAL;
        return 0;
    }
    F();
    for (int tries = 0; tries < 1000; tries++) {
        unsigned k = fs->tmpcount++;
        for (int i = 0; i < 6; i++) {
            tmpl[l - 1 - i] = "abcdefghijklmnopqrstuvwxyz0123456789"[k % 36];
            k /= 36;
        }
        if (do_mkdir(fs->cwd, tmpl, 0700) == 0)
            return tmpl;
        if (errno != EEXIST)
            return 0;
    }
    return 0;
}

char *mktemp(char *tmpl)
{
    size_t l = __divm_strlen(tmpl);
    if (l < 6 || strcmp(tmpl + l - 6, "XXXXXX")) {
        errno = EINVAL;
        tmpl[0] = 0;
        return tmpl;
    }
    F();
    for (;;) {
        unsigned k = fs->tmpcount++;
        for (int i = 0; i < 6; i++) {
            tmpl[l - 1 - i] = "abcdefghijklmnopqrstuvwxyz0123456789"[k % 36];
            k /= 36;
        }
        if (!lookup_at(fs->cwd, tmpl))
            return tmpl;
    }
}

/* an open file without a name (tmpfile) */
int __divm_anon_file(void)
{
    F();
    struct node *n = new_node(S_IFREG | 0600);
    return new_fd(n, O_RDWR);
}

/* -- directory streams ----------------------------------------------------------------- */

struct __divm_dir
{
    int fd;
    long pos; /* 0 ".", 1 "..", then entries */
    struct dirent ent;
};

/* the stream is the OS's, as in DiOS (its VFS keeps it): it never fails
 * for want of memory, and one left open is no leak of the program's */
static DIR *dir_open(int fd)
{
    DIR *d = __divm_ialloc(sizeof *d);
    d->fd = fd;
    d->pos = 0;
    return d;
}

DIR *opendir(const char *path)
{
    int fd = __divm_open(path, O_RDONLY | O_DIRECTORY, 0);
    if (fd < 0)
        return 0;
    return dir_open(fd);
}

DIR *fdopendir(int fd)
{
    if (std_fd(fd)) {
        errno = ENOTDIR;
        return 0;
    }
    F();
    if (!dir_of_fd(fd))
        return 0;
    return dir_open(fd);
}

/* a null stream is EBADF, as a closed descriptor would be */
struct dirent *readdir(DIR *d)
{
    if (!d) {
        errno = EBADF;
        return 0;
    }
    F();
    struct ofile *of = get_of(d->fd);
    if (!of)
        return 0;
    struct node *dir = of->node;
    const char *name;
    struct node *n;
    if (d->pos == 0) {
        name = ".";
        n = dir;
    } else if (d->pos == 1) {
        name = "..";
        n = dir->parent;
    } else {
        struct dent *e = dir->ents;
        for (long i = 2; e && i < d->pos; i++)
            e = e->next;
        if (!e)
            return 0;
        name = e->name;
        n = e->node;
    }
    d->pos++;
    d->ent.d_ino = n->ino;
    d->ent.d_off = d->pos;
    d->ent.d_reclen = sizeof d->ent;
    d->ent.d_type = S_ISDIR(n->mode) ? DT_DIR : S_ISCHR(n->mode) ? DT_CHR : S_ISLNK(n->mode) ? DT_LNK
                  : S_ISFIFO(n->mode) ? DT_FIFO : S_ISSOCK(n->mode) ? DT_SOCK : DT_REG;
    size_t l = __divm_strlen(name);
    __builtin_memcpy(d->ent.d_name, name, l + 1);
    return &d->ent;
}

int readdir_r(DIR *__restrict d, struct dirent *__restrict ent, struct dirent **__restrict res)
{
    if (!d)
        return EBADF;
    struct dirent *e = readdir(d);
    if (e)
        __builtin_memcpy(ent, e, sizeof *ent);
    *res = e ? ent : 0;
    return 0;
}

int closedir(DIR *d)
{
    if (!d)
        return fail(EBADF);
    int r = __divm_close(d->fd);
    __divm_ifree(d);
    return r;
}

void rewinddir(DIR *d) { d->pos = 0; }
long telldir(DIR *d) { return d->pos; }
void seekdir(DIR *d, long pos) { d->pos = pos; }
int dirfd(DIR *d) { return d->fd; }

int alphasort(const struct dirent **a, const struct dirent **b)
{
    return strcmp((*a)->d_name, (*b)->d_name);
}

int scandir(const char *__restrict path, struct dirent ***__restrict list, int (*sel)(const struct dirent *),
            int (*cmp)(const struct dirent **, const struct dirent **))
{
    DIR *d = opendir(path);
    if (!d)
        return -1;
    struct dirent **v = 0, *e;
    size_t n = 0;
    while ((e = readdir(d))) {
        if (sel && !sel(e))
            continue;
        struct dirent **nv = realloc(v, (n + 1) * sizeof *v);
        struct dirent *c = nv ? malloc(sizeof *c) : 0;
        if (!c) {
            if (nv)
                v = nv;
            while (n)
                free(v[--n]);
            free(v);
            closedir(d);
            errno = ENOMEM;
            return -1;
        }
        v = nv;
        __builtin_memcpy(c, e, sizeof *c);
        v[n++] = c;
    }
    closedir(d);
    if (cmp && n > 1)
        qsort(v, n, sizeof *v, (int (*)(const void *, const void *))cmp);
    *list = v;
    return (int)n;
}
