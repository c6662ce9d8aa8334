#ifndef APOLO_EXIF_SHIM_H
#define APOLO_EXIF_SHIM_H
#include <libexif/exif-log.h>

/// What libexif reported while loading one EXIF block.
typedef struct {
    int corrupt;
    char message[256];
} apolo_exif_log_state;

/// A libexif log that records the first "corrupt data" message into `state` (va_list callbacks cannot be written in Swift).
ExifLog *apolo_exif_log_new(apolo_exif_log_state *state);
#endif
