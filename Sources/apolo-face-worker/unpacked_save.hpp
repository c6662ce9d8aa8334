// Writing the unpacked models' file (unpacked_file.hpp reads it): once, by the first worker that read dlib's packed
// model, streamed so that the worker's memory does not hold a second copy.
#pragma once
#include "unpacked_file.hpp"

namespace unpacked {
/// What is written, in pieces of 1 MiB, each added to the checksum as it goes.
struct writer {
    int fd;
    std::vector<unsigned char> piece = std::vector<unsigned char>(1 << 20);
    size_t filled = 0;
    uint64_t hash = checksum_start;
    bool whole = true;

    void flush() {
        hash = checksum(piece.data(), filled, hash);
        for (size_t done = 0; whole && done < filled;) {
            ssize_t n = write(fd, piece.data() + done, filled - done);
            if (n < 0 && errno == EINTR) continue;
            whole = n > 0, done += n > 0 ? size_t(n) : 0;
        }
        filled = 0;
    }
    void copy(const void *from, size_t length) {
        for (const unsigned char *in = (const unsigned char *)from; length > 0;) {
            size_t n = std::min(length, piece.size() - filled);
            memcpy(piece.data() + filled, in, n), filled += n, in += n, length -= n;
            if (filled == piece.size()) flush();
        }
    }
    template <typename T> void put(const T &value) { copy(&value, sizeof value); }
};

/// Writes the models to `fd`; false when they are not a uniform cascade (every forest the same number of trees of
/// one depth) or the disk refuses them.
inline bool encode(int fd, const landmarks &m, const std::string &detector, const source &s) {
    header h{};
    memcpy(h.magic, magic, sizeof h.magic);
    h.format = format, h.dlib = dlib_version, h.parts2 = uint32_t(m.initial.size());
    h.cascades = uint32_t(m.forests.size()), h.source_size = s.size, h.source_time = s.time;
    h.trees = h.cascades ? uint32_t(m.forests[0].size()) : 0;
    h.splits = h.trees ? uint32_t(m.forests[0][0].splits.size()) : 0;
    h.pixels = h.cascades ? uint32_t(m.pixels[0].size()) : 0, h.detector_bytes = detector.size();
    if (payload_size(h) == 0 || lseek(fd, sizeof h, SEEK_SET) != off_t(sizeof h)) return false;
    writer out{fd};
    out.copy(detector.data(), detector.size());
    for (long i = 0; i < m.initial.size(); i++) out.put(m.initial(i));
    for (const auto &pixels : m.pixels) {
        if (pixels.size() != h.pixels) return false;
        for (const auto &p : pixels) out.put(float(p.x())), out.put(float(p.y()));
    }
    for (const auto &forest : m.forests) {
        if (forest.size() != h.trees) return false;
        for (const auto &t : forest) {
            if (t.splits.size() != h.splits || t.leaf_values.size() != h.splits + 1) return false;
            for (const auto &f : t.splits)
                out.put(uint32_t(f.idx1)), out.put(uint32_t(f.idx2)), out.put(f.thresh);
            for (const auto &leaf : t.leaf_values) {
                if (leaf.size() != long(h.parts2)) return false;
                out.copy(&leaf(0), size_t(h.parts2) * 4);
            }
        }
    }
    out.flush();
    h.checksum = out.hash;
    return out.whole && pwrite(fd, &h, sizeof h, 0) == ssize_t(sizeof h);
}

/// Writes the models as `folder`'s file, whole or not at all (a file of its own, then renamed over the old one).
inline void save(const char *folder, const landmarks &m, const std::string &detector, const source &s) {
    std::string parent(folder);
    if (parent.rfind('/') != std::string::npos && parent.rfind('/') > 0)
        mkdir(parent.substr(0, parent.rfind('/')).c_str(), 0700);
    mkdir(folder, 0700);
    int dir = open(folder, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (dir < 0) return;
    char part[64];
    snprintf(part, sizeof part, "%s.%d.part", file_name, int(getpid()));
    int fd = openat(dir, part, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
    const bool whole = fd >= 0 && encode(fd, m, detector, s);
    if (fd >= 0) close(fd);
    if (!whole || renameat(dir, part, dir, file_name) != 0) unlinkat(dir, part, 0);
    close(dir);
}
}  // namespace unpacked
