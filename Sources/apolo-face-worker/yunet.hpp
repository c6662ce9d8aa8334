// YuNet, OpenCV Zoo's face detector (face_detection_yunet_2023mar.onnx, MIT; models/README.md says where from), run
// by OpenCV's DNN module. It finds faces from about 10 px, turned up to a profile, in sunglasses or half hidden, where
// dlib's HOG needs a frontal face of about 60 px: in colour, 78 of 82 and 60 of 63 marked faces of the verdict set
// (76 and 58 in grey; dlib's HOG 47 and 47: bench/verdicts). Its five points (eyes, nose, mouth corners) give the box
// dlib's landmark model was trained on.
#pragma once
#include <opencv2/core.hpp>
#include <opencv2/dnn.hpp>
#include <opencv2/imgproc.hpp>
#include <algorithm>
#include <cmath>
#include <vector>
#include "apolo_faces.h"
#include "yunet_face.hpp"

namespace yunet {

/// Detections scoring lower in a grey picture (a look closer, from the full-size grey picture) are not kept (OpenCV
/// Zoo's demo keeps 0.9 up). Set on the verdict set's tuning part: 0.6 found one face more of 82 and ten more that
/// were no face (tap handles, a blurred blob).
constexpr float least_score = 0.7f;
/// Detections scoring lower in a colour picture (the first look) are not kept. The network was trained on colour
/// photos: on the verdict set's tuning part, colour at 0.75 finds 78 of 82 marked faces where grey at 0.7 found 76
/// (0.7 finds no more and keeps 5 more faces nobody marked, 0.78 finds 3 fewer). Over the whole set it drops a
/// flower, a street lamp, a fold of fabric and tap handles grey took for faces, and takes a wheel, a blurred ball, a
/// dark shape and a head seen from behind.
constexpr float least_colour_score = 0.75f;
/// Boxes overlapping a better one by more than this share are the same face.
constexpr float overlap = 0.3f;
/// Faces turned further than this (`face::turn`) are not kept: past a profile, the network's points are guesses, and
/// such detections are heads seen from behind or the side, which nobody marks as faces. The measure reads high on
/// faces in sunglasses, looking down or kissing: on the verdict set's tuning part, 2 keeps one marked face more than
/// 1.5 (which it once was), and 3 or more keep no more marked faces but more profiles nobody marks.
constexpr double farthest_turn = 2.0;
/// The side of a second, whole look at a larger picture: the network finds faces up to about 300 px.
constexpr int overview_side = 640;

struct detector {
    cv::dnn::Net net;
    bool ready = false;

    /// Loads the model at `path`; false when it is missing or OpenCV cannot read it (HOG is then used).
    bool load(const char *path) {
        try {
            cv::setNumThreads(1);   // apolo runs one worker a core
            net = cv::dnn::readNetFromONNX(path);
            ready = !net.empty();
        } catch (...) {
            ready = false;
        }
        return ready;
    }

    /// The faces in a picture (8-bit grey, or packed RGB: `colour`), best first, in pixels of the picture times
    /// `to_grey` (the grey picture the landmarks are drawn on): looked for shrunk to `side` on its longer side (0: as
    /// it is, up to APOLO_FACES_SCAN_PIXELS), and again at `overview_side` where the picture is larger, for the faces
    /// over the network's 300 px.
    std::vector<face> find(const unsigned char *pixels, int width, int height, bool colour, double to_grey,
                           unsigned side) {
        const cv::Mat picture(height, width, colour ? CV_8UC3 : CV_8UC1, const_cast<unsigned char *>(pixels));
        std::vector<face> all;
        const int longer = std::max(width, height);
        double fit = std::min(1.0, std::sqrt(double(APOLO_FACES_SCAN_PIXELS) / (double(width) * height)));
        if (side > 0) fit = std::min(fit, double(side) / longer);
        const float least = colour ? least_colour_score : least_score;
        scan(picture, fit, least, all);
        if (longer > overview_side * 3 / 2) scan(picture, double(overview_side) / longer, least, all);
        std::vector<cv::Rect2d> boxes;
        std::vector<float> scores;
        for (const auto &f : all) boxes.emplace_back(f.x, f.y, f.w, f.h), scores.push_back(float(f.score));
        std::vector<int> keep;
        cv::dnn::NMSBoxes(boxes, scores, least, overlap, keep);
        std::vector<face> faces;
        for (int i : keep) {
            if (all[i].turn > farthest_turn) continue;
            face f = all[i];
            f.x *= to_grey, f.y *= to_grey, f.w *= to_grey, f.h *= to_grey;
            f.left *= to_grey, f.top *= to_grey, f.side *= to_grey;
            faces.push_back(f);
        }
        return faces;
    }

private:
    /// The faces the network finds in `picture` shrunk `scale` times, scoring `least` or more, added to `all` in the
    /// picture's pixels.
    void scan(const cv::Mat &picture, double scale, float least, std::vector<face> &all) {
        cv::Mat shrunk = picture;
        if (scale < 1) cv::resize(picture, shrunk, cv::Size(), scale, scale, cv::INTER_AREA);
        const int w = (shrunk.cols + 31) / 32 * 32, h = (shrunk.rows + 31) / 32 * 32;
        int shape[] = {1, 3, h, w};
        cv::Mat blob(4, shape, CV_32F, cv::Scalar(0));
        const int bands = shrunk.channels();
        for (int c = 0; c < 3; c++) {   // the network reads blue, green, red: from RGB, or the grey in each
            const int from_band = bands == 3 ? 2 - c : 0;
            for (int y = 0; y < shrunk.rows; y++) {
                float *row = blob.ptr<float>(0, c, y);
                const unsigned char *from = shrunk.ptr(y);
                for (int x = 0; x < shrunk.cols; x++) row[x] = from[x * bands + from_band];
            }
        }
        net.setInput(blob);
        static const std::vector<cv::String> names = {"cls_8",  "cls_16",  "cls_32",  "obj_8", "obj_16", "obj_32",
                                                      "bbox_8", "bbox_16", "bbox_32", "kps_8", "kps_16", "kps_32"};
        std::vector<cv::Mat> out;
        net.forward(out, names);
        if (out.size() == names.size()) decode(out, w, h, scale, least, all);
    }

    static void decode(const std::vector<cv::Mat> &out, int w, int h, double scale, float least,
                       std::vector<face> &all) {
        const int strides[] = {8, 16, 32};
        for (int k = 0; k < 3; k++) {
            const int step = strides[k], cols = w / step, rows = h / step;
            const size_t cells = size_t(cols) * rows;
            if (out[k].total() < cells || out[3 + k].total() < cells || out[6 + k].total() < cells * 4
                || out[9 + k].total() < cells * 10) continue;
            const float *cls = out[k].ptr<float>(), *obj = out[3 + k].ptr<float>();
            const float *box = out[6 + k].ptr<float>(), *points = out[9 + k].ptr<float>();
            for (size_t i = 0; i < cells; i++) {
                const float score = std::sqrt(std::clamp(cls[i], 0.f, 1.f) * std::clamp(obj[i], 0.f, 1.f));
                if (!(score >= least)) continue;
                const double col = double(i % cols), row = double(i / cols);
                const double fw = std::exp(std::min(box[i * 4 + 2], 10.f)) * step;
                const double fh = std::exp(std::min(box[i * 4 + 3], 10.f)) * step;
                const double cx = (col + box[i * 4]) * step, cy = (row + box[i * 4 + 1]) * step;
                face found{(cx - fw / 2) / scale, (cy - fh / 2) / scale, fw / scale, fh / scale, score, 0, 0, 0, 0};
                double p[10];
                for (int n = 0; n < 5; n++) {
                    p[2 * n] = (points[i * 10 + 2 * n] + col) * step / scale;
                    p[2 * n + 1] = (points[i * 10 + 2 * n + 1] + row) * step / scale;
                }
                landmark_box(found, p);
                all.push_back(found);
            }
        }
    }
};
}  // namespace yunet
