// A face YuNet found (yunet.hpp), and what its five points say: the box dlib's landmark model expects, and how far
// the face is turned.
#pragma once
#include <algorithm>
#include <cmath>

namespace yunet {

/// A face: its box in the picture's pixels, the detector's confidence (from 0.7 or 0.75 to 1), the box dlib's landmark
/// model expects (a square from the brows to the chin, as dlib's HOG draws it), and how far it is turned (`turn`).
struct face {
    double x, y, w, h, score, left, top, side, turn;
};

/// How far the face is turned sideways: the nose's distance from the middle of the eyes along their line, in
/// half the eyes' distance (0 facing the camera, 1 the nose in line with an eye: about 45°; more, a profile).
inline double turn(const double *p) {
    const double dx = p[2] - p[0], dy = p[3] - p[1], eyes = std::hypot(dx, dy);
    if (!(eyes > 0)) return 9;
    const double along = ((p[4] - (p[0] + p[2]) / 2) * dx + (p[5] - (p[1] + p[3]) / 2) * dy) / eyes;
    return std::min(9.0, std::abs(along) / (eyes / 2));
}

/// The square dlib's HOG would draw around this face, from its eyes (`p` 0 to 3) and mouth corners (6 to 9):
/// fitted by least squares on 396 faces both found (median error 6% of the side, 5% of it at the centre).
inline void landmark_box(face &f, const double *p) {
    const double ex = (p[0] + p[2]) / 2, ey = (p[1] + p[3]) / 2, mx = (p[6] + p[8]) / 2, my = (p[7] + p[9]) / 2;
    const double eyes = std::hypot(p[2] - p[0], p[3] - p[1]), down = std::hypot(mx - ex, my - ey);
    double side = 0.675 * eyes + 1.664 * down, cx = ex + 0.487 * (mx - ex), cy = ey + 0.487 * (my - ey);
    if (!(side > 0.5 * f.w && side < 2 * f.w)) {   // points that make no face: the network's own box
        side = 1.104 * f.w, cx = f.x + f.w / 2, cy = f.y + f.h / 2;
    }
    f.left = cx - side / 2, f.top = cy - side / 2, f.side = side;
    f.turn = turn(p);
}
}  // namespace yunet
