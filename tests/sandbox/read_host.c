// Tries to read host files that were not passed with --file: argv[1] is an
// existing host file.
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static void try_open(const char *p)
{
    FILE *f = fopen(p, "r");
    printf("fopen %s: %s\n", p[0] == '/' && p[1] == 'e' ? p : "HOSTFILE", f ? "opened" : strerror(errno));
    if (f)
        fclose(f);
}

int main(int argc, char **argv)
{
    if (argc < 2)
        return 2;
    try_open(argv[1]);
    try_open("/etc/passwd");
    try_open("/etc/hostname");
    int fd = open("/proc/self/environ", O_RDONLY);
    printf("open /proc/self/environ: %d %s\n", fd, fd < 0 ? strerror(errno) : "");
    struct stat st;
    printf("stat HOSTFILE: %d %s\n", stat(argv[1], &st), strerror(errno));
    printf("access HOSTFILE: %d %s\n", access(argv[1], F_OK), strerror(errno));
    printf("opendir /etc: %s\n", opendir("/etc") ? "opened" : strerror(errno));
    /* the root holds only what divm made: tmp */
    DIR *d = opendir("/");
    struct dirent *e;
    while ((e = readdir(d)))
        printf("/ has %s\n", e->d_name);
    closedir(d);
    return 0;
}
