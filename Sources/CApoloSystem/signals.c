#include "csystem.h"
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <unistd.h>

static volatile sig_atomic_t flag = 0;
static int catching = 0;

static volatile sig_atomic_t received = 0;

/// A second after the first interrupt the process ends, whatever it was doing: work in hand is abandoned, what
/// was saved stays saved (every save is atomic), so a decoder that never returns cannot keep a command alive.
static void expire(int signal) {
    (void)signal;
    _exit(128 + (received ? received : SIGINT));
}

static void handle(int signal) {
    if (flag) _exit(128 + signal);
    flag = 1;
    received = signal;
    alarm(1);
}

void apolo_catch_interrupts(void) {
    struct sigaction action = {0};
    action.sa_handler = handle;
    sigemptyset(&action.sa_mask);
    sigaction(SIGINT, &action, 0);
    sigaction(SIGTERM, &action, 0);
    struct sigaction deadline = {0};
    deadline.sa_handler = expire;
    sigemptyset(&deadline.sa_mask);
    sigaction(SIGALRM, &deadline, 0);
    sigset_t wanted;  // a parent may have left them blocked (a test runner did): they must reach us
    sigemptyset(&wanted);
    sigaddset(&wanted, SIGINT);
    sigaddset(&wanted, SIGTERM);
    sigaddset(&wanted, SIGALRM);
    pthread_sigmask(SIG_UNBLOCK, &wanted, 0);
    catching = 1;
}

struct saved_interrupts {
    struct sigaction interrupt, terminate;
    int catching;
};

void *apolo_interrupts_save(void) {
    struct saved_interrupts *saved = calloc(1, sizeof *saved);
    if (!saved) return NULL;
    sigaction(SIGINT, 0, &saved->interrupt);
    sigaction(SIGTERM, 0, &saved->terminate);
    saved->catching = catching;
    return saved;
}

void apolo_interrupts_restore(void *pointer) {
    struct saved_interrupts *saved = pointer;
    if (!saved) return;
    sigaction(SIGINT, &saved->interrupt, 0);
    sigaction(SIGTERM, &saved->terminate, 0);
    if (!saved->catching && flag) {   // an interrupt that stopped a hook was answered; the next one is new
        alarm(0);
        flag = 0;
    }
    catching = saved->catching;
    free(saved);
}



int apolo_interrupted(void) { return flag; }
