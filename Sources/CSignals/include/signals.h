#ifndef APOLO_SIGNALS_H
#define APOLO_SIGNALS_H
/// Catches SIGINT and SIGTERM so long work can stop cleanly: the first one sets a flag, a second one exits at once.
void apolo_catch_interrupts(void);
/// 1 once an interrupt arrived.
int apolo_interrupted(void);
#endif
