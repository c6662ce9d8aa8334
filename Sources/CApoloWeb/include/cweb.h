#ifndef APOLO_CWEB_H
#define APOLO_CWEB_H

#include <stddef.h>

/// One file of the page (Sources/ApoloServer/Web): the path it is served at, its bytes, its content type.
typedef struct {
    const char *path;
    const unsigned char *bytes;
    size_t size;
    const char *type;
} apolo_web_file;

/// How many files the page has.
size_t apolo_web_file_count(void);

/// The page's file at `index` (below apolo_web_file_count()), or NULL.
const apolo_web_file *apolo_web_file_at(size_t index);

#endif
