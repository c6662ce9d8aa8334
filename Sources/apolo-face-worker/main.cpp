// apolo-face-worker: dlib in a process of its own. apolo sends each photo's analysed picture (8-bit grey, about
// 1,536 px a side, or a band of rows looked at closer; see Analyzer+Faces.swift) over a socket; this answers with the
// faces dlib's HOG detector finds, each eye's aspect ratio from the 68-point landmark model and how shut its pixels
// look (eyestate.hpp), and each face's identity descriptor (identity.hpp). A crash or a hang here costs that photo's
// faces, never apolo. The models (100 MB and 22 MB) are loaded once, before the first request; the first two from
// their unpacked copy when there is one (unpacked.hpp).
#include <dlib/image_processing.h>
#include <dlib/image_processing/frontal_face_detector.h>
#include <cmath>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <unistd.h>
#include <vector>
#include "apolo_faces.h"
#include "apolo_workers.h"
#include "eyestate.hpp"
#include "identity.hpp"
#include "unpacked_save.hpp"

namespace {

double distance(const dlib::point &a, const dlib::point &b) {
    return std::hypot(double(a.x() - b.x()), double(a.y() - b.y()));
}

/// The aspect ratio of the eye whose six landmarks start at `first` (36: the left of the picture, 42: the right).
double eye(const dlib::full_object_detection &shape, unsigned first) {
    double width = distance(shape.part(first), shape.part(first + 3));
    double height = distance(shape.part(first + 1), shape.part(first + 5))
                    + distance(shape.part(first + 2), shape.part(first + 4));
    return width > 0 ? height / (2 * width) : 0;
}

void fault() {   // what a test asks for (APOLO_FAULT_FACES=crash|hang), to prove apolo survives it
    const char *given = getenv("APOLO_FAULT_FACES");
    if (given && !strcmp(given, "crash")) raise(SIGSEGV);
    if (given && !strcmp(given, "hang")) for (;;) pause();
}

void find(dlib::frontal_face_detector &detector, dlib::shape_predictor &landmarks, identity::network *net,
          const dlib::array2d<unsigned char> &picture, apolo_faces_answer &answer) {
    std::vector<dlib::rect_detection> found;
    detector(picture, found, 0.0);
    std::vector<dlib::full_object_detection> shapes;
    for (const auto &hit : found) {
        if (answer.count == APOLO_FACES_MAX) break;
        const auto shape = landmarks(picture, hit.rect);
        shapes.push_back(shape);
        apolo_face &face = answer.faces[answer.count++];
        face.x = hit.rect.left(), face.y = hit.rect.top(), face.w = hit.rect.width(), face.h = hit.rect.height();
        face.score = hit.detection_confidence;
        face.left_eye = eye(shape, 36), face.right_eye = eye(shape, 42);
        face.left_shut = eyestate::shut(eyestate::patch(picture, shape, 36), face.left_eye);
        face.right_shut = eyestate::shut(eyestate::patch(picture, shape, 42), face.right_eye);
    }
    if (net) identity::describe(*net, picture, shapes, answer);
}

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

int main() {
    apolo_worker_start();
    const char *given = getenv("APOLO_FACE_MODEL");
    const char *path = given && *given ? given : APOLO_FACES_MODEL;
    dlib::frontal_face_detector detector;
    dlib::shape_predictor landmarks;
    static identity::network net;   // about 20 MB of weights: not on the stack
    const bool identifies = identity::load(net);
    char problem[256] = "";
    try {
        load(path, detector, landmarks);
    } catch (...) {
        snprintf(problem, sizeof problem, "faces are off: dlib's landmark model %s cannot be read "
                 "(install it with: apt-get install libdlib-data)", path);
    }
    apolo_faces_request request;
    while (apolo_read_all(0, &request, sizeof request) == 0) {
        if (!apolo_faces_fits(request.width, request.height)) return 1;
        std::vector<unsigned char> grey(size_t(request.width) * request.height);
        if (apolo_read_all(0, grey.data(), grey.size()) != 0) return 1;
        fault();
        apolo_faces_answer answer;
        memset(&answer, 0, sizeof answer);
        if (problem[0]) {
            answer.status = -1;
            snprintf(answer.error, sizeof answer.error, "%s", problem);
        } else {
            dlib::array2d<unsigned char> picture(request.height, request.width);
            for (unsigned y = 0; y < request.height; y++) {
                memcpy(&picture[y][0], &grey[size_t(y) * request.width], request.width);
            }
            find(detector, landmarks, identifies ? &net : nullptr, picture, answer);
        }
        if (apolo_write_all(1, &answer, sizeof answer) != 0) return 1;
    }
    return 0;
}
