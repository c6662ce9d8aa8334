#ifndef APOLO_AREA_H
#define APOLO_AREA_H

/// Packed 8-bit pixels (`bands` a pixel, 1 to 4) shrunk to `width` x `height` by averaging the area of the input each
/// output pixel covers: a box filter with fractional edges (OpenCV's INTER_AREA). NULL when the sizes are not a
/// shrink or memory is short; free the result with free() (glib's g_free frees it too).
unsigned char *apolo_area_shrunk(const unsigned char *pixels, int in_width, int in_height, int bands, int width,
                                 int height);

#endif
