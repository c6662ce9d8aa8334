// LibRaw out of apolo's process: LibRaw 0.20 segfaults on some damaged raws (parse_tiff_ifd), and a crash inside
// apolo would lose the whole import. A few apolo-raw-worker processes (one per core, at most four) are started
// when the first raw is read and kept; each call sends the raw's bytes to an idle worker over a socket and reads
// the answer within a time limit. A worker that crashes or hangs is killed and reaped, that one file fails in
// words, and a new worker takes its place at the next call. (Forking apolo itself was tried first: a child of a
// process with other threads can inherit a lock held mid-call, such as glibc's time-zone lock LibRaw's mktime
// takes, and hang; a freshly started program inherits none.)
#define _GNU_SOURCE
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include "apolo_raw_pool.h"
#include "apolo_workers.h"

static struct apolo_pool raws = {.program = "apolo-raw-worker", .env_path = "APOLO_RAW_WORKER",
                                  .env_fault = "APOLO_FAULT_RAW", .what = "raw decoder"};
static pthread_mutex_t decoding = PTHREAD_MUTEX_INITIALIZER;

/// One request to an idle worker: the answer, and the picture (to free) after it.
static int call(unsigned op, const void *bytes, size_t size, double seconds, apolo_raw_answer *answer, void **picture,
                char *error, size_t length) {
    struct apolo_worker *w = apolo_pool_acquire(&raws, error, length);
    if (!w) return APOLO_RAW_DECODER_DIED;
    double deadline = apolo_pool_now() + seconds;
    apolo_raw_request request = {.op = op, .size = size};
    int result = apolo_pool_transfer(w, &request, sizeof request, 1, deadline);
    if (!result) result = apolo_pool_transfer(w, (void *)bytes, size, 1, deadline);
    if (!result) result = apolo_pool_transfer(w, answer, sizeof *answer, 0, deadline);
    if (!result && answer->size) {
        *picture = malloc(answer->size);
        result = *picture ? apolo_pool_transfer(w, *picture, answer->size, 0, deadline) : -1;
    }
    if (result) {
        free(*picture);
        *picture = NULL;
    }
    apolo_pool_release(&raws, w, result, seconds, error, length);
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
