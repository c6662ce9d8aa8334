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
} r;

static pthread_once_t once = PTHREAD_ONCE_INIT;
static int loaded = -1;
static char load_error[256];

#define RESOLVE(field, name) \
    if (!(*(void **)&r.field = dlsym(lib, name))) { snprintf(load_error, sizeof load_error, "LibRaw has no %s", name); return; }

static void load(void) {
    const char *names[] = {"libraw_r.so.23", "libraw_r.so.20", "libraw_r.so.19", "libraw_r.so"};
    void *lib = NULL;
    for (size_t i = 0; i < sizeof names / sizeof *names && !lib; i++) lib = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
    if (!lib) {
        snprintf(load_error, sizeof load_error, "LibRaw is not installed, so raw files cannot be read; install it with: apt-get install libraw20");
        return;
    }
    RESOLVE(init, "libraw_init") RESOLVE(open_buffer, "libraw_open_buffer") RESOLVE(unpack_thumb, "libraw_unpack_thumb")
    RESOLVE(make_mem_thumb, "libraw_dcraw_make_mem_thumb") RESOLVE(clear_mem, "libraw_dcraw_clear_mem")
    RESOLVE(close, "libraw_close") RESOLVE(strerror, "libraw_strerror")
    loaded = 0;
}

int apolo_raw_start(char *error, size_t length) {
    pthread_once(&once, load);
    if (loaded != 0 && error) snprintf(error, length, "%s", load_error);
    return loaded;
}

static libraw_data_t *open_raw(const void *bytes, size_t size, char *error, size_t length) {
    if (apolo_raw_start(error, length) != 0) return NULL;
    libraw_data_t *raw = r.init(0);
    if (!raw) { snprintf(error, length, "LibRaw could not start"); return NULL; }
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

int apolo_raw_preview(const void *bytes, size_t size, void **out, size_t *out_size, int *format, int *orient, char *error, size_t length) {
    libraw_data_t *raw = open_raw(bytes, size, error, length);
    if (!raw) return -2;
    *orient = orientation(raw->sizes.flip);
    int status = r.unpack_thumb(raw);
    if (status != 0) {
        snprintf(error, length, "it has no usable embedded preview (%s)", r.strerror(status));
        r.close(raw);
        return -1;
    }
    int errc = 0;
    libraw_processed_image_t *image = r.make_mem_thumb(raw, &errc);
    if (!image) {
        snprintf(error, length, "its embedded preview cannot be read (%s)", r.strerror(errc));
        r.close(raw);
        return -1;
    }
    int result = -1;
    if (image->type == LIBRAW_IMAGE_JPEG) {
        *out = malloc(image->data_size);
        if (*out) { memcpy(*out, image->data, image->data_size); *out_size = image->data_size; *format = 1; result = 0; }
    } else if (image->type == LIBRAW_IMAGE_BITMAP && image->bits == 8 && image->colors == 3) {
        char head[64];
        int n = snprintf(head, sizeof head, "P6\n%d %d\n255\n", image->width, image->height);
        *out = malloc(n + image->data_size);
        if (*out) { memcpy(*out, head, n); memcpy((char *)*out + n, image->data, image->data_size); *out_size = n + image->data_size; *format = 2; result = 0; }
    } else {
        snprintf(error, length, "its embedded preview is in a form apolo cannot show");
    }
    if (result != 0 && error[0] == 0) snprintf(error, length, "out of memory");
    r.clear_mem(image);
    r.close(raw);
    return result;
}

void apolo_raw_free(void *pointer) { free(pointer); }
