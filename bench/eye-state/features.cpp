// The eye-state model's training rows: for each face crop named on standard input, its first face's eyes as the
// face worker sees them (eyestate.hpp's patches and the landmarks' aspect ratios). Each crop is first brought to
// LOW px on its longer side when LOW > 0 (the open faces to the closed ones' size: size must tell nothing), then
// enlarged to 200 px and framed in grey three times its size, as bench/closed_eyes.py frames them for apolo.
// Prints: file, each eye's aspect ratio, then both patches (left, then right mirrored). Usage: features LOW < list
#include <dlib/image_io.h>
#include <dlib/image_processing/frontal_face_detector.h>
#include <algorithm>
#include <iostream>
#include "eyestate.hpp"

static double aspect(const dlib::full_object_detection &s, unsigned f) {
    auto d = [&](unsigned i, unsigned j) { return (s.part(f + i) - s.part(f + j)).length(); };
    return d(0, 3) > 0 ? (d(1, 5) + d(2, 4)) / (2 * d(0, 3)) : 0;
}

static void fit(dlib::array2d<unsigned char> &image, long side) {
    const double k = double(side) / std::max(image.nr(), image.nc());
    dlib::array2d<unsigned char> sized(long(image.nr() * k), long(image.nc() * k));
    dlib::resize_image(image, sized);
    dlib::swap(image, sized);
}

int main(int argc, char **argv) {
    const long low = argc > 1 ? atol(argv[1]) : 0;
    dlib::frontal_face_detector detector = dlib::get_frontal_face_detector();
    dlib::shape_predictor landmarks;
    dlib::deserialize("/usr/share/dlib/shape_predictor_68_face_landmarks.dat") >> landmarks;
    std::string path;
    while (std::getline(std::cin, path)) {
        dlib::array2d<unsigned char> image;
        try {
            dlib::load_image(image, path);
        } catch (...) {
            continue;
        }
        if (low > 0) fit(image, low);
        fit(image, 200);
        dlib::array2d<unsigned char> framed(image.nr() * 3, image.nc() * 3);
        dlib::assign_all_pixels(framed, 128);
        for (long y = 0; y < image.nr(); y++)
            for (long x = 0; x < image.nc(); x++) framed[y + image.nr()][x + image.nc()] = image[y][x];
        std::vector<dlib::rect_detection> found;
        detector(framed, found, 0.0);
        if (found.empty()) continue;
        const auto shape = landmarks(framed, found[0].rect);
        std::cout << path.substr(path.rfind('/') + 1) << ' ' << aspect(shape, 36) << ' ' << aspect(shape, 42);
        for (unsigned first : {36u, 42u})
            for (double cell : eyestate::patch(framed, shape, first)) std::cout << ' ' << cell;
        std::cout << '\n';
    }
}
