#ifndef APOLO_VIPS_SHIM_H
#define APOLO_VIPS_SHIM_H
#include <stddef.h>
/// Fixed-argument wrappers over libvips, which is loaded with dlopen on first use so that commands
/// touching no pixels never pay for it. Images are opaque pointers owning one reference each.
/// Every function returns 0 on success, -1 on failure (then apolo_vips_error() says why).

/// Loads libvips, initialises it once, sets its own concurrency to `threads`. Safe to call again.
int apolo_vips_start(int threads);
/// The last error as a newly allocated string (free it with apolo_vips_free), or NULL.
char *apolo_vips_error(void);
void apolo_vips_free(void *text);
void apolo_vips_unref(void *image);

/// An upright thumbnail of a file, at most width x height, never enlarged.
int apolo_vips_thumbnail(const char *path, int width, int height, void **out);
/// A libvips source reading an open descriptor (libvips keeps its own duplicate); release with apolo_vips_unref.
void *apolo_vips_source(int fd);
/// The size, bands and bytes per sample a source declares, read from its header without decoding pixels.
int apolo_vips_header(void *source, int *width, int *height, int *bands, int *sample_bytes);
/// An upright thumbnail of a source, at most width x height, never enlarged.
int apolo_vips_thumbnail_source(void *source, int width, int height, void **out);
/// The whole picture from a source, upright (EXIF orientation applied), decoded on demand at full size.
int apolo_vips_upright_source(void *source, void **out);
/// An upright thumbnail of an encoded picture in memory (a raw's embedded preview), turned by `orientation`.
int apolo_vips_thumbnail_buffer(const void *bytes, size_t length, int width, int height, int orientation, void **out);
int apolo_vips_width(void *image);
int apolo_vips_height(void *image);
/// A solid sRGB tile.
int apolo_vips_tile(int width, int height, double r, double g, double b, void **out);
/// `sub` placed over `base` at (x, y); the result has base's size.
int apolo_vips_insert(void *base, void *sub, int x, int y, void **out);
/// Text (Pango markup, colours included) rendered over a solid background colour.
int apolo_vips_markup(const char *markup, const char *font, int width, double br, double bg, double bb, void **out);
/// Saves by file name; options may follow in brackets, e.g. "x.jpg[Q=85,strip]".
int apolo_vips_save(void *image, const char *path);
/// Encodes into memory in the format the suffix names, e.g. ".jpg[Q=85]"; free the buffer with apolo_vips_gfree.
int apolo_vips_save_buffer(void *image, const char *suffix, void **buffer, size_t *length);
void apolo_vips_gfree(void *pointer);
/// Caps libvips' operation cache (call only while one thread uses libvips: trimming races with workers).
void apolo_vips_cache_limit(int operations);
/// A file opened for random access (reading pixels anywhere).
int apolo_vips_open(const char *path, void **out);
/// The first three bands of the pixel at (x, y).
int apolo_vips_pixel(void *image, int x, int y, double *rgb);
/// The image as packed 8-bit sRGB (alpha flattened, grey spread to three bands); free with apolo_vips_gfree.
int apolo_vips_rgb(void *image, unsigned char **pixels, int *width, int *height);
/// Packed 8-bit pixels in memory (`bands`: 1 grey, 3 RGB) resized to fit size x size — shrunk only (by averaging
/// areas), or enlarged too when `enlarge` — into *pixels, packed the same way; free with apolo_vips_gfree.
int apolo_vips_resized(const unsigned char *packed, int width, int height, int bands, int size, int enlarge,
                       unsigned char **pixels, int *out_width, int *out_height);
#endif
