#ifndef APOLO_RAW_H
#define APOLO_RAW_H
#include <stddef.h>
/// LibRaw, loaded with dlopen on first use (commands that read no raw file never pay for it). One LibRaw
/// handle per call, so calls from several threads are safe.

/// What LibRaw identified in a raw file (strings are empty and numbers 0 when unknown).
typedef struct {
    char make[64];
    char model[64];
    char lens[128];
    /// Capture time as LibRaw gives it (seconds, from the camera's local wall clock through mktime); 0 when none.
    long long timestamp;
    float shutter, aperture, iso, focal;
    int width, height;
    /// EXIF orientation 1–8 from LibRaw's flip.
    int orientation;
} apolo_raw_facts;

/// 0 when LibRaw can be used; else -1 and `error` says why (not installed).
int apolo_raw_start(char *error, size_t length);
/// Identifies the raw in `bytes` (no decoding). 0 on success, -1 when it is no raw LibRaw opens (`error` says why).
int apolo_raw_identify(const void *bytes, size_t size, apolo_raw_facts *facts, char *error, size_t length);
/// A raw without an embedded preview is decoded at half size when it has at most this many pixels
/// (about 200 MB of raw data and as much again of picture; one decode runs at a time).
#define APOLO_RAW_MAX_DECODE_PIXELS 100e6
/// A decode still running after this long stops at LibRaw's next stage.
#define APOLO_RAW_DECODE_SECONDS 30

/// The largest embedded preview: a JPEG (format 1) or a PPM made from a bitmap (format 2), in a buffer to free
/// with apolo_raw_free, and the raw's orientation (the preview is stored as the sensor saw it). -3 when the raw has
/// no usable preview, -1 when copying it failed, -2 when LibRaw does not open the bytes as a raw (`error` says why).
int apolo_raw_embedded(const void *bytes, size_t size, void **out, size_t *out_size, int *format, int *orientation, char *error, size_t length);
/// The raw decoded at half size, upright, as a PPM (bounded; see above); -1 and `error` when that fails.
int apolo_raw_decoded(const void *bytes, size_t size, void **out, size_t *out_size, char *error, size_t length);

/// The worker program's loop (apolo-raw-worker): answers requests from `in` on `out` until `in` closes.
int apolo_raw_worker_main(int in, int out);

/// Returned by the isolated calls when the decoder crashed, hung or stopped without an answer (`error` says which).
#define APOLO_RAW_DECODER_DIED -9
/// `apolo_raw_identify`, run in an apolo-raw-worker process: a LibRaw crash or hang costs this call, not apolo.
/// `seconds` bounds the wait (the child is killed then).
int apolo_raw_identify_isolated(const void *bytes, size_t size, apolo_raw_facts *facts, char *error, size_t length, double seconds);
/// The largest embedded preview or, without a usable one, the raw decoded at half size (format 3, orientation 1;
/// one decode at a time), each in an apolo-raw-worker process. Results as apolo_raw_embedded's, plus -1 when the
/// decode fails and APOLO_RAW_DECODER_DIED.
int apolo_raw_preview_isolated(const void *bytes, size_t size, void **out, size_t *out_size, int *format, int *orientation, char *error, size_t length, double seconds);
void apolo_raw_free(void *pointer);
#endif
