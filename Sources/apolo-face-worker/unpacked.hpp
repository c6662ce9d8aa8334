// The face finder's models unpacked: dlib stores its 68-point landmark model (100 MB) as packed numbers that take
// about 0.4 s to read, and its HOG detector compressed (0.2 s); every worker pays that at its start, a seventh of
// an analysis of 40 photos. Unpacked once into APOLO_MODEL_CACHE (`~/.cache/apolo`; a file of about 70 MB, safe to
// delete), they load in a few milliseconds. The file is a cache: it names the landmark model's size and time and
// dlib's version it was made from, carries a checksum of every byte, and every index in it is checked against the
// sizes it names; anything else is ignored and the file made again.
#pragma once
#include <dlib/image_processing.h>
#include <dlib/image_processing/frontal_face_detector.h>
#include <dlib/revision.h>
#include <cstdint>
#include <cstring>
#include <string>
#include <sys/stat.h>
#include <vector>

namespace unpacked {
using tree = dlib::impl::regression_tree;

/// What a shape predictor is made of (dlib's own serialisation keeps the same, packed).
struct landmarks {
    dlib::matrix<float, 0, 1> initial;
    std::vector<std::vector<tree>> forests;
    std::vector<std::vector<dlib::vector<float, 2>>> pixels;

    /// The predictor, taking the trees (65 MB) over rather than copying them.
    dlib::shape_predictor predictor();
};

// dlib's shape predictor takes its trees only as a copy: 65 MB more in each worker, kept by the allocator after
// they are freed. These name its trees for `predictor()` alone, through the standard's rule that an explicit
// instantiation may name a private member ([temp.spec]: access is not checked there).
struct trees_of {
    using type = std::vector<std::vector<tree>> dlib::shape_predictor::*;
    friend type member(trees_of);
};
template <typename Tag, typename Tag::type name> struct named {
    friend typename Tag::type member(Tag) { return name; }
};
template struct named<trees_of, &dlib::shape_predictor::forests>;

inline dlib::shape_predictor landmarks::predictor() {
    dlib::shape_predictor made(initial, std::vector<std::vector<tree>>(forests.size()), pixels);
    (made.*member(trees_of{})).swap(forests);
    return made;
}

/// The first bytes of the file; every count bounded before any size is computed from it.
struct header {
    char magic[16];
    uint32_t format, dlib, parts2, cascades, trees, splits, pixels, unused;
    uint64_t source_size;
    int64_t source_time;
    uint64_t detector_bytes, checksum;
};

constexpr char magic[16] = "apolo-landmarks";
constexpr uint32_t format = 1;
constexpr uint32_t dlib_version = DLIB_MAJOR_VERSION * 10000 + DLIB_MINOR_VERSION * 100 + DLIB_PATCH_VERSION;

/// The size of the payload a header names, or 0 when a count is out of bounds.
inline uint64_t payload_size(const header &h) {
    if (h.parts2 == 0 || h.parts2 > 1000 || h.parts2 % 2 || h.cascades == 0 || h.cascades > 100 || h.trees == 0
        || h.trees > 5000 || h.splits == 0 || h.splits > 1023 || h.pixels == 0 || h.pixels > 10000
        || h.detector_bytes == 0 || h.detector_bytes > (16u << 20))
        return 0;
    const uint64_t tree_bytes = uint64_t(h.splits) * 12 + uint64_t(h.splits + 1) * h.parts2 * 4;
    return h.detector_bytes + uint64_t(h.parts2) * 4 + uint64_t(h.cascades) * h.pixels * 8
           + uint64_t(h.cascades) * h.trees * tree_bytes;
}

constexpr uint64_t checksum_start = 0xcbf29ce484222325ull;

/// A 64-bit FNV-1a over 8-byte words, going on from `hash` (pieces of a multiple of 8 bytes, but the last): about
/// 10 ms for the whole file, enough to catch a torn or damaged copy.
inline uint64_t checksum(const unsigned char *bytes, uint64_t length, uint64_t hash) {
    uint64_t word, i = 0;
    for (; i + 8 <= length; i += 8) {
        memcpy(&word, bytes + i, 8);
        hash = (hash ^ word) * 0x100000001b3ull;
    }
    for (; i < length; i++) hash = (hash ^ bytes[i]) * 0x100000001b3ull;
    return hash;
}

/// The landmark model read as dlib reads it, kept in parts (throws what dlib throws on a damaged file).
inline landmarks parse(std::istream &in) {
    int version = 0;
    landmarks model;
    std::vector<std::vector<unsigned long>> anchors;
    std::vector<std::vector<dlib::vector<float, 2>>> deltas;
    dlib::deserialize(version, in);
    if (version != 1) throw dlib::serialization_error("not a dlib shape predictor of version 1");
    dlib::deserialize(model.initial, in);
    dlib::deserialize(model.forests, in);
    dlib::deserialize(anchors, in);
    dlib::deserialize(deltas, in);
    if (anchors.size() != model.forests.size() || deltas.size() != anchors.size())
        throw dlib::serialization_error("a shape predictor whose parts disagree");
    // dlib keeps each feature pixel as (nearest landmark, offset); its constructor takes the pixels themselves
    for (size_t c = 0; c < anchors.size(); c++) {
        if (deltas[c].size() != anchors[c].size()) throw dlib::serialization_error("uneven feature pixels");
        model.pixels.emplace_back();
        for (size_t i = 0; i < anchors[c].size(); i++) {
            if (anchors[c][i] * 2 + 1 >= (unsigned long)model.initial.size())
                throw dlib::serialization_error("a feature pixel beyond the shape");
            model.pixels[c].push_back(dlib::impl::location(model.initial, anchors[c][i]) + deltas[c][i]);
        }
    }
    return model;
}
}  // namespace unpacked
