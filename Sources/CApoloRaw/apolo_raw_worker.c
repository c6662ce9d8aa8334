// The worker's side: read a request, run LibRaw on its bytes, answer; until apolo closes the socket.
#define _GNU_SOURCE
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "apolo_raw_pool.h"
#include "apolo_workers.h"

/// A fault a test asks for (APOLO_FAULT_RAW=crash|hang), to prove apolo survives it.
static void injected_fault(void) {
    const char *fault = getenv("APOLO_FAULT_RAW");
    if (fault && strcmp(fault, "crash") == 0) raise(SIGSEGV);
    if (fault && strcmp(fault, "hang") == 0) for (;;) pause();
}

static int answer_one(int in, int out) {
    apolo_raw_request request;
    if (apolo_read_all(in, &request, sizeof request) != 0) return -1;   // apolo closed: done
    if (request.size > (2ULL << 30)) return -1;
    void *bytes = malloc(request.size ? request.size : 1), *picture = NULL;
    if (!bytes || apolo_read_all(in, bytes, request.size) != 0) return -1;
    injected_fault();
    apolo_raw_answer answer = {0};
    size_t picture_size = 0;
    switch (request.op) {
    case APOLO_RAW_IDENTIFY:
        answer.status = apolo_raw_identify(bytes, request.size, &answer.facts, answer.error, sizeof answer.error);
        break;
    case APOLO_RAW_EMBEDDED:
        answer.status = apolo_raw_embedded(bytes, request.size, &picture, &picture_size, &answer.format, &answer.orientation,
                                           answer.error, sizeof answer.error);
        break;
    default:
        answer.format = 3, answer.orientation = 1;
        answer.status = apolo_raw_decoded(bytes, request.size, &picture, &picture_size, answer.error, sizeof answer.error);
    }
    free(bytes);
    answer.size = answer.status == 0 ? picture_size : 0;
    int failed = apolo_write_all(out, &answer, sizeof answer)
                 || (answer.size && apolo_write_all(out, picture, picture_size));
    free(picture);
    return failed ? -1 : 0;
}

int apolo_raw_worker_main(int in, int out) {
    apolo_worker_start();
    char error[256];
    apolo_raw_start(error, sizeof error);   // LibRaw loaded once, before the first request
    while (answer_one(in, out) == 0) {}
    return 0;
}
