#ifndef APOLO_FACES_H
#define APOLO_FACES_H
#ifdef __cplusplus
extern "C" {
#endif
/// Faces and eyes, found in an apolo-face-worker process (see apolo_workers.h): YuNet, OpenCV's face detector, on a
/// grey picture (dlib's HOG frontal-face detector where YuNet's model is not installed), then dlib's 68-point landmark
/// model (Debian's libdlib-data) for each face's eyes, and its face-recognition ResNet (PyPI's
/// face_recognition_models, installed by `make`) for each face's identity descriptor when that model is installed.
#include <stddef.h>

#define APOLO_FACES_MAX 64
/// Where Debian's libdlib-data puts the landmark model (APOLO_FACE_MODEL names another).
#define APOLO_FACES_MODEL "/usr/share/dlib/shape_predictor_68_face_landmarks.dat"
/// Where `make` installs dlib's face-recognition model (APOLO_IDENTITY_MODEL names another); a package installs it
/// under /usr/share/apolo/models instead, which the worker tries second.
#define APOLO_IDENTITY_MODEL "/usr/local/share/apolo/models/dlib_face_recognition_resnet_model_v1.dat"
#define APOLO_IDENTITY_MODEL_PACKAGED "/usr/share/apolo/models/dlib_face_recognition_resnet_model_v1.dat"
/// Where `make` installs YuNet, the face detector (models/face_detection_yunet_2023mar.onnx; APOLO_FACE_DETECTOR names
/// another, and an empty one uses dlib's HOG detector); a package installs it under /usr/share/apolo/models.
#define APOLO_FACES_DETECTOR "/usr/local/share/apolo/models/face_detection_yunet_2023mar.onnx"
#define APOLO_FACES_DETECTOR_PACKAGED "/usr/share/apolo/models/face_detection_yunet_2023mar.onnx"
/// The length of an identity descriptor: faces of one person lie within about 0.55 of each other (Euclidean).
#define APOLO_IDENTITY_LENGTH 128
/// Returned when the worker crashed or stopped without an answer (`error` says which).
#define APOLO_FACES_DIED -9
/// Returned when the worker passed its time and was stopped.
#define APOLO_FACES_HUNG -10

/// The request: an 8-bit grey picture of `width` × `height` follows, a byte a pixel (see apolo_faces_fits), then,
/// when `colour_width` is not 0, the same picture in colour (packed 8-bit RGB, `colour_width` × `colour_height`, no
/// larger than the grey one), which YuNet then looks at instead. `scan` is the longer side YuNet looks at its picture
/// shrunk to (0: as it is, up to APOLO_FACES_SCAN_PIXELS); the landmarks are drawn on the grey picture.
typedef struct {
    unsigned int width, height, scan, colour_width, colour_height;
} apolo_faces_request;
/// 1 when a colour picture of this size may go with a grey one of `width` × `height`: no larger on either side.
static inline int apolo_faces_colour_fits(unsigned width, unsigned height, unsigned colour_width,
                                          unsigned colour_height) {
    return colour_width && colour_height && colour_width <= width && colour_height <= height;
}
/// The most pixels YuNet looks at in one picture (its memory: about 64 bytes a pixel); a larger one is shrunk to it.
#define APOLO_FACES_SCAN_PIXELS 4194304

/// One face: its box in the picture's pixels, the detector's confidence, and each eye's aspect ratio (the eye's
/// height over its width from the landmarks, Soukupová & Čech 2016: about 0.3 open, under 0.2 closed) and how shut
/// its pixels look (the worker's eyestate.hpp: above 0 shut, the higher the surer).
/// `turn` is how far the face is turned sideways (YuNet's points: 0 facing the camera, 1 about 45°, 1.5 a profile; 0
/// from dlib's HOG, which finds frontal faces). `identified` is 1 when `identity` holds the face's descriptor (the
/// identity model is installed).
typedef struct {
    float x, y, w, h, score, left_eye, right_eye, left_shut, right_shut, turn;
    int identified;
    float identity[APOLO_IDENTITY_LENGTH];
} apolo_face;

/// `error` says why faces are off when `status` is -1; with 0, why they were found by dlib's HOG detector though
/// nobody chose it (YuNet's model is missing or unreadable), or nothing.
typedef struct {
    int status, count;
    char error[256];
    apolo_face faces[APOLO_FACES_MAX];
} apolo_faces_answer;

/// The largest picture the worker takes: a side, and pixels in all (4,096 × 4,096).
#define APOLO_FACES_SIDE 8192
#define APOLO_FACES_PIXELS 16777216
/// 1 when a picture of this size may be sent.
static inline int apolo_faces_fits(unsigned width, unsigned height) {
    return width && height && width <= APOLO_FACES_SIDE && height <= APOLO_FACES_SIDE
           && (unsigned long long)width * height <= APOLO_FACES_PIXELS;
}
/// 1 when the worker and the landmark model are where a first call will look, else 0.
int apolo_faces_installed(void);
/// The faces in an 8-bit grey picture, scanned at `scan` (see apolo_faces_request) — in `colour` (packed RGB,
/// `colour_width` × `colour_height`) when it is not NULL: 0 and `answer`; -1 when faces cannot be found here (the
/// worker or its landmark model is not installed: `error` says so); APOLO_FACES_DIED when the worker died;
/// APOLO_FACES_HUNG when it passed `seconds`.
int apolo_faces_isolated(const unsigned char *grey, int width, int height, const unsigned char *colour,
                         int colour_width, int colour_height, int scan, apolo_faces_answer *answer, char *error,
                         size_t length, double seconds);
#ifdef __cplusplus
}
#endif
#endif
