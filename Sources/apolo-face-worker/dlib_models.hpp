// dlib's HOG detector and 68-point landmark model, loaded for apolo-face-worker: from their unpacked copy in
// APOLO_MODEL_CACHE when it matches the model file (unpacked.hpp), else as dlib packs them, unpacked there for the
// next worker.
#pragma once
#include <dlib/image_processing.h>
#include <dlib/image_processing/frontal_face_detector.h>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <unistd.h>
#include "unpacked_save.hpp"

namespace {

/// Bytes read as a stream, without a copy.
struct bytes_buffer : std::streambuf {
    bytes_buffer(std::string &bytes) { setg(&bytes[0], &bytes[0], &bytes[0] + bytes.size()); }
};

/// The detector and the landmark model at `path`: from their unpacked copy in APOLO_MODEL_CACHE when it matches,
/// else read as dlib packs them and unpacked there for the next worker (throws when the model cannot be read).
void load(const char *path, dlib::frontal_face_detector &detector, dlib::shape_predictor &landmarks) {
    const char *folder = getenv("APOLO_MODEL_CACHE");
    const bool cached = folder && *folder;
    unpacked::source source;
    if (access(path, R_OK) != 0 || !unpacked::source_of(path, source)) throw std::runtime_error("missing");
    unpacked::landmarks model;
    std::string packed_detector;
    if (cached && unpacked::load(folder, source, model, packed_detector)) {
        try {
            bytes_buffer buffer(packed_detector);
            std::istream in(&buffer);
            dlib::deserialize(detector, in);
            landmarks = model.predictor();
            return;
        } catch (...) {   // read as dlib packs them, below
        }
    }
    detector = dlib::get_frontal_face_detector();
    std::ifstream in(path, std::ios::binary);
    model = unpacked::parse(in);
    if (cached) {
        std::ostringstream out;
        dlib::serialize(detector, out);
        unpacked::save(folder, model, out.str(), source);
    }
    landmarks = model.predictor();
}
}  // namespace
