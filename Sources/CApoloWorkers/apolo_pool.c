// Helpers started fresh, never forked from apolo: a child of a process with other threads can inherit a lock held
// mid-call (glibc's time-zone lock, say) and hang; a freshly started program inherits none.
#define _GNU_SOURCE
#include "apolo_workers.h"
#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t freed = PTHREAD_COND_INITIALIZER;

double apolo_pool_now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec / 1e9;
}

int apolo_pool_helper_path(const struct apolo_pool *pool, char *path, size_t size) {
    const char *given = getenv(pool->env_path);
    if (given && *given) return snprintf(path, size, "%s", given) < (int)size ? 0 : -1;
    char self[4096];
    ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
    if (n <= 0) return -1;
    self[n] = 0;
    return snprintf(path, size, "%s/%s", dirname(self), pool->program) < (int)size ? 0 : -1;
}

static int spawn(const struct apolo_pool *pool, struct apolo_worker *w, char *error, size_t length) {
    char path[4200];
    if (apolo_pool_helper_path(pool, path, sizeof path) != 0 || access(path, X_OK) != 0) {
        snprintf(error, length, "the %s is missing: %s is not installed next to apolo (make install puts it there)",
                 pool->what, pool->program);
        return -1;
    }
    int pair[2];
    if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, pair) != 0) goto failed;
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, pair[1], 0);
    posix_spawn_file_actions_adddup2(&actions, pair[1], 1);
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);   // a library's words stay there
    // nothing else of apolo's: a descriptor opened without O_CLOEXEC (a test's socket, a library's file) would
    // otherwise live as long as the helper, and a connection the server closed would stay open
    posix_spawn_file_actions_addclosefrom_np(&actions, 3);
    char *argv[] = {(char *)pool->program, NULL};
    // an environment of its own: `environ` may be reallocated by a setenv on another thread while the child
    // reads it (execve then fails with EFAULT); the helper needs only a test's fault and the pool's extra
    char fault[64] = "";
    const char *given = getenv(pool->env_fault);
    if (given && strlen(given) < 32) snprintf(fault, sizeof fault, "%s=%s", pool->env_fault, given);
    char *envp[6] = {NULL, NULL, NULL, NULL, NULL, NULL};
    int k = 0;
    if (fault[0]) envp[k++] = fault;
    if (pool->env_extra) envp[k++] = (char *)pool->env_extra;
    if (pool->env_extra2) envp[k++] = (char *)pool->env_extra2;
    if (pool->env_extra3) envp[k++] = (char *)pool->env_extra3;
    if (pool->env_extra4) envp[k++] = (char *)pool->env_extra4;
    int status = posix_spawn(&w->pid, path, &actions, NULL, argv, envp);
    posix_spawn_file_actions_destroy(&actions);
    close(pair[1]);
    if (status != 0) {
        close(pair[0]);
        errno = status;
        goto failed;
    }
    w->fd = pair[0];
    return 0;
failed:
    snprintf(error, length, "cannot start the %s: %s", pool->what, strerror(errno));
    w->pid = 0;
    return -1;
}

struct apolo_worker *apolo_pool_acquire(struct apolo_pool *pool, char *error, size_t length) {
    pthread_mutex_lock(&lock);
    if (!pool->count) {
        long cores = sysconf(_SC_NPROCESSORS_ONLN);
        pool->count = cores < 1 ? 1 : cores > APOLO_POOL_MAX ? APOLO_POOL_MAX : (int)cores;
    }
    struct apolo_worker *w = NULL;
    while (!w) {
        for (int i = 0; i < pool->count && !w; i++) if (!pool->workers[i].busy) w = &pool->workers[i];
        if (!w) pthread_cond_wait(&freed, &lock);
    }
    w->busy = 1;
    pthread_mutex_unlock(&lock);
    if (!w->pid && spawn(pool, w, error, length) != 0) {
        apolo_pool_release(pool, w, 0, 0, NULL, 0);
        return NULL;
    }
    return w;
}

/// Ends a helper that died, hung or answered wrongly; says which. The next call starts a new one.
static void retire(const struct apolo_pool *pool, struct apolo_worker *w, int timed_out, double seconds, char *error,
                   size_t length) {
    if (timed_out) kill(w->pid, SIGKILL);
    close(w->fd);
    int status = 0;
    while (waitpid(w->pid, &status, 0) < 0 && errno == EINTR) {}
    if (timed_out) snprintf(error, length, "the %s took longer than %.0f s and was stopped", pool->what, seconds);
    else if (WIFSIGNALED(status)) snprintf(error, length, "the %s crashed (signal %d)", pool->what, WTERMSIG(status));
    else snprintf(error, length, "the %s stopped without an answer", pool->what);
    w->pid = 0;
}

void apolo_pool_release(struct apolo_pool *pool, struct apolo_worker *w, int result, double seconds, char *error,
                        size_t length) {
    if (result && w->pid) retire(pool, w, result == 1, seconds, error, length);
    pthread_mutex_lock(&lock);
    w->busy = 0;
    pthread_cond_broadcast(&freed);
    pthread_mutex_unlock(&lock);
}

int apolo_pool_transfer(struct apolo_worker *w, void *data, size_t size, int sending, double deadline) {
    for (char *p = data; size > 0;) {
        double left = deadline - apolo_pool_now();
        if (left <= 0) return 1;
        struct pollfd ready = {.fd = w->fd, .events = sending ? POLLOUT : POLLIN};
        int n = poll(&ready, 1, (int)(left * 1000) + 1);
        if (n < 0 && errno != EINTR) return -1;
        if (n <= 0) continue;
        ssize_t moved = sending ? send(w->fd, p, size, MSG_NOSIGNAL) : recv(w->fd, p, size, 0);
        if (moved < 0 && (errno == EINTR || errno == EAGAIN)) continue;
        if (moved <= 0) return -1;
        p += moved, size -= (size_t)moved;
    }
    return 0;
}

int apolo_read_all(int fd, void *data, size_t size) {
    for (char *p = data; size > 0;) {
        ssize_t n = read(fd, p, size);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return -1;
        p += n, size -= (size_t)n;
    }
    return 0;
}

int apolo_write_all(int fd, const void *data, size_t size) {
    for (const char *p = data; size > 0;) {
        ssize_t n = write(fd, p, size);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return -1;
        p += n, size -= (size_t)n;
    }
    return 0;
}

void apolo_worker_start(void) {
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    signal(SIGINT, SIG_IGN);   // Ctrl-C is apolo's to handle; it ends its helpers
    // a crash ends the helper at once: no handler of a runtime it is linked with runs
    int fatal[] = {SIGPIPE, SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP};
    for (size_t i = 0; i < sizeof fatal / sizeof *fatal; i++) signal(fatal[i], SIG_DFL);
}
