// Eye state from the eye's pixels, where the landmarks' opening alone misses: 300-W-trained landmarks draw closed
// eyes half open (dlib #1946). Each eye is sampled along its corners' line into a 16 × 8 grey patch (the right eye
// mirrored, so both read outer corner first), its contrast normalised, and weighed by a logistic model together
// with its aspect ratio: above 0 it looks shut, the higher the surer. The weights (eyestate_weights.hpp) are fitted
// by bench/eye-state/ on the tuning two thirds of 2,400 real faces (CEW's closed eyes, UTKFace's open ones, each
// brought to the same 64 px so that size tells nothing); docs/deciding.md gives their figures and their terms.
#pragma once
#include <dlib/image_processing.h>
#include <algorithm>
#include <cmath>
#include <vector>
#include "eyestate_weights.hpp"

namespace eyestate {
constexpr int width = 16, height = 8, supersample = 4;

/// The picture's grey at (x, y), between pixels (bilinear), held inside the picture.
inline double grey(const dlib::array2d<unsigned char> &picture, double x, double y) {
    x = std::clamp(x, 0.0, double(picture.nc()) - 1.001), y = std::clamp(y, 0.0, double(picture.nr()) - 1.001);
    const long ix = long(x), iy = long(y);
    const double fx = x - ix, fy = y - iy;
    return (1 - fx) * (1 - fy) * picture[iy][ix] + fx * (1 - fy) * picture[iy][ix + 1]
           + (1 - fx) * fy * picture[iy + 1][ix] + fx * fy * picture[iy + 1][ix + 1];
}

/// The eye whose six landmarks start at `first` (36: left in the picture, 42: right, mirrored) as a patch 1.5
/// times its corners' distance wide and 0.75 times high, centred on its landmarks, each cell the mean of 4 × 4
/// samples; its contrast normalised (a dim or a flat eye is not made to look shut by its light).
inline std::vector<double> patch(const dlib::array2d<unsigned char> &picture, const dlib::full_object_detection &shape,
                                 unsigned first) {
    const dlib::dpoint a = shape.part(first), b = shape.part(first + 3);
    dlib::dpoint centre(0, 0);
    for (unsigned i = 0; i < 6; i++) centre += dlib::dpoint(shape.part(first + i));
    centre /= 6;
    dlib::dpoint along = b - a;
    const double corners = std::max(1.0, along.length());
    along /= corners;
    const dlib::dpoint across(-along.y(), along.x());
    if (first == 42) along = -along;   // mirrored: outer corner first, as the left eye
    const double w = 1.5 * corners, h = 0.75 * corners;
    std::vector<double> cells;
    for (int y = 0; y < height; y++) {
        for (int x = 0; x < width; x++) {
            double sum = 0;
            for (int sy = 0; sy < supersample; sy++) {
                for (int sx = 0; sx < supersample; sx++) {
                    const double u = ((x + (sx + 0.5) / supersample) / width - 0.5) * w;
                    const double v = ((y + (sy + 0.5) / supersample) / height - 0.5) * h;
                    const dlib::dpoint p = centre + along * u + across * v;
                    sum += grey(picture, p.x(), p.y());
                }
            }
            cells.push_back(sum / (supersample * supersample));
        }
    }
    double mean = 0, spread = 0;
    for (double c : cells) mean += c;
    mean /= cells.size();
    for (double c : cells) spread += (c - mean) * (c - mean);
    spread = std::sqrt(spread / cells.size()) + 8;   // a flat patch stays flat, not noise blown up
    for (double &c : cells) c = (c - mean) / spread;
    return cells;
}

/// How shut the eye looks: the logistic model's margin over the patch and the eye's aspect ratio.
inline double shut(const std::vector<double> &cells, double aspect) {
    double margin = weights[width * height] * aspect * 10 + weights[width * height + 1];
    for (int i = 0; i < width * height; i++) margin += weights[i] * cells[i];
    return margin;
}
}  // namespace eyestate
