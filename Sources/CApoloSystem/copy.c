#define _GNU_SOURCE
#include "csystem.h"
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>

ssize_t apolo_copy_file_range(int from, int to, size_t length) { return copy_file_range(from, NULL, to, NULL, length, 0); }

int apolo_rename_noreplace(const char *from, const char *to) {
    if (renameat2(AT_FDCWD, from, AT_FDCWD, to, RENAME_NOREPLACE) == 0) return 0;
    if (errno != EINVAL && errno != ENOSYS) return -1;
    if (link(from, to) != 0) return -1;  /* a file system without RENAME_NOREPLACE: link() never replaces either */
    return unlink(from);
}

int apolo_drop_cached(int fd) { return posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED); }
