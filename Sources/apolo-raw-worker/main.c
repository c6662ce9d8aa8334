// apolo-raw-worker: LibRaw in a process of its own. apolo keeps a few of these running and sends each raw over
// a socket; a crash or a hang here costs the one file being read, never apolo itself. It is a small C program
// (no Swift runtime, no libvips), so starting one takes a few milliseconds. See apolo_raw_worker.c.
#include "apolo_raw.h"

int main(void) { return apolo_raw_worker_main(0, 1); }
