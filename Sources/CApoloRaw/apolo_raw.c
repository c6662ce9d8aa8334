#include "apolo_raw.h"
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <libraw/libraw.h>
#include "libraw_table.h"

struct apolo_libraw libraw;

static pthread_once_t once = PTHREAD_ONCE_INIT;
static int loaded = -1;
static char load_error[256];

#define TEXT(x) #x
#define SONAME(x) TEXT(x)
#define RESOLVE(field, name) \
    if (!(*(void **)&libraw.field = dlsym(lib, name))) { snprintf(load_error, sizeof load_error, "LibRaw has no %s", name); return; }

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
void apolo_raw_quiet(void *data, const char *file, const int offset) {
    (void)file, (void)offset;
    if (data) *(int *)data = 1;
}

static libraw_data_t *open_raw(const void *bytes, size_t size, char *error, size_t length) {
    if (apolo_raw_start(error, length) != 0) return NULL;
    libraw_data_t *raw = libraw.init(0);
    if (!raw) { snprintf(error, length, "LibRaw could not start"); return NULL; }
    libraw.set_dataerror_handler(raw, apolo_raw_quiet, NULL);
    int status = libraw.open_buffer(raw, (void *)bytes, size);
    if (status != 0) {
        snprintf(error, length, "%s", libraw.strerror(status));
        libraw.close(raw);
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
    libraw.close(raw);
    return 0;
}

int apolo_raw_embedded(const void *bytes, size_t size, void **out, size_t *out_size, int *format, int *orient, char *error, size_t length) {
    libraw_data_t *raw = open_raw(bytes, size, error, length);
    if (!raw) return -2;
    *orient = orientation(raw->sizes.flip);
    int result = -3, errc = 0;
    libraw_processed_image_t *image = libraw.unpack_thumb(raw) == 0 ? libraw.make_mem_thumb(raw, &errc) : NULL;
    if (image && (image->type == LIBRAW_IMAGE_JPEG || (image->bits == 8 && image->colors == 3))) {
        *format = image->type == LIBRAW_IMAGE_JPEG ? 1 : 2;
        result = apolo_raw_take(image, out, out_size, error, length);
    }
    if (image) libraw.clear_mem(image);
    libraw.close(raw);
    return result;
}

int apolo_raw_decoded(const void *bytes, size_t size, void **out, size_t *out_size, char *error, size_t length) {
    // a fresh open: a failed unpack_thumb leaves LibRaw in a state where unpack is refused; LibRaw turns the
    // picture upright itself
    libraw_data_t *raw = open_raw(bytes, size, error, length);
    if (!raw) return -1;
    int result = apolo_raw_decode(raw, size, out, out_size, error, length);
    libraw.close(raw);
    return result;
}

void apolo_raw_free(void *pointer) { free(pointer); }
