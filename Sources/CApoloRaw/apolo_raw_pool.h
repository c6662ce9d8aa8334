#ifndef APOLO_RAW_POOL_H
#define APOLO_RAW_POOL_H
// Private to CApoloRaw: the request and answer that travel between apolo and an apolo-raw-worker.
#include <stddef.h>
#include "apolo_raw.h"

enum { APOLO_RAW_IDENTIFY = 1, APOLO_RAW_EMBEDDED = 2, APOLO_RAW_DECODED = 3 };

typedef struct {
    unsigned int op;
    unsigned int pad;
    unsigned long long size;   // bytes of raw that follow
} apolo_raw_request;

typedef struct {
    int status, format, orientation, pad;
    char error[256];
    apolo_raw_facts facts;
    unsigned long long size;   // bytes of picture that follow
} apolo_raw_answer;

#endif
