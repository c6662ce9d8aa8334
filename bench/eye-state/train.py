"""Fits the face worker's eye-state model (Sources/apolo-face-worker/eyestate.hpp) and writes its weights.
Reads features.cpp's rows for closed eyes (CLOSED) and open eyes (OPEN); a logistic model over each eye's 128
contrast-normalised cells and its aspect ratio (x10), L2 penalty 10, fitted by gradient descent from zero (no
randomness: the same rows give the same weights). Faces whose file name's SHA-1 is 0 modulo 3 are held back, as in
bench/closed_eyes.py, and reported apart. Usage: train.py CLOSED OPEN OUT.hpp"""
import hashlib
import sys

import numpy as np

CELLS = 128


def rows(path, label):
    out = []
    for line in open(path):
        fields = line.split()
        name, numbers = " ".join(fields[:-(2 + 2 * CELLS)]), np.array(fields[-(2 + 2 * CELLS):], dtype=float)
        held = int(hashlib.sha1(name.encode()).hexdigest(), 16) % 3 == 0
        for eye in range(2):
            cells = numbers[2 + eye * CELLS:2 + (eye + 1) * CELLS]
            out.append((np.concatenate([cells, [numbers[eye] * 10, 1.0]]), label, held))
    return out


closed_path, open_path, out_path = sys.argv[1:4]
data = rows(closed_path, 1) + rows(open_path, 0)
x = np.array([r[0] for r in data])
y = np.array([r[1] for r in data], dtype=float)
held = np.array([r[2] for r in data])
w = np.zeros(x.shape[1])
tune_x, tune_y = x[~held], y[~held]
for _ in range(3000):
    p = 1 / (1 + np.exp(-tune_x @ w))
    w -= 0.5 * (tune_x.T @ (p - tune_y) + 10 * np.r_[w[:-1], 0]) / len(tune_y)
for part, mask in (("tuning", ~held), ("held back", held)):
    margin = x[mask] @ w
    print(f"{part}: {mask.sum()} eyes, shut above 0: closed {np.mean(margin[y[mask] == 1] > 0):.3f}, "
          f"open {np.mean(margin[y[mask] == 0] > 0):.3f}")
with open(out_path, "w") as out:
    out.write("// Written by bench/eye-state/train.py (see eyestate.hpp): the eye-state model's weights, one per\n"
              "// patch cell, then the aspect ratio's (x10) and the bias. Fitted on CEW's closed eyes and UTKFace's\n"
              "// open ones: their terms allow research use (docs/deciding.md).\n#pragma once\n\n"
              f"namespace eyestate {{\nconstexpr double weights[{len(w)}] = {{\n")
    for i in range(0, len(w), 8):
        out.write("    " + ", ".join(f"{v:.6f}" for v in w[i:i + 8]) + ",\n")
    out.write("};\n}  // namespace eyestate\n")
