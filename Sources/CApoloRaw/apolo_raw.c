#include "apolo_raw.h"
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <libraw/libraw.h>

static struct {
    libraw_data_t *(*init)(unsigned int);
    int (*open_buffer)(libraw_data_t *, void *, size_t);
    int (*unpack_thumb)(libraw_data_t *);
    libraw_processed_image_t *(*make_mem_thumb)(libraw_data_t *, int *);
    void (*clear_mem)(libraw_processed_image_t *);
    void (*close)(libraw_data_t *);
    const char *(*strerror)(int);
    int (*unpack)(libraw_data_t *);
    int (*dcraw_process)(libraw_data_t *);
    libraw_processed_image_t *(*make_mem_image)(libraw_data_t *, int *);
    void (*set_progress_handler)(libraw_data_t *, progress_callback, void *);
    void (*set_dataerror_handler)(libraw_data_t *, data_callback, void *);
} r;

static pthread_once_t once = PTHREAD_ONCE_INIT;
static int loaded = -1;
static char load_error[256];

#define TEXT(x) #x
#define SONAME(x) TEXT(x)
#define RESOLVE(field, name) \
    if (!(*(void **)&r.field = dlsym(lib, name))) { snprintf(load_error, sizeof load_error, "LibRaw has no %s", name); return; }

static void load(void) {
    // only the library the headers describe: libraw_data_t's layout changes between sonames
    const char *names[] = {"libraw_r.so." SONAME(LIBRAW_SHLIB_CURRENT), "libraw_r.so"};
    void *lib = NULL;
    for (size_t i = 0; i < sizeof names / sizeof *names && !lib; i++) lib = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
    if (!lib) {
        snprintf(load_error, sizeof load_error, "LibRaw is not installed, so raw files cannot be read; install it with: apt-get install libraw20");
        return;
    }
    RESOLVE(init, "libraw_init") RESOLVE(open_buffer, "libraw_open_buffer") RESOLVE(unpack_thumb, "libraw_unpack_thumb")
    RESOLVE(make_mem_thumb, "libraw_dcraw_make_mem_thumb") RESOLVE(clear_mem, "libraw_dcraw_clear_mem")
    RESOLVE(close, "libraw_close") RESOLVE(strerror, "libraw_strerror") RESOLVE(unpack, "libraw_unpack")
    RESOLVE(dcraw_process, "libraw_dcraw_process") RESOLVE(make_mem_image, "libraw_dcraw_make_mem_image")
    RESOLVE(set_progress_handler, "libraw_set_progress_handler")
    RESOLVE(set_dataerror_handler, "libraw_set_dataerror_handler")
    loaded = 0;
}

int apolo_raw_start(char *error, size_t length) {
    pthread_once(&once, load);
    if (loaded != 0 && error) snprintf(error, length, "%s", load_error);
    return loaded;
}

/// LibRaw's default prints "unknown file: Unexpected end of file" on stderr; the call's status says it for us.
/// When `data` is given, it is an int set to 1 (the raw data is cut short or damaged).
static void quiet(void *data, const char *file, const int offset) {
    (void)file, (void)offset;
    if (data) *(int *)data = 1;
}

static libraw_data_t *open_raw(const void *bytes, size_t size, char *error, size_t length) {
    if (apolo_raw_start(error, length) != 0) return NULL;
    libraw_data_t *raw = r.init(0);
    if (!raw) { snprintf(error, length, "LibRaw could not start"); return NULL; }
    r.set_dataerror_handler(raw, quiet, NULL);
    int status = r.open_buffer(raw, (void *)bytes, size);
    if (status != 0) {
        snprintf(error, length, "%s", r.strerror(status));
        r.close(raw);
        return NULL;
    }
    return raw;
}

static int orientation(int flip) {
    switch (flip) {
    case 3: return 3;
    case 5: return 8;
    case 6: return 6;
    default: return 1;
    }
}

int apolo_raw_identify(const void *bytes, size_t size, apolo_raw_facts *facts, char *error, size_t length) {
    libraw_data_t *raw = open_raw(bytes, size, error, length);
    if (!raw) return -1;
    memset(facts, 0, sizeof *facts);
    snprintf(facts->make, sizeof facts->make, "%s", raw->idata.make);
    snprintf(facts->model, sizeof facts->model, "%s", raw->idata.model);
    snprintf(facts->lens, sizeof facts->lens, "%s", raw->lens.Lens[0] ? raw->lens.Lens : raw->lens.makernotes.Lens);
    facts->timestamp = (long long)raw->other.timestamp;
    facts->shutter = raw->other.shutter;
    facts->aperture = raw->other.aperture;
    facts->iso = raw->other.iso_speed;
    facts->focal = raw->other.focal_len;
    facts->width = raw->sizes.width;
    facts->height = raw->sizes.height;
    facts->orientation = orientation(raw->sizes.flip);
    // the preview's form is known once it is unpacked (a copy in memory; nothing is decoded)
    if (r.unpack_thumb(raw) == 0)
        facts->preview_format = raw->thumbnail.tformat == LIBRAW_THUMBNAIL_JPEG ? 1 : raw->thumbnail.tformat == LIBRAW_THUMBNAIL_UNKNOWN ? 0 : 2;
    facts->preview_width = raw->thumbnail.twidth;
    facts->preview_height = raw->thumbnail.theight;
    r.close(raw);
    return 0;
}

/// Copies a processed image (JPEG as is, an 8-bit RGB bitmap as PPM) into a buffer of ours.
static int take(libraw_processed_image_t *image, void **out, size_t *out_size, char *error, size_t length) {
    if (image->type == LIBRAW_IMAGE_JPEG) {
        if (!(*out = malloc(image->data_size))) goto oom;
        memcpy(*out, image->data, image->data_size);
        *out_size = image->data_size;
        return 0;
    }
    if (image->type == LIBRAW_IMAGE_BITMAP && image->bits == 8 && image->colors == 3) {
        char head[64];
        int n = snprintf(head, sizeof head, "P6\n%d %d\n255\n", image->width, image->height);
        if (!(*out = malloc(n + image->data_size))) goto oom;
        memcpy(*out, head, n);
        memcpy((char *)*out + n, image->data, image->data_size);
        *out_size = n + image->data_size;
        return 0;
    }
    snprintf(error, length, "its picture is in a form apolo cannot show");
    return -1;
oom:
    snprintf(error, length, "out of memory");
    return -1;
}

static int past_deadline(void *data, enum LibRaw_progress stage, int iteration, int expected) {
    (void)stage, (void)iteration, (void)expected;
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return now.tv_sec >= *(time_t *)data;
}

static pthread_mutex_t decoding = PTHREAD_MUTEX_INITIALIZER;

/// Demosaics at half size (one decode at a time, a bounded raw, stopped at the next stage after the deadline).
static int decode(libraw_data_t *raw, size_t size, void **out, size_t *out_size, char *error, size_t length) {
    double pixels = (double)raw->sizes.raw_width * raw->sizes.raw_height;
    if (pixels > APOLO_RAW_MAX_DECODE_PIXELS) {
        snprintf(error, length, "it has no usable embedded preview, and at %.0f megapixels it is too large to decode", pixels / 1e6);
        return -1;
    }
    // no camera compresses raw data below half a bit a pixel: a smaller file lost its data (LibRaw would
    // decode its absence as black without a word)
    if ((double)size * 16 < pixels) {
        snprintf(error, length, "it has no usable embedded preview, and its raw data is missing (%zu kB for %.1f megapixels)", size / 1000, pixels / 1e6);
        return -1;
    }
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    time_t deadline = now.tv_sec + APOLO_RAW_DECODE_SECONDS;
    r.set_progress_handler(raw, past_deadline, &deadline);
    raw->params.half_size = 1;
    raw->params.use_camera_wb = 1;
    int damaged = 0;
    r.set_dataerror_handler(raw, quiet, &damaged);
    pthread_mutex_lock(&decoding);
    int status = r.unpack(raw);
    if (status == 0) status = r.dcraw_process(raw);
    libraw_processed_image_t *image = NULL;
    if (status == 0) image = r.make_mem_image(raw, &status);
    pthread_mutex_unlock(&decoding);
    if (image && damaged) {
        // LibRaw fills what it could not read; a half-made picture is never shown as the photo
        snprintf(error, length, "it has no usable embedded preview, and its raw data is cut short or damaged");
        r.clear_mem(image);
        return -1;
    }
    if (!image) {
        if (status == LIBRAW_CANCELLED_BY_CALLBACK)
            snprintf(error, length, "it has no usable embedded preview, and decoding its raw data took over %d s", APOLO_RAW_DECODE_SECONDS);
        else
            snprintf(error, length, "it has no usable embedded preview, and LibRaw cannot decode its raw data (%s)", r.strerror(status));
        return -1;
    }
    int result = take(image, out, out_size, error, length);
    r.clear_mem(image);
    return result;
}

int apolo_raw_preview(const void *bytes, size_t size, void **out, size_t *out_size, int *format, int *orient, char *error, size_t length) {
    libraw_data_t *raw = open_raw(bytes, size, error, length);
    if (!raw) return -2;
    *orient = orientation(raw->sizes.flip);
    int result = -1, errc = 0;
    libraw_processed_image_t *image = r.unpack_thumb(raw) == 0 ? r.make_mem_thumb(raw, &errc) : NULL;
    if (image && (image->type == LIBRAW_IMAGE_JPEG || (image->bits == 8 && image->colors == 3))) {
        *format = image->type == LIBRAW_IMAGE_JPEG ? 1 : 2;
        result = take(image, out, out_size, error, length);
        r.clear_mem(image);
        r.close(raw);
        return result;
    }
    if (image) r.clear_mem(image);
    r.close(raw);
    // no usable preview: decode the raw data from a fresh open (a failed unpack_thumb leaves LibRaw in a state
    // where unpack is refused); LibRaw turns the picture upright itself
    if (!(raw = open_raw(bytes, size, error, length))) return -1;
    *format = 3;
    *orient = 1;
    result = decode(raw, size, out, out_size, error, length);
    r.close(raw);
    return result;
}

void apolo_raw_free(void *pointer) { free(pointer); }
