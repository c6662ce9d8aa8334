// Identity descriptors: dlib's face-recognition ResNet (dlib_face_recognition_resnet_model_v1.dat, 99.38% on LFW;
// from PyPI's face_recognition_models, which `make` installs) maps a face, aligned from its landmarks, to 128 numbers;
// faces of one person lie within about 0.55 of each other. The network is dlib's own example's
// (examples/dnn_face_recognition_ex.cpp), which the model file was trained for and must match.
#pragma once
#include <dlib/dnn.h>
#include <dlib/image_transforms.h>
#include <cstdlib>
#include <string>
#include <unistd.h>
#include <vector>
#include "apolo_faces.h"

namespace identity {
using namespace dlib;

template <template <int, template <typename> class, int, typename> class block, int N,
          template <typename> class BN, typename SUBNET>
using residual = add_prev1<block<N, BN, 1, tag1<SUBNET>>>;
template <template <int, template <typename> class, int, typename> class block, int N,
          template <typename> class BN, typename SUBNET>
using residual_down = add_prev2<avg_pool<2, 2, 2, 2, skip1<tag2<block<N, BN, 2, tag1<SUBNET>>>>>>;
template <int N, template <typename> class BN, int stride, typename SUBNET>
using block = BN<con<N, 3, 3, 1, 1, relu<BN<con<N, 3, 3, stride, stride, SUBNET>>>>>;
template <int N, typename SUBNET> using ares = relu<residual<block, N, affine, SUBNET>>;
template <int N, typename SUBNET> using ares_down = relu<residual_down<block, N, affine, SUBNET>>;
template <typename SUBNET> using alevel0 = ares_down<256, SUBNET>;
template <typename SUBNET> using alevel1 = ares<256, ares<256, ares_down<256, SUBNET>>>;
template <typename SUBNET> using alevel2 = ares<128, ares<128, ares_down<128, SUBNET>>>;
template <typename SUBNET> using alevel3 = ares<64, ares<64, ares<64, ares_down<64, SUBNET>>>>;
template <typename SUBNET> using alevel4 = ares<32, ares<32, ares<32, SUBNET>>>;
using network = loss_metric<fc_no_bias<128, avg_pool_everything<alevel0<alevel1<alevel2<alevel3<alevel4<
    max_pool<3, 3, 2, 2, relu<affine<con<32, 7, 7, 2, 2, input_rgb_image_sized<150>>>>>>>>>>>>>;

/// The model's path: APOLO_IDENTITY_MODEL when set (empty: none), else where `make` or a package installs it.
inline std::string path() {
    const char *given = getenv("APOLO_IDENTITY_MODEL");
    if (given) return given;
    return access(APOLO_IDENTITY_MODEL, R_OK) == 0 ? APOLO_IDENTITY_MODEL : APOLO_IDENTITY_MODEL_PACKAGED;
}

/// Loads the model into `net`; false when it is not installed or cannot be read (faces are found without it).
inline bool load(network &net) {
    const std::string file = path();
    if (file.empty() || access(file.c_str(), R_OK) != 0) return false;
    try {
        deserialize(file) >> net;
        return true;
    } catch (...) {
        return false;
    }
}

/// Each face's descriptor, from its 68 landmarks on the grey picture (the network takes colour: grey in each
/// channel, as every face reaches the worker).
inline void describe(network &net, const array2d<unsigned char> &picture,
                     const std::vector<full_object_detection> &shapes, apolo_faces_answer &answer) {
    std::vector<matrix<rgb_pixel>> chips;
    for (const auto &shape : shapes) {
        matrix<unsigned char> grey;
        extract_image_chip(picture, get_face_chip_details(shape, 150, 0.25), grey);
        matrix<rgb_pixel> chip;
        assign_image(chip, grey);
        chips.push_back(std::move(chip));
    }
    if (chips.empty()) return;
    const std::vector<matrix<float, 0, 1>> found = net(chips, 16);
    for (size_t i = 0; i < found.size() && i < size_t(answer.count); i++) {
        answer.faces[i].identified = 1;
        for (long k = 0; k < APOLO_IDENTITY_LENGTH && k < found[i].size(); k++) answer.faces[i].identity[k] = found[i](k);
    }
}
}  // namespace identity
