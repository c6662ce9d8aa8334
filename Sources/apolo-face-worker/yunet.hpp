// YuNet, OpenCV Zoo's face detector (face_detection_yunet_2023mar.onnx, MIT; models/README.md says where from), run
// by OpenCV's DNN module. It finds faces from about 10 px, turned up to a profile, in sunglasses or half hidden, where
// dlib's HOG needs a frontal face of about 60 px: 76 of 82 and 58 of 63 marked faces of the verdict set, against 47
// and 47 (bench/verdicts). Its five points (eyes, nose, mouth corners) give the box dlib's landmark model was trained
// on.
#pragma once
#include <opencv2/core.hpp>
#include <opencv2/dnn.hpp>
#include <opencv2/imgproc.hpp>
#include <algorithm>
#include <cmath>
#include <vector>
#include "apolo_faces.h"

namespace yunet {

/// A face: its box in the picture's pixels, the detector's confidence (0.7 to 1), the box dlib's landmark model
/// expects (a square from the brows to the chin, as dlib's HOG draws it), and how far it is turned (`turn`).
struct face {
    double x, y, w, h, score, left, top, side, turn;
};

/// Detections scoring lower are not kept (OpenCV Zoo's demo keeps 0.9 up). Set on the verdict set's tuning part: 0.6
/// found one face more of 82 and ten more that were no face (tap handles, a blurred blob).
constexpr float least_score = 0.7f;
/// Boxes overlapping a better one by more than this share are the same face.
constexpr float overlap = 0.3f;
/// Faces turned further than this (`face::turn`) are not kept: past a profile, the network's points are guesses, and
/// on the verdict set such detections were heads seen from behind or the side, which nobody marks as faces.
constexpr double farthest_turn = 1.5;
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

    /// The faces in an 8-bit grey picture, best first: looked for shrunk to `side` on its longer side (0: as it is,
    /// up to APOLO_FACES_SCAN_PIXELS), and again at `overview_side` where the picture is larger, for the faces over
    /// the network's 300 px.
    std::vector<face> find(const unsigned char *grey, int width, int height, unsigned side) {
        const cv::Mat picture(height, width, CV_8UC1, const_cast<unsigned char *>(grey));
        std::vector<face> all;
        const int longer = std::max(width, height);
        double fit = std::min(1.0, std::sqrt(double(APOLO_FACES_SCAN_PIXELS) / (double(width) * height)));
        if (side > 0) fit = std::min(fit, double(side) / longer);
        scan(picture, fit, all);
        if (longer > overview_side * 3 / 2) scan(picture, double(overview_side) / longer, all);
        std::vector<cv::Rect2d> boxes;
        std::vector<float> scores;
        for (const auto &f : all) boxes.emplace_back(f.x, f.y, f.w, f.h), scores.push_back(float(f.score));
        std::vector<int> keep;
        cv::dnn::NMSBoxes(boxes, scores, least_score, overlap, keep);
        std::vector<face> faces;
        for (int i : keep) {
            if (all[i].turn <= farthest_turn) faces.push_back(all[i]);
        }
        return faces;
    }

private:
    /// The faces the network finds in `picture` shrunk `scale` times, added to `all` in the picture's pixels.
    void scan(const cv::Mat &picture, double scale, std::vector<face> &all) {
        cv::Mat shrunk = picture;
        if (scale < 1) cv::resize(picture, shrunk, cv::Size(), scale, scale, cv::INTER_AREA);
        const int w = (shrunk.cols + 31) / 32 * 32, h = (shrunk.rows + 31) / 32 * 32;
        int shape[] = {1, 3, h, w};
        cv::Mat blob(4, shape, CV_32F, cv::Scalar(0));
        for (int c = 0; c < 3; c++) {   // the network reads colour: the grey in each channel
            for (int y = 0; y < shrunk.rows; y++) {
                float *row = blob.ptr<float>(0, c, y);
                const unsigned char *from = shrunk.ptr(y);
                for (int x = 0; x < shrunk.cols; x++) row[x] = from[x];
            }
        }
        net.setInput(blob);
        static const std::vector<cv::String> names = {"cls_8",  "cls_16",  "cls_32",  "obj_8", "obj_16", "obj_32",
                                                      "bbox_8", "bbox_16", "bbox_32", "kps_8", "kps_16", "kps_32"};
        std::vector<cv::Mat> out;
        net.forward(out, names);
        if (out.size() == names.size()) decode(out, w, h, scale, all);
    }

    static void decode(const std::vector<cv::Mat> &out, int w, int h, double scale, std::vector<face> &all) {
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
                if (!(score >= least_score)) continue;
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

    /// The square dlib's HOG would draw around this face, from its eyes (`p` 0 to 3) and mouth corners (6 to 9):
    /// fitted by least squares on 396 faces both found (median error 6% of the side, 5% of it at the centre).
    static void landmark_box(face &f, const double *p) {
        const double ex = (p[0] + p[2]) / 2, ey = (p[1] + p[3]) / 2, mx = (p[6] + p[8]) / 2, my = (p[7] + p[9]) / 2;
        const double eyes = std::hypot(p[2] - p[0], p[3] - p[1]), down = std::hypot(mx - ex, my - ey);
        double side = 0.675 * eyes + 1.664 * down, cx = ex + 0.487 * (mx - ex), cy = ey + 0.487 * (my - ey);
        if (!(side > 0.5 * f.w && side < 2 * f.w)) {   // points that make no face: the network's own box
            side = 1.104 * f.w, cx = f.x + f.w / 2, cy = f.y + f.h / 2;
        }
        f.left = cx - side / 2, f.top = cy - side / 2, f.side = side;
        f.turn = turn(p);
    }

    /// How far the face is turned sideways: the nose's distance from the middle of the eyes along their line, in
    /// half the eyes' distance (0 facing the camera, 1 the nose in line with an eye: about 45°; more, a profile).
    static double turn(const double *p) {
        const double dx = p[2] - p[0], dy = p[3] - p[1], eyes = std::hypot(dx, dy);
        if (!(eyes > 0)) return 9;
        const double along = ((p[4] - (p[0] + p[2]) / 2) * dx + (p[5] - (p[1] + p[3]) / 2) * dy) / eyes;
        return std::min(9.0, std::abs(along) / (eyes / 2));
    }
};
}  // namespace yunet
