// The unpacked models' file (unpacked.hpp): written once by a worker that read dlib's packed model, read by every
// worker after it. A file that does not match in every byte is ignored; a link in its place is never followed.
#pragma once
#include <fcntl.h>
#include <unistd.h>
#include <cerrno>
#include <algorithm>
#include <cstdio>
#include "unpacked.hpp"

namespace unpacked {
constexpr const char *file_name = "faces-unpacked.bin";

/// Which landmark model the file was made from: its size and modification time.
struct source {
    uint64_t size = 0;
    int64_t time = 0;
};

inline bool source_of(const char *path, source &s) {
    struct stat st;
    if (stat(path, &st) != 0) return false;
    s.size = uint64_t(st.st_size), s.time = int64_t(st.st_mtim.tv_sec) * 1000000000 + st.st_mtim.tv_nsec;
    return true;
}

/// The file read in pieces of 1 MiB, each added to the checksum as it comes (a mapped file would count its 70 MB
/// twice in each worker's memory while the models are built).
struct reader {
    int fd;
    std::vector<unsigned char> piece = std::vector<unsigned char>(1 << 20);
    size_t at = 0, filled = 0;
    uint64_t hash = checksum_start, left;

    bool refill() {
        filled = at = 0;
        while (filled < piece.size() && left > 0) {
            ssize_t n = read(fd, piece.data() + filled, std::min<uint64_t>(piece.size() - filled, left));
            if (n < 0 && errno == EINTR) continue;
            if (n <= 0) return false;
            filled += size_t(n), left -= uint64_t(n);
        }
        hash = checksum(piece.data(), filled, hash);
        return filled > 0;
    }
    bool copy(void *to, size_t length) {
        for (unsigned char *out = (unsigned char *)to; length > 0;) {
            if (at == filled && !refill()) return false;
            size_t n = std::min(length, filled - at);
            memcpy(out, piece.data() + at, n), out += n, at += n, length -= n;
        }
        return true;
    }
    template <typename T> T take() {
        T value{};
        if (!copy(&value, sizeof value)) left = 0, filled = at = 0;
        return value;
    }
};

/// The models in the file open at `fd` when it is whole, unchanged and made from `s` by this dlib.
inline bool decode(int fd, uint64_t length, const source &s, landmarks &m, std::string &detector) {
    header h;
    if (length < sizeof h || read(fd, &h, sizeof h) != ssize_t(sizeof h)) return false;
    if (memcmp(h.magic, magic, sizeof h.magic) || h.format != format || h.dlib != dlib_version
        || h.source_size != s.size || h.source_time != s.time || payload_size(h) != length - sizeof h)
        return false;
    reader in{fd};
    in.left = length - sizeof h;
    detector.resize(h.detector_bytes);
    in.copy(&detector[0], detector.size());
    m.initial.set_size(h.parts2);
    for (uint32_t i = 0; i < h.parts2; i++) m.initial(i) = in.take<float>();
    m.pixels.assign(h.cascades, std::vector<dlib::vector<float, 2>>(h.pixels));
    for (auto &pixels : m.pixels)
        for (auto &p : pixels) p.x() = in.take<float>(), p.y() = in.take<float>();
    m.forests.assign(h.cascades, std::vector<tree>(h.trees));
    for (auto &forest : m.forests) {
        for (auto &t : forest) {
            t.splits.resize(h.splits);
            for (auto &f : t.splits) {
                f.idx1 = in.take<uint32_t>(), f.idx2 = in.take<uint32_t>(), f.thresh = in.take<float>();
                if (f.idx1 >= h.pixels || f.idx2 >= h.pixels) return false;   // dlib indexes with them unchecked
            }
            t.leaf_values.assign(h.splits + 1, dlib::matrix<float, 0, 1>(h.parts2));
            for (auto &leaf : t.leaf_values)
                if (!in.copy(&leaf(0), size_t(h.parts2) * 4)) return false;
        }
    }
    return in.left == 0 && in.at == in.filled && in.hash == h.checksum;
}

/// The models from `folder`'s file; false when it is missing, a link, or does not match.
inline bool load(const char *folder, const source &s, landmarks &m, std::string &detector) {
    int dir = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    int fd = dir < 0 ? -1 : openat(dir, file_name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
    if (dir >= 0) close(dir);
    struct stat st;
    const bool ok = fd >= 0 && fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size <= (512l << 20)
                    && decode(fd, uint64_t(st.st_size), s, m, detector);
    if (fd >= 0) close(fd);
    return ok;
}

}  // namespace unpacked
