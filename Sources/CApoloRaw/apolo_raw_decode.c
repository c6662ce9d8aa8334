// A raw without a usable embedded preview, decoded by LibRaw at half size (bounded in pixels and time), and the
// copy of LibRaw's processed images into buffers of ours.
#include "apolo_raw.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "libraw_table.h"

/// Copies a processed image (JPEG as is, an 8-bit RGB bitmap as PPM) into a buffer of ours.
int apolo_raw_take(libraw_processed_image_t *image, void **out, size_t *out_size, char *error, size_t length) {
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

/// Demosaics at half size (a bounded raw, stopped at the next stage after the deadline; the caller runs one
/// decode at a time).
int apolo_raw_decode(libraw_data_t *raw, size_t size, void **out, size_t *out_size, char *error, size_t length) {
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
    raw->params.half_size = 1;
    raw->params.use_camera_wb = 1;
    int damaged = 0;
    libraw.set_dataerror_handler(raw, apolo_raw_quiet, &damaged);
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    time_t deadline = now.tv_sec + APOLO_RAW_DECODE_SECONDS;
    libraw.set_progress_handler(raw, past_deadline, &deadline);
    int status = libraw.unpack(raw);
    if (status == 0) status = libraw.dcraw_process(raw);
    libraw_processed_image_t *image = NULL;
    if (status == 0) image = libraw.make_mem_image(raw, &status);
    if (image && damaged) {
        // LibRaw fills what it could not read; a half-made picture is never shown as the photo
        snprintf(error, length, "it has no usable embedded preview, and its raw data is cut short or damaged");
        libraw.clear_mem(image);
        return -1;
    }
    if (!image) {
        if (status == LIBRAW_CANCELLED_BY_CALLBACK)
            snprintf(error, length, "it has no usable embedded preview, and decoding its raw data took over %d s", APOLO_RAW_DECODE_SECONDS);
        else
            snprintf(error, length, "it has no usable embedded preview, and LibRaw cannot decode its raw data (%s)", libraw.strerror(status));
        return -1;
    }
    int result = apolo_raw_take(image, out, out_size, error, length);
    libraw.clear_mem(image);
    return result;
}
