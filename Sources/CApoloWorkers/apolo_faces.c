// The client side of apolo-face-worker: one request, one fixed-size answer.
#include "apolo_faces.h"
#include "apolo_workers.h"
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static struct apolo_pool faces = {.program = "apolo-face-worker", .env_path = "APOLO_FACE_WORKER",
                                  .env_fault = "APOLO_FAULT_FACES", .what = "face finder"};
static pthread_once_t once = PTHREAD_ONCE_INIT;
static char model[4200], identity[4200], unpacked[4200], detector[4200];

/// The AVX2 build of the worker (20% faster) when this processor runs it and it is installed.
static void choose_build(void) {
#if defined(__x86_64__)
    __builtin_cpu_init();
    if (!__builtin_cpu_supports("avx2") || !__builtin_cpu_supports("fma")) return;
    struct apolo_pool wide = {.program = "apolo-face-worker-v3", .env_path = faces.env_path};
    char path[4200];
    if (apolo_pool_helper_path(&wide, path, sizeof path) == 0 && access(path, X_OK) == 0) faces.program = wide.program;
#endif
}

static void configure(void) {   // the models the worker loads, when the environment names others
    choose_build();
    const char *given = getenv("APOLO_FACE_MODEL");
    if (given && *given && strlen(given) < 4000) {
        snprintf(model, sizeof model, "APOLO_FACE_MODEL=%s", given);
        faces.env_extra = model;
    }
    given = getenv("APOLO_IDENTITY_MODEL");
    if (given && strlen(given) < 4000) {   // set but empty: no identities (a test of faces without people)
        snprintf(identity, sizeof identity, "APOLO_IDENTITY_MODEL=%s", given);
        faces.env_extra2 = identity;
    }
    given = getenv("APOLO_FACE_DETECTOR");
    if (given && strlen(given) < 4000) {   // set but empty: dlib's HOG detector instead of YuNet
        snprintf(detector, sizeof detector, "APOLO_FACE_DETECTOR=%s", given);
        faces.env_extra4 = detector;
    }
    // where the worker keeps its models unpacked (worker's unpacked.hpp): APOLO_MODEL_CACHE (empty: nowhere), else
    // the user's cache folder
    given = getenv("APOLO_MODEL_CACHE");
    const char *xdg = getenv("XDG_CACHE_HOME"), *home = getenv("HOME");
    if (given && strlen(given) < 4000) {
        snprintf(unpacked, sizeof unpacked, "APOLO_MODEL_CACHE=%s", given);
    } else if (!given && xdg && xdg[0] == '/' && strlen(xdg) < 4000) {
        snprintf(unpacked, sizeof unpacked, "APOLO_MODEL_CACHE=%s/apolo", xdg);
    } else if (!given && home && home[0] == '/' && strlen(home) < 4000) {
        snprintf(unpacked, sizeof unpacked, "APOLO_MODEL_CACHE=%s/.cache/apolo", home);
    }
    if (unpacked[0]) faces.env_extra3 = unpacked;
}

int apolo_faces_installed(void) {
    pthread_once(&once, configure);
    char worker[4200];
    const char *given = getenv("APOLO_FACE_MODEL");
    const char *model = given && *given ? given : APOLO_FACES_MODEL;
    return apolo_pool_helper_path(&faces, worker, sizeof worker) == 0 && access(worker, X_OK) == 0
           && access(model, R_OK) == 0;
}

int apolo_faces_isolated(const unsigned char *grey, int width, int height, const unsigned char *colour,
                         int colour_width, int colour_height, int scan, apolo_faces_answer *answer, char *error,
                         size_t length, double seconds) {
    pthread_once(&once, configure);
    memset(answer, 0, sizeof *answer);
    if (width <= 0 || height <= 0 || !apolo_faces_fits((unsigned)width, (unsigned)height)) {
        snprintf(error, length, "a picture of %d × %d is not measured for faces", width, height);
        return -1;
    }
    if (!colour || colour_width <= 0 || colour_height <= 0
        || !apolo_faces_colour_fits((unsigned)width, (unsigned)height, (unsigned)colour_width,
                                    (unsigned)colour_height)) {
        colour = NULL, colour_width = colour_height = 0;   // the grey picture is looked at instead
    }
    struct apolo_worker *w = apolo_pool_acquire(&faces, error, length);
    if (!w) return -1;   // not installed or cannot start: faces are off, said once
    double deadline = apolo_pool_now() + seconds;
    apolo_faces_request request = {
        .width = (unsigned)width, .height = (unsigned)height, .scan = scan > 0 && scan < 65536 ? (unsigned)scan : 0,
        .colour_width = (unsigned)colour_width, .colour_height = (unsigned)colour_height};
    int result = apolo_pool_transfer(w, &request, sizeof request, 1, deadline);
    if (!result) result = apolo_pool_transfer(w, (void *)grey, (size_t)width * height, 1, deadline);
    if (!result && colour) {
        result = apolo_pool_transfer(w, (void *)colour, (size_t)colour_width * colour_height * 3, 1, deadline);
    }
    if (!result) result = apolo_pool_transfer(w, answer, sizeof *answer, 0, deadline);
    if (!result && (answer->count < 0 || answer->count > APOLO_FACES_MAX)) result = -1;
    apolo_pool_release(&faces, w, result, seconds, error, length);
    if (result) return result == 1 ? APOLO_FACES_HUNG : APOLO_FACES_DIED;
    answer->error[sizeof answer->error - 1] = 0;
    snprintf(error, length, "%s", answer->error);
    return answer->status;
}
