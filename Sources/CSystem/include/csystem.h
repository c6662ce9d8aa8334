#ifndef APOLO_CSYSTEM_H
#define APOLO_CSYSTEM_H
#include <stddef.h>
#include <sys/types.h>
/// Catches SIGINT and SIGTERM so long work can stop cleanly: the first one sets a flag, a second one exits at once.
void apolo_catch_interrupts(void);
/// 1 once an interrupt arrived.
int apolo_interrupted(void);
/// copy_file_range(2) (a GNU extension Swift's Glibc module does not show): copies in the kernel.
ssize_t apolo_copy_file_range(int from, int to, size_t length);
/// Opens a regular file read-only without ever blocking on a FIFO or device (O_NONBLOCK, then fstat).
/// Returns the descriptor (blocking again) and its size; -1 with errno when it cannot be opened; -2 when it
/// is not a regular file, with its S_IFMT type in `kind`. `flags` may add O_NOFOLLOW.
int apolo_open_regular(const char *path, int flags, long long *size, int *kind);
/// The same, relative to an open folder.
int apolo_open_regular_at(int dir, const char *path, int flags, long long *size, int *kind);
/// "a FIFO (named pipe)", "a folder", … for a `kind` from apolo_open_regular.
const char *apolo_file_kind(int kind);
#endif
