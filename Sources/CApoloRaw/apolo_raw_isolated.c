#define _GNU_SOURCE
// LibRaw in a child process: LibRaw 0.20 segfaults on some damaged raws (parse_tiff_ifd), and a crash in apolo's
// own process would lose the whole import. Each call forks; the child (which runs only C) does the work on the
// bytes it shares copy-on-write with the parent and writes the answer to a pipe; the parent reads it within a
// time limit and reaps the child, so a crash or a hang costs one file. Forking needs no worker to start, feed
// or restart, and LibRaw is loaded before the fork, so the child never takes the loader's lock.
#include "apolo_raw.h"
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define ERROR_SIZE 256

typedef struct {
    int status, format, orientation;
    char error[ERROR_SIZE];
    apolo_raw_facts facts;
    unsigned long long size;   // bytes of picture that follow
} answer;

typedef void (*work)(const void *bytes, size_t size, int fd);

static int write_all(int fd, const void *data, size_t size) {
    for (const char *p = data; size > 0;) {
        ssize_t n = write(fd, p, size);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return -1;
        p += n, size -= (size_t)n;
    }
    return 0;
}

/// A fault a test asks for in the child (APOLO_FAULT_RAW=crash|hang), to prove the parent survives it.
static void injected_fault(void) {
    const char *fault = getenv("APOLO_FAULT_RAW");
    if (fault && strcmp(fault, "crash") == 0) raise(SIGSEGV);
    if (fault && strcmp(fault, "hang") == 0) for (;;) pause();
}

static void identify_work(const void *bytes, size_t size, int fd) {
    answer a = {0};
    a.status = apolo_raw_identify(bytes, size, &a.facts, a.error, ERROR_SIZE);
    _exit(write_all(fd, &a, sizeof a) == 0 ? 0 : 3);
}

static void send_picture(answer *a, void *out, size_t out_size, int fd) {
    a->size = a->status == 0 ? out_size : 0;
    int failed = write_all(fd, a, sizeof *a) || (a->size && write_all(fd, out, out_size));
    _exit(failed ? 3 : 0);
}

static void embedded_work(const void *bytes, size_t size, int fd) {
    answer a = {0};
    void *out = NULL;
    size_t out_size = 0;
    a.status = apolo_raw_embedded(bytes, size, &out, &out_size, &a.format, &a.orientation, a.error, ERROR_SIZE);
    send_picture(&a, out, out_size, fd);
}

static void decoded_work(const void *bytes, size_t size, int fd) {
    answer a = {.format = 3, .orientation = 1};
    void *out = NULL;
    size_t out_size = 0;
    a.status = apolo_raw_decoded(bytes, size, &out, &out_size, a.error, ERROR_SIZE);
    send_picture(&a, out, out_size, fd);
}

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec / 1e9;
}

/// Reads everything the child writes until it closes the pipe; -1 when the time runs out first.
static int read_all(int fd, double deadline, char **buffer, size_t *used) {
    size_t capacity = 0;
    for (;;) {
        double left = deadline - now();
        if (left <= 0) return -1;
        struct pollfd p = {.fd = fd, .events = POLLIN};
        int ready = poll(&p, 1, (int)(left * 1000) + 1);
        if (ready < 0 && errno == EINTR) continue;
        if (ready <= 0) continue;
        if (*used == capacity) {
            capacity = capacity ? capacity * 2 : 1 << 16;
            char *grown = realloc(*buffer, capacity);
            if (!grown) return -2;
            *buffer = grown;
        }
        ssize_t n = read(fd, *buffer + *used, capacity - *used);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return 0;
        *used += (size_t)n;
    }
}

/// Runs `job` in a child; the answer (and the picture after it) in `buffer`, or APOLO_RAW_DECODER_DIED.
static int isolated(work job, const void *bytes, size_t size, double seconds, char **buffer, size_t *used, char *error, size_t length) {
    int pipes[2];
    if (pipe2(pipes, O_CLOEXEC) != 0) {
        snprintf(error, length, "cannot start the raw decoder: %s", strerror(errno));
        return APOLO_RAW_DECODER_DIED;
    }
    pid_t pid = fork();
    if (pid == 0) {
        close(pipes[0]);
        prctl(PR_SET_PDEATHSIG, SIGKILL);
        signal(SIGINT, SIG_IGN);   // Ctrl-C is the parent's to handle; it reaps this child
        // a crash ends the child at once: no handler of the parent's (Swift's backtracer) runs in it
        int fatal[] = {SIGPIPE, SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP};
        for (size_t i = 0; i < sizeof fatal / sizeof *fatal; i++) signal(fatal[i], SIG_DFL);
        injected_fault();
        job(bytes, size, pipes[1]);
        _exit(4);
    }
    close(pipes[1]);
    if (pid < 0) {
        close(pipes[0]);
        snprintf(error, length, "cannot start the raw decoder: %s", strerror(errno));
        return APOLO_RAW_DECODER_DIED;
    }
    int read_status = read_all(pipes[0], now() + seconds, buffer, used);
    close(pipes[0]);
    if (read_status != 0) kill(pid, SIGKILL);
    int status = 0;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {}
    if (read_status == -1) {
        snprintf(error, length, "the raw decoder took longer than %.0f s and was stopped", seconds);
    } else if (WIFSIGNALED(status)) {
        snprintf(error, length, "the raw decoder crashed (signal %d)", WTERMSIG(status));
    } else if (read_status != 0 || !WIFEXITED(status) || WEXITSTATUS(status) != 0 || *used < sizeof(answer)) {
        snprintf(error, length, "the raw decoder stopped without an answer");
    } else {
        return 0;
    }
    return APOLO_RAW_DECODER_DIED;
}

int apolo_raw_identify_isolated(const void *bytes, size_t size, apolo_raw_facts *facts, char *error, size_t length, double seconds) {
    if (apolo_raw_start(error, length) != 0) return -1;
    char *buffer = NULL;
    size_t used = 0;
    int status = isolated(identify_work, bytes, size, seconds, &buffer, &used, error, length);
    if (status == 0) {
        answer *a = (answer *)buffer;
        *facts = a->facts;
        snprintf(error, length, "%s", a->error);
        status = a->status;
    }
    free(buffer);
    return status;
}

static pthread_mutex_t decoding = PTHREAD_MUTEX_INITIALIZER;

static int picture(work job, const void *bytes, size_t size, void **out, size_t *out_size, int *format, int *orientation,
                   char *error, size_t length, double seconds) {
    char *buffer = NULL;
    size_t used = 0;
    int status = isolated(job, bytes, size, seconds, &buffer, &used, error, length);
    if (status != 0) {
        free(buffer);
        return status;
    }
    answer a;
    memcpy(&a, buffer, sizeof a);
    snprintf(error, length, "%s", a.error);
    if (a.status == 0 && used - sizeof a != a.size) {
        snprintf(error, length, "the raw decoder stopped without an answer");
        a.status = APOLO_RAW_DECODER_DIED;
    }
    if (a.status == 0) {
        memmove(buffer, buffer + sizeof a, a.size);
        *out = buffer, *out_size = a.size, *format = a.format, *orientation = a.orientation;
        return 0;
    }
    *orientation = a.orientation;
    free(buffer);
    return a.status;
}

int apolo_raw_preview_isolated(const void *bytes, size_t size, void **out, size_t *out_size, int *format, int *orientation,
                               char *error, size_t length, double seconds) {
    if (apolo_raw_start(error, length) != 0) return -2;
    int status = picture(embedded_work, bytes, size, out, out_size, format, orientation, error, length, seconds);
    if (status != -3) return status;
    // one decode at a time: a half-size decode holds about 400 MB at the largest bound
    pthread_mutex_lock(&decoding);
    status = picture(decoded_work, bytes, size, out, out_size, format, orientation, error, length, seconds);
    pthread_mutex_unlock(&decoding);
    return status;
}
