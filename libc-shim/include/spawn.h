/* <spawn.h>: processes cannot be started under divm; posix_spawn fails with ENOSYS. */
#ifndef _SPAWN_H
#define _SPAWN_H 1

#include <bits/divm_cdefs.h>
#include <sys/types.h>
#include <signal.h>
#include <sched.h>

__DIVM_BEGIN_DECLS

typedef struct { short __flags; pid_t __pgrp; sigset_t __sd, __ss; int __pad[16]; } posix_spawnattr_t;
typedef struct { int __allocated, __used; void *__actions; int __pad[16]; } posix_spawn_file_actions_t;

#define POSIX_SPAWN_RESETIDS 0x01
#define POSIX_SPAWN_SETPGROUP 0x02
#define POSIX_SPAWN_SETSIGDEF 0x04
#define POSIX_SPAWN_SETSIGMASK 0x08
#define POSIX_SPAWN_SETSCHEDPARAM 0x10
#define POSIX_SPAWN_SETSCHEDULER 0x20

int posix_spawn(pid_t *__DIVM_RESTRICT, const char *__DIVM_RESTRICT, const posix_spawn_file_actions_t *,
                const posix_spawnattr_t *__DIVM_RESTRICT, char *const[], char *const[]);
int posix_spawnp(pid_t *__DIVM_RESTRICT, const char *__DIVM_RESTRICT, const posix_spawn_file_actions_t *,
                 const posix_spawnattr_t *__DIVM_RESTRICT, char *const[], char *const[]);
int posix_spawnattr_init(posix_spawnattr_t *);
int posix_spawnattr_destroy(posix_spawnattr_t *);
int posix_spawnattr_setflags(posix_spawnattr_t *, short);
int posix_spawnattr_getflags(const posix_spawnattr_t *__DIVM_RESTRICT, short *__DIVM_RESTRICT);
int posix_spawn_file_actions_init(posix_spawn_file_actions_t *);
int posix_spawn_file_actions_destroy(posix_spawn_file_actions_t *);
int posix_spawn_file_actions_addopen(posix_spawn_file_actions_t *__DIVM_RESTRICT, int,
                                     const char *__DIVM_RESTRICT, int, mode_t);
int posix_spawn_file_actions_addclose(posix_spawn_file_actions_t *, int);
int posix_spawn_file_actions_adddup2(posix_spawn_file_actions_t *, int, int);

__DIVM_END_DECLS

#endif
