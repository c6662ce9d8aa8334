// apolo-face-worker: dlib in a process of its own. apolo sends each photo's analysed picture (8-bit grey, about 1,536
// px a side, with a colour copy at the side YuNet scans; or a band of rows looked at closer, grey; see
// Analyzer+Faces.swift) over a socket; this answers with the faces YuNet finds (yunet.hpp; dlib's HOG detector where
// YuNet's model is not installed), each eye's aspect ratio from dlib's 68-point landmark model and how shut its pixels
// look (eyestate.hpp), and each face's identity descriptor (identity.hpp). A crash or a hang here costs that photo's
// faces, never apolo. The models are loaded once, before the first request; dlib's from their unpacked copy when there
// is one (unpacked.hpp).
#include <dlib/image_processing.h>
#include <dlib/image_processing/frontal_face_detector.h>
#include <cmath>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <malloc.h>
#include <unistd.h>
#include <vector>
#include "apolo_faces.h"
#include "apolo_workers.h"
#include "eyestate.hpp"
#include "identity.hpp"
#include "request.hpp"
#include "dlib_models.hpp"
#include "yunet.hpp"

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

/// One face's landmarks, eyes and box into `answer`.
void measure(const dlib::shape_predictor &landmarks, const dlib::array2d<unsigned char> &picture,
             const dlib::rectangle &box, double score, double turn,
             std::vector<dlib::full_object_detection> &shapes, apolo_faces_answer &answer) {
    const auto shape = landmarks(picture, box);
    shapes.push_back(shape);
    apolo_face &face = answer.faces[answer.count++];
    face.x = box.left(), face.y = box.top(), face.w = box.width(), face.h = box.height();
    face.score = score, face.turn = turn;
    face.left_eye = eye(shape, 36), face.right_eye = eye(shape, 42);
    face.left_shut = eyestate::shut(eyestate::patch(picture, shape, 36), face.left_eye);
    face.right_shut = eyestate::shut(eyestate::patch(picture, shape, 42), face.right_eye);
}

void find(dlib::frontal_face_detector &detector, yunet::detector &yunet, dlib::shape_predictor &landmarks,
          identity::network *net, const dlib::array2d<unsigned char> &picture, const sent &given,
          apolo_faces_answer &answer) {
    std::vector<dlib::full_object_detection> shapes;
    std::vector<yunet::face> hits;
    bool looked = false;
    if (yunet.ready) {
        try {   // OpenCV refusing a picture costs YuNet's look at it, not the photo's faces: HOG looks instead
            const int w = int(picture.nc()), h = int(picture.nr());
            hits = given.colour.empty()
                       ? yunet.find(given.grey.data(), w, h, false, 1, given.scan)
                       : yunet.find(given.colour.data(), int(given.colour_width), int(given.colour_height), true,
                                    double(w) / given.colour_width, given.scan);
            looked = true;
        } catch (...) {
        }
    }
    for (const auto &hit : hits) {
        if (answer.count == APOLO_FACES_MAX) break;
        const dlib::rectangle box(std::lround(hit.left), std::lround(hit.top), std::lround(hit.left + hit.side) - 1,
                                  std::lround(hit.top + hit.side) - 1);
        measure(landmarks, picture, box, hit.score, hit.turn, shapes, answer);
    }
    if (!looked) {
        std::vector<dlib::rect_detection> found;
        detector(picture, found, 0.0);
        for (const auto &hit : found) {
            if (answer.count == APOLO_FACES_MAX) break;
            measure(landmarks, picture, hit.rect, hit.detection_confidence, 0, shapes, answer);
        }
    }
    if (net) identity::describe(*net, picture, shapes, answer);
}

}  // namespace

int main() {
    apolo_worker_start();
    // OpenCV's network takes fresh buffers for each picture (about 40 MB): kept on the heap once freed, they are
    // reused, rather than mapped, faulted in page by page and given back for every photo. Past 128 MB free, the heap
    // is given back, so a worker of `apolo serve` does not hold a large look's memory while it waits.
    mallopt(M_MMAP_THRESHOLD, 64 << 20);
    mallopt(M_TRIM_THRESHOLD, 128 << 20);
    const char *given = getenv("APOLO_FACE_MODEL");
    const char *path = given && *given ? given : APOLO_FACES_MODEL;
    dlib::frontal_face_detector detector;
    dlib::shape_predictor landmarks;
    static identity::network net;   // about 20 MB of weights: not on the stack
    const bool identifies = identity::load(net);
    static yunet::detector yunet;
    char fewer[256] = "";   // why dlib's HOG finds the faces though nobody chose it; sent with every answer
    const char *detector_given = getenv("APOLO_FACE_DETECTOR");
    if (detector_given) {
        if (*detector_given && !yunet.load(detector_given)) {
            snprintf(fewer, sizeof fewer, "YuNet's model %.120s (APOLO_FACE_DETECTOR) cannot be read: unset "
                     "APOLO_FACE_DETECTOR to use the installed one", detector_given);
        }
    } else if (!yunet.load(APOLO_FACES_DETECTOR) && !yunet.load(APOLO_FACES_DETECTOR_PACKAGED)) {
        snprintf(fewer, sizeof fewer, "YuNet's model is not installed or cannot be read at %s (make install "
                 "puts it there)", APOLO_FACES_DETECTOR);
    }
    char problem[256] = "";
    try {
        load(path, detector, landmarks);
    } catch (...) {
        snprintf(problem, sizeof problem, "faces are off: dlib's landmark model %s cannot be read "
                 "(install it with: apt-get install libdlib-data)", path);
    }
    for (;;) {
        sent given;
        if (!given.read(0)) return 0;
        fault();
        apolo_faces_answer answer;
        memset(&answer, 0, sizeof answer);
        if (problem[0]) {
            answer.status = -1;
            snprintf(answer.error, sizeof answer.error, "%s", problem);
        } else {
            dlib::array2d<unsigned char> picture(given.height, given.width);
            for (unsigned y = 0; y < given.height; y++) {
                memcpy(&picture[y][0], &given.grey[size_t(y) * given.width], given.width);
            }
            find(detector, yunet, landmarks, identifies ? &net : nullptr, picture, given, answer);
            snprintf(answer.error, sizeof answer.error, "%s", fewer);
        }
        if (apolo_write_all(1, &answer, sizeof answer) != 0) return 1;
    }
}
