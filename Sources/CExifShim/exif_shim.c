#include "exif_shim.h"
#include <stdio.h>

static void record(ExifLog *log, ExifLogCode code, const char *domain, const char *format, va_list args, void *data) {
    (void)log;
    (void)domain;
    apolo_exif_log_state *state = data;
    if (code != EXIF_LOG_CODE_CORRUPT_DATA || state->corrupt) return;
    state->corrupt = 1;
    vsnprintf(state->message, sizeof state->message, format, args);
}

ExifLog *apolo_exif_log_new(apolo_exif_log_state *state) {
    ExifLog *log = exif_log_new();
    if (log) exif_log_set_func(log, record, state);
    return log;
}
