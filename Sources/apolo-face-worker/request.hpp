// What apolo sends the face worker for one look (apolo_faces.h): the grey picture the landmarks are drawn on, and
// the colour one YuNet scans when there is one. Sizes are checked before anything is allocated: a request that does
// not fit ends the worker, which costs that photo's faces.
#pragma once
#include <vector>
#include "apolo_faces.h"
#include "apolo_workers.h"

/// One look's pictures and the side YuNet scans.
struct sent {
    unsigned width = 0, height = 0, colour_width = 0, colour_height = 0, scan = 0;
    std::vector<unsigned char> grey, colour;

    /// Reads the next request from `fd`; false at its end, or when it is malformed or cut short.
    bool read(int fd) {
        apolo_faces_request request;
        if (apolo_read_all(fd, &request, sizeof request) != 0) return false;
        if (!apolo_faces_fits(request.width, request.height)) return false;
        width = request.width, height = request.height, scan = request.scan;
        grey.resize(size_t(width) * height);
        if (apolo_read_all(fd, grey.data(), grey.size()) != 0) return false;
        colour_width = colour_height = 0;
        colour.clear();
        if (!request.colour_width && !request.colour_height) return true;
        if (!apolo_faces_colour_fits(width, height, request.colour_width, request.colour_height)) return false;
        colour.resize(size_t(request.colour_width) * request.colour_height * 3);
        if (apolo_read_all(fd, colour.data(), colour.size()) != 0) return false;
        colour_width = request.colour_width, colour_height = request.colour_height;
        return true;
    }
};
