// scene-raster: draws an SVG read on stdin as PNG or PDF on stdout, through librsvg
// loaded at run time (CRsvg). The static release `scene` cannot load librsvg into its
// own process (glibc's dlopen from a static executable crashes in the loaded libraries),
// so it runs this small dynamic executable, installed beside it (docs/raster.md).
//
// usage: scene-raster png|pdf SCALE R G B A   (SVG on stdin)
// exit: 0 and the file on stdout; 69 librsvg missing, 70 it could not draw, 64 usage,
// with the message on stdout.
#include "scene_rsvg.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int say(int code, const char *message) {
    size_t n = strlen(message);
    while (n > 0) {
        ssize_t w = write(1, message, n);
        if (w <= 0) break;
        message += w;
        n -= (size_t)w;
    }
    return code;
}

int main(int argc, char **argv) {
    if (argc != 7 || (strcmp(argv[1], "png") != 0 && strcmp(argv[1], "pdf") != 0))
        return say(64, "usage: scene-raster png|pdf SCALE R G B A (SVG on stdin)");
    double scale = atof(argv[2]), rgba[4];
    for (int i = 0; i < 4; i++) rgba[i] = atof(argv[3 + i]);
    size_t length = 0, capacity = 1 << 16;
    char *svg = malloc(capacity);
    for (;;) {
        if (!svg) return say(70, "out of memory reading the SVG");
        ssize_t r = read(0, svg + length, capacity - length);
        if (r < 0) return say(70, "cannot read the SVG");
        if (r == 0) break;
        length += (size_t)r;
        if (length == capacity) {
            if (capacity >= ((size_t)1 << 31)) return say(70, "the SVG is larger than 2 GB");
            capacity *= 2;
            svg = realloc(svg, capacity);
        }
    }
    unsigned char *out = NULL;
    size_t outLength = 0;
    char message[512];
    int status = scene_rsvg_render(svg, length, argv[1][1] == 'n' ? SCENE_RSVG_PNG : SCENE_RSVG_PDF, scale, rgba,
                                   &out, &outLength, message, sizeof message);
    free(svg);
    if (status != SCENE_RSVG_OK) return say(status == SCENE_RSVG_MISSING ? 69 : 70, message);
    size_t done = 0;
    while (done < outLength) {
        ssize_t w = write(1, out + done, outLength - done);
        if (w <= 0) return 74;
        done += (size_t)w;
    }
    free(out);
    return 0;
}
