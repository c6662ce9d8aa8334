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
#endif
