#ifndef APOLO_CSYSTEM_H
#define APOLO_CSYSTEM_H
#include <stddef.h>
#include <sys/types.h>
/// Catches SIGINT and SIGTERM so long work can stop cleanly: the first one sets a flag, a second one exits at once.
void apolo_catch_interrupts(void);
/// The SIGINT and SIGTERM handling now (whatever set it: apolo, or a server's signal handling), to put back with
/// apolo_interrupts_restore, which frees it.
void *apolo_interrupts_save(void);
void apolo_interrupts_restore(void *saved);
/// 1 once an interrupt arrived.
int apolo_interrupted(void);
/// copy_file_range(2) (a GNU extension Swift's Glibc module does not show): copies in the kernel.
ssize_t apolo_copy_file_range(int from, int to, size_t length);
/// Renames `from` to `to` unless `to` exists (renameat2 RENAME_NOREPLACE; link + unlink where the file system lacks
/// it): 0, or -1 with errno (EEXIST when the name is taken).
int apolo_rename_noreplace(const char *from, const char *to);
/// Drops a file's clean pages from the page cache, so the next read comes from the disk (0, or an errno value).
int apolo_drop_cached(int fd);
/// Opens a regular file read-only without ever blocking on a FIFO or device (O_NONBLOCK, then fstat).
/// Returns the descriptor (blocking again) and its size; -1 with errno when it cannot be opened; -2 when it
/// is not a regular file, with its S_IFMT type in `kind`. `flags` may add O_NOFOLLOW.
int apolo_open_regular(const char *path, int flags, long long *size, int *kind);
/// The same, relative to an open folder.
int apolo_open_regular_at(int dir, const char *path, int flags, long long *size, int *kind);
/// "a FIFO (named pipe)", "a folder", … for a `kind` from apolo_open_regular.
const char *apolo_file_kind(int kind);
/// Runs a hook in its own process group: `input` on its stdin and its stderr kept (the last `errsize` bytes, in
/// `err`) while both pipes are pumped, so neither side can block the other; its stdout goes to our stderr.
/// Returns 0 with the wait status in `status`; -1 when it cannot start (errno); -2 after `timeout` seconds and
/// -3 on an interrupt (apolo_catch_interrupts), in both cases after ending its whole process group.
int apolo_run_hook(const char *path, char *const argv[], char *const envp[], const char *input, size_t length,
                   double timeout, char *err, size_t errsize, int *status);
/// From now on what libraries write to descriptor 2 (libde265's and dav1d's chatter about a damaged file, which
/// names no file) goes to /dev/null; apolo's own messages go to the original stderr, apolo_error_fd(). Once per
/// process, only once apolo_want_quiet_libraries() was called, and not with APOLO_DEBUG set.
void apolo_quiet_libraries(void);
/// Keeps buffers up to 256 MB on the heap once freed, for the next photo, instead of returning them to the system.
void apolo_keep_large_buffers(void);
/// Returns the heap's free pages to the system between phases of a long run (glibc's malloc_trim).
void apolo_give_back_memory(void);
/// Lets apolo_quiet_libraries() act: the command line says so at its start (a test process keeps its stderr).
void apolo_want_quiet_libraries(void);
/// Where apolo writes its own messages: 2, or the original stderr after apolo_quiet_libraries().
int apolo_error_fd(void);
#endif
