#define _GNU_SOURCE
#include "csystem.h"
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec / 1e9;
}

/// Ends the hook's whole process group: SIGTERM, then SIGKILL after a grace period; reaps the hook.
static void end_group(pid_t pid) {
    kill(-pid, SIGTERM);
    double until = now() + 2;
    int status;
    while (now() < until) {
        if (waitpid(pid, &status, WNOHANG) == pid) { kill(-pid, SIGKILL); return; }
        usleep(20000);
    }
    kill(-pid, SIGKILL);
    waitpid(pid, &status, 0);
}

int apolo_run_hook(const char *path, char *const argv[], char *const envp[], const char *input, size_t length,
                   double timeout, char *err, size_t errsize, int *status) {
    int in[2], out[2];
    if (pipe2(in, O_CLOEXEC) != 0) return -1;
    if (pipe2(out, O_CLOEXEC) != 0) { close(in[0]); close(in[1]); return -1; }
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, in[0], 0);
    posix_spawn_file_actions_adddup2(&actions, 2, 1);
    posix_spawn_file_actions_adddup2(&actions, out[1], 2);
    posix_spawnattr_t attributes;
    posix_spawnattr_init(&attributes);
    posix_spawnattr_setpgroup(&attributes, 0);
    sigset_t defaults;
    sigemptyset(&defaults);
    sigaddset(&defaults, SIGPIPE);
    sigaddset(&defaults, SIGINT);
    sigaddset(&defaults, SIGTERM);
    posix_spawnattr_setsigdefault(&attributes, &defaults);
    posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF);
    pid_t pid;
    int spawned = posix_spawn(&pid, path, &actions, &attributes, argv, envp);
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attributes);
    close(in[0]);
    close(out[1]);
    if (spawned != 0) {
        close(in[1]);
        close(out[0]);
        errno = spawned;
        return -1;
    }
    void (*previous)(int) = signal(SIGPIPE, SIG_IGN);
    fcntl(in[1], F_SETFL, O_NONBLOCK);
    size_t sent = 0, kept = 0;
    int writing = length > 0, reading = 1, result = 0;
    if (!writing) { close(in[1]); }
    double deadline = now() + timeout;
    while (writing || reading) {
        if (apolo_interrupted()) { result = -3; break; }
        if (now() > deadline) { result = -2; break; }
        struct pollfd fds[2] = {{writing ? in[1] : -1, POLLOUT, 0}, {reading ? out[0] : -1, POLLIN, 0}};
        if (poll(fds, 2, 100) < 0 && errno != EINTR) break;
        if (writing && fds[0].revents) {
            ssize_t n = write(in[1], input + sent, length - sent);
            if (n > 0) sent += (size_t)n;
            if ((n < 0 && errno != EAGAIN && errno != EINTR) || sent == length) { writing = 0; close(in[1]); }
        }
        if (reading && fds[1].revents) {
            char chunk[4096];
            ssize_t n = read(out[0], chunk, sizeof chunk);
            if (n <= 0 && !(n < 0 && (errno == EAGAIN || errno == EINTR))) { reading = 0; continue; }
            for (ssize_t i = 0; i < n; i++) {
                if (kept + 1 >= errsize) { memmove(err, err + errsize / 2, kept - errsize / 2); kept -= errsize / 2; }
                err[kept++] = chunk[i];
            }
        }
    }
    if (writing) close(in[1]);
    close(out[0]);
    err[kept] = 0;
    signal(SIGPIPE, previous);
    while (result == 0) {
        pid_t done = waitpid(pid, status, WNOHANG);
        if (done == pid) break;
        if (apolo_interrupted()) result = -3;
        else if (now() > deadline) result = -2;
        else usleep(20000);
    }
    if (result != 0) end_group(pid);
    return result;
}
