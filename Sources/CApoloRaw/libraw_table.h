#ifndef APOLO_RAW_LIBRARY_H
#define APOLO_RAW_LIBRARY_H
// Private to CApoloRaw: LibRaw's functions, resolved with dlsym when first used, and what its files share.
#include <stddef.h>
#include <libraw/libraw.h>

struct apolo_libraw {
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
};
extern struct apolo_libraw libraw;

/// Silences LibRaw's data errors; when `data` is given, it is an int set to 1 (the raw data is cut short or damaged).
void apolo_raw_quiet(void *data, const char *file, const int offset);
/// Copies a processed image (JPEG as is, an 8-bit RGB bitmap as PPM) into a buffer to free with free().
int apolo_raw_take(libraw_processed_image_t *image, void **out, size_t *out_size, char *error, size_t length);
/// Demosaics an opened raw at half size (bounded; see apolo_raw.h); 0 and a PPM on success.
int apolo_raw_decode(libraw_data_t *raw, size_t size, void **out, size_t *out_size, char *error, size_t length);
#endif
