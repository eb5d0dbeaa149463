/* <dirent.h>: directories of divm's in-memory file system. */
#ifndef _DIRENT_H
#define _DIRENT_H 1

#include <bits/divm_cdefs.h>
#include <sys/types.h>

__DIVM_BEGIN_DECLS

struct dirent
{
    ino_t d_ino;
    off_t d_off;
    unsigned short d_reclen;
    unsigned char d_type;
    char d_name[256];
};

#define DT_UNKNOWN 0
#define DT_FIFO 1
#define DT_CHR 2
#define DT_DIR 4
#define DT_BLK 6
#define DT_REG 8
#define DT_LNK 10
#define DT_SOCK 12
#define _DIRENT_HAVE_D_TYPE 1

typedef struct __divm_dir DIR;

DIR *opendir(const char *);
DIR *fdopendir(int);
struct dirent *readdir(DIR *);
int readdir_r(DIR *__DIVM_RESTRICT, struct dirent *__DIVM_RESTRICT, struct dirent **__DIVM_RESTRICT);
int closedir(DIR *);
void rewinddir(DIR *);
long telldir(DIR *);
void seekdir(DIR *, long);
int dirfd(DIR *);
int alphasort(const struct dirent **, const struct dirent **);
int scandir(const char *__DIVM_RESTRICT, struct dirent ***__DIVM_RESTRICT,
            int (*)(const struct dirent *), int (*)(const struct dirent **, const struct dirent **));

__DIVM_END_DECLS

#endif
