#!/usr/bin/env bash
# Installs YuNet, the face detector apolo ships (models/, MIT; checked against its SHA-256), and dlib's
# face-recognition model (what groups faces into people) when they are missing: PyPI's
# face_recognition_models 0.3.0 (Adam Geitgey; the model files are Davis King's, CC0 per the package's LICENSE), its
# archive checked against the SHA-256 below, and only the 22 MB model kept, at the path apolo-face-worker reads
# (APOLO_IDENTITY_MODEL in apolo_faces.h). Nothing is downloaded when apolo runs. Without it, faces and eyes are still
# measured; only people are off. Set APOLO_NO_MODELS=1 to skip.
set -euo pipefail
[ "${APOLO_NO_MODELS:-}" = 1 ] && exit 0
target=${APOLO_MODELS_DIR:-/usr/local/share/apolo/models}
sudo=""
[ "$(id -u)" = 0 ] || sudo="sudo"
detector=face_detection_yunet_2023mar.onnx
shipped="$(dirname "$0")/../models/$detector"
if ! cmp -s "$shipped" "$target/$detector"; then
    got=$(sha256sum "$shipped" | cut -d' ' -f1)
    if [ "$got" != 8f2383e4dd3cfbb4553ea8718107fc0423210dc964f9f4280604804ed2552fa4 ]; then
        echo "models/$detector is not the YuNet apolo knows (SHA-256 $got): not installed" >&2
        exit 1
    fi
    $sudo install -d "$target"
    $sudo install -m 644 "$shipped" "$target/$detector"
    $sudo install -m 644 "$(dirname "$0")/../models/LICENSE.yunet" "$target/LICENSE.yunet"
fi
file=dlib_face_recognition_resnet_model_v1.dat
want=b79bd200a88c87c9a9d446c990ae71c5a626d1f3730174e6d570157ff1d896cf
[ -s "$target/$file" ] && exit 0
python3 -m pip --version >/dev/null 2>&1 || bash "$(dirname "$0")/ensure-packages.sh" python3-pip
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
echo "installing dlib's face-recognition model (PyPI face_recognition_models 0.3.0, 100 MB, once) in $target"
python3 -m pip download -q --no-deps --no-binary :all: face_recognition_models==0.3.0 -d "$work"
archive="$work/face_recognition_models-0.3.0.tar.gz"
got=$(sha256sum "$archive" | cut -d' ' -f1)
if [ "$got" != "$want" ]; then
    echo "face_recognition_models-0.3.0.tar.gz is not the archive apolo knows (SHA-256 $got): not installed" >&2
    exit 1
fi
tar -xzf "$archive" -C "$work" "face_recognition_models-0.3.0/face_recognition_models/models/$file" \
    face_recognition_models-0.3.0/LICENSE
$sudo install -d "$target"
$sudo install -m 644 "$work/face_recognition_models-0.3.0/face_recognition_models/models/$file" "$target/$file"
$sudo install -m 644 "$work/face_recognition_models-0.3.0/LICENSE" "$target/LICENSE.face_recognition_models"
