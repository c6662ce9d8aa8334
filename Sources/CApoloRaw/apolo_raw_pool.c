// LibRaw out of apolo's process: LibRaw 0.20 segfaults on some damaged raws (parse_tiff_ifd), and a crash inside
// apolo would lose the whole import. A few apolo-raw-worker processes (one per core, at most four) are started
// when the first raw is read and kept; each call sends the raw's bytes to an idle worker over a socket and reads
// the answer within a time limit. A worker that crashes or hangs is killed and reaped, that one file fails in
// words, and a new worker takes its place at the next call. (Forking apolo itself was tried first: a child of a
// process with other threads can inherit a lock held mid-call, such as glibc's time-zone lock LibRaw's mktime
// takes, and hang; a freshly started program inherits none.)
#define _GNU_SOURCE
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
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "apolo_raw_pool.h"

#define WORKERS_MAX 4

struct worker { pid_t pid; int fd; int busy; };
static struct worker workers[WORKERS_MAX];
static int worker_count = 0;
static pthread_mutex_t pool = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t freed = PTHREAD_COND_INITIALIZER;
static pthread_mutex_t decoding = PTHREAD_MUTEX_INITIALIZER;

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec / 1e9;
}

/// APOLO_RAW_WORKER, else apolo-raw-worker next to this program.
static int worker_path(char *path, size_t size) {
    const char *given = getenv("APOLO_RAW_WORKER");
    if (given && *given) return snprintf(path, size, "%s", given) < (int)size ? 0 : -1;
    char self[4096];
    ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
    if (n <= 0) return -1;
    self[n] = 0;
    return snprintf(path, size, "%s/apolo-raw-worker", dirname(self)) < (int)size ? 0 : -1;
}

static int spawn(struct worker *w, char *error, size_t length) {
    char path[4200];
    if (worker_path(path, sizeof path) != 0 || access(path, X_OK) != 0) {
        snprintf(error, length, "the raw decoder is missing: apolo-raw-worker is not installed next to apolo (make install puts it there)");
        return -1;
    }
    int pair[2];
    if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, pair) != 0) goto failed;
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, pair[1], 0);
    posix_spawn_file_actions_adddup2(&actions, pair[1], 1);
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);   // LibRaw's own words never reach the terminal
    // nothing else of apolo's: a descriptor opened without O_CLOEXEC (a test's socket, a library's file) would
    // otherwise live as long as the worker, and a connection the server closed would stay open
    posix_spawn_file_actions_addclosefrom_np(&actions, 3);
    char *argv[] = {"apolo-raw-worker", NULL};
    // an environment of its own: `environ` may be reallocated by a setenv on another thread (libvips' start)
    // while the child reads it, and execve then fails with EFAULT (seen once in CI); the worker needs only a
    // test's fault
    char fault[64] = "";
    const char *given = getenv("APOLO_FAULT_RAW");
    if (given && strlen(given) < 32) snprintf(fault, sizeof fault, "APOLO_FAULT_RAW=%s", given);
    char *envp[] = {fault[0] ? fault : NULL, NULL};
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
    snprintf(error, length, "cannot start the raw decoder: %s", strerror(errno));
    w->pid = 0;
    return -1;
}

static struct worker *acquire(void) {
    pthread_mutex_lock(&pool);
    if (!worker_count) {
        long cores = sysconf(_SC_NPROCESSORS_ONLN);
        worker_count = cores < 1 ? 1 : cores > WORKERS_MAX ? WORKERS_MAX : (int)cores;
    }
    for (;;) {
        for (int i = 0; i < worker_count; i++) {
            if (!workers[i].busy) {
                workers[i].busy = 1;
                pthread_mutex_unlock(&pool);
                return &workers[i];
            }
        }
        pthread_cond_wait(&freed, &pool);
    }
}

static void release(struct worker *w) {
    pthread_mutex_lock(&pool);
    w->busy = 0;
    pthread_cond_signal(&freed);
    pthread_mutex_unlock(&pool);
}

/// Ends a worker that died, hung or answered wrongly; says which. The next call starts a new one.
static void retire(struct worker *w, int timed_out, double seconds, char *error, size_t length) {
    if (timed_out) kill(w->pid, SIGKILL);
    close(w->fd);
    int status = 0;
    while (waitpid(w->pid, &status, 0) < 0 && errno == EINTR) {}
    if (timed_out) snprintf(error, length, "the raw decoder took longer than %.0f s and was stopped", seconds);
    else if (WIFSIGNALED(status)) snprintf(error, length, "the raw decoder crashed (signal %d)", WTERMSIG(status));
    else snprintf(error, length, "the raw decoder stopped without an answer");
    w->pid = 0;
}

/// Moves `size` bytes to or from the worker before `deadline`; 1 when time ran out, -1 when it closed.
static int transfer(int fd, void *data, size_t size, int sending, double deadline) {
    for (char *p = data; size > 0;) {
        double left = deadline - now();
        if (left <= 0) return 1;
        struct pollfd ready = {.fd = fd, .events = sending ? POLLOUT : POLLIN};
        int n = poll(&ready, 1, (int)(left * 1000) + 1);
        if (n < 0 && errno != EINTR) return -1;
        if (n <= 0) continue;
        ssize_t moved = sending ? send(fd, p, size, MSG_NOSIGNAL) : recv(fd, p, size, 0);
        if (moved < 0 && (errno == EINTR || errno == EAGAIN)) continue;
        if (moved <= 0) return -1;
        p += moved, size -= (size_t)moved;
    }
    return 0;
}

/// One request to an idle worker: the answer, and the picture (to free) after it.
static int call(unsigned op, const void *bytes, size_t size, double seconds, apolo_raw_answer *answer, void **picture,
                char *error, size_t length) {
    struct worker *w = acquire();
    if (!w->pid && spawn(w, error, length) != 0) {
        release(w);
        return APOLO_RAW_DECODER_DIED;
    }
    double deadline = now() + seconds;
    apolo_raw_request request = {.op = op, .size = size};
    int result = transfer(w->fd, &request, sizeof request, 1, deadline);
    if (!result) result = transfer(w->fd, (void *)bytes, size, 1, deadline);
    if (!result) result = transfer(w->fd, answer, sizeof *answer, 0, deadline);
    if (!result && answer->size) {
        *picture = malloc(answer->size);
        result = *picture ? transfer(w->fd, *picture, answer->size, 0, deadline) : -1;
    }
    if (result) {
        free(*picture);
        *picture = NULL;
        retire(w, result == 1, seconds, error, length);
    }
    release(w);
    return result ? APOLO_RAW_DECODER_DIED : 0;
}

int apolo_raw_identify_isolated(const void *bytes, size_t size, apolo_raw_facts *facts, char *error, size_t length, double seconds) {
    apolo_raw_answer answer = {0};
    void *picture = NULL;
    if (call(APOLO_RAW_IDENTIFY, bytes, size, seconds, &answer, &picture, error, length) != 0) return APOLO_RAW_DECODER_DIED;
    free(picture);
    *facts = answer.facts;
    snprintf(error, length, "%s", answer.error);
    return answer.status;
}

static int picture_call(unsigned op, const void *bytes, size_t size, void **out, size_t *out_size, int *format, int *orientation,
                        char *error, size_t length, double seconds) {
    apolo_raw_answer answer = {0};
    void *picture = NULL;
    if (call(op, bytes, size, seconds, &answer, &picture, error, length) != 0) return APOLO_RAW_DECODER_DIED;
    snprintf(error, length, "%s", answer.error);
    *orientation = answer.orientation;
    if (answer.status != 0) {
        free(picture);
        return answer.status;
    }
    *out = picture, *out_size = answer.size, *format = answer.format;
    return 0;
}

int apolo_raw_preview_isolated(const void *bytes, size_t size, void **out, size_t *out_size, int *format, int *orientation,
                               char *error, size_t length, double seconds) {
    int status = picture_call(APOLO_RAW_EMBEDDED, bytes, size, out, out_size, format, orientation, error, length, seconds);
    if (status != -3) return status;
    // one decode at a time: a half-size decode holds about 400 MB at the largest bound
    pthread_mutex_lock(&decoding);
    status = picture_call(APOLO_RAW_DECODED, bytes, size, out, out_size, format, orientation, error, length, seconds);
    pthread_mutex_unlock(&decoding);
    return status;
}
