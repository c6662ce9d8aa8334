#define _GNU_SOURCE
#include "csystem.h"
#include <errno.h>
#include <fcntl.h>
#include <malloc.h>
#include <sys/stat.h>
#include <pthread.h>
#include <stdlib.h>
#include <unistd.h>

int apolo_open_regular_at(int dir, const char *path, int flags, long long *size, int *kind) {
    int fd = openat(dir, path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY | flags);
    if (fd < 0) return -1;
    struct stat st;
    if (fstat(fd, &st) != 0) {
        int e = errno;
        close(fd);
        errno = e;
        return -1;
    }
    if (!S_ISREG(st.st_mode)) {
        *kind = (int)(st.st_mode & S_IFMT);
        close(fd);
        return -2;
    }
    int status = fcntl(fd, F_GETFL);
    if (status >= 0) fcntl(fd, F_SETFL, status & ~O_NONBLOCK);
    *size = (long long)st.st_size;
    return fd;
}

int apolo_open_regular(const char *path, int flags, long long *size, int *kind) {
    return apolo_open_regular_at(AT_FDCWD, path, flags, size, kind);
}

const char *apolo_file_kind(int kind) {
    switch (kind) {
    case S_IFDIR: return "a folder";
    case S_IFIFO: return "a FIFO (named pipe)";
    case S_IFCHR: return "a character device";
    case S_IFBLK: return "a block device";
    case S_IFSOCK: return "a socket";
    case S_IFLNK: return "a symbolic link";
    default: return "not a regular file";
    }
}

static int error_fd = 2;
static pthread_once_t quiet_once = PTHREAD_ONCE_INIT;

static int wanted = 0;

void apolo_want_quiet_libraries(void) { wanted = 1; }

static void quiet(void) {
    const char *debug = getenv("APOLO_DEBUG");
    if (!wanted || (debug && *debug)) return;
    int saved = fcntl(2, F_DUPFD_CLOEXEC, 3);
    int null = open("/dev/null", O_WRONLY | O_CLOEXEC);
    if (saved < 0 || null < 0 || dup2(null, 2) < 0) {
        if (saved >= 0) close(saved);
        if (null >= 0) close(null);
        return;
    }
    close(null);
    error_fd = saved;
}

void apolo_quiet_libraries(void) { pthread_once(&quiet_once, quiet); }

int apolo_error_fd(void) { return error_fd; }

// A full-size photo's pixels (36 MB for 12 MP) are over glibc's largest mmap threshold (32 MB), so each buffer was
// mapped, faulted in page by page and unmapped again: about 6% of an analysis. Kept on the heap they are reused.
void apolo_keep_large_buffers(void) {
    mallopt(M_MMAP_THRESHOLD, 256 << 20);
    mallopt(M_TRIM_THRESHOLD, 512 << 20);
}

// With the trim threshold above, memory freed after a phase (an import's transaction, the measuring's buffers) stayed
// resident while the next phase allocated anew around what was still held: a peak of two phases' worth.
void apolo_give_back_memory(void) { malloc_trim(0); }
