#include "csystem.h"
#include <pthread.h>
#include <signal.h>
#include <unistd.h>

static volatile sig_atomic_t flag = 0;
static int catching = 0;

static void handle(int signal) {
    if (flag) _exit(128 + signal);
    flag = 1;
}

void apolo_catch_interrupts(void) {
    struct sigaction action = {0};
    action.sa_handler = handle;
    sigemptyset(&action.sa_mask);
    sigaction(SIGINT, &action, 0);
    sigaction(SIGTERM, &action, 0);
    sigset_t wanted;  // a parent may have left them blocked (a test runner did): they must reach us
    sigemptyset(&wanted);
    sigaddset(&wanted, SIGINT);
    sigaddset(&wanted, SIGTERM);
    pthread_sigmask(SIG_UNBLOCK, &wanted, 0);
    catching = 1;
}

void apolo_default_interrupts(void) {
    signal(SIGINT, SIG_DFL);
    signal(SIGTERM, SIG_DFL);
    catching = 0;
}

int apolo_catching(void) { return catching; }

int apolo_interrupted(void) { return flag; }
