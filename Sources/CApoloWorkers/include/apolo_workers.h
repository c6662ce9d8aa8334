#ifndef APOLO_WORKERS_H
#define APOLO_WORKERS_H
#ifdef __cplusplus
extern "C" {
#endif
/// Untrusted decoding out of apolo's process: a pool of small helper programs (apolo-raw-worker for LibRaw,
/// apolo-face-worker for dlib), started when first needed and kept, one request at a time each, over a socket. A
/// helper that crashes, hangs or answers wrongly is killed and reaped, that one call fails in words, and a new one
/// takes its place at the next call.
#include <stddef.h>
#include <sys/types.h>

#define APOLO_POOL_MAX 4

struct apolo_worker {
    pid_t pid;
    int fd;
    int busy;
};

struct apolo_pool {
    /// The helper's file name, next to apolo (or in the environment variable `env_path`).
    const char *program;
    const char *env_path;
    /// A test's fault passed on to the helper (`env_fault=crash|hang`), and what the helper is called in messages.
    const char *env_fault;
    const char *what;
    /// Extra environment passed on (NAME=VALUE), or NULL.
    const char *env_extra, *env_extra2, *env_extra3, *env_extra4;
    struct apolo_worker workers[APOLO_POOL_MAX];
    int count;
};

/// An idle helper of the pool, started when it has none running; NULL and `error` when it cannot start.
struct apolo_worker *apolo_pool_acquire(struct apolo_pool *pool, char *error, size_t length);
/// Moves `size` bytes to or from a helper before `deadline` (CLOCK_MONOTONIC seconds); 0, 1 when time ran out,
/// -1 when it closed.
int apolo_pool_transfer(struct apolo_worker *worker, void *data, size_t size, int sending, double deadline);
/// Hands the helper back; after a failed transfer (`result` 1 or -1) it is ended first and `error` says how.
void apolo_pool_release(struct apolo_pool *pool, struct apolo_worker *worker, int result, double seconds,
                        char *error, size_t length);
/// The helper's path: its environment variable, else the program next to this one; 0, or -1 when it cannot be told.
int apolo_pool_helper_path(const struct apolo_pool *pool, char *path, size_t size);
/// Now, in CLOCK_MONOTONIC seconds.
double apolo_pool_now(void);

/// The helper's side: all of `size` bytes, or -1.
int apolo_read_all(int fd, void *data, size_t size);
int apolo_write_all(int fd, const void *data, size_t size);
/// The helper's start: dies with apolo, leaves Ctrl-C to apolo, and a crash ends it at once.
void apolo_worker_start(void);
#ifdef __cplusplus
}
#endif
#endif
