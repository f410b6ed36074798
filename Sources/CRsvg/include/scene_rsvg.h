#ifndef SCENE_RSVG_H
#define SCENE_RSVG_H
// librsvg + cairo, loaded at run time (dlopen): `scene` builds and runs without them,
// and `-o x.png` says how to install them when they are absent. No librsvg or cairo
// header is needed to build: the few functions used are declared in scene_rsvg.c
// with their documented signatures. docs/raster.md says why.
#include <stddef.h>

/// What `scene_rsvg_render` returns.
enum {
    SCENE_RSVG_OK = 0,
    /// librsvg or cairo (or one of their functions) could not be loaded.
    SCENE_RSVG_MISSING = 1,
    /// The libraries are there but the SVG could not be drawn (the message says why).
    SCENE_RSVG_FAILED = 2,
};

/// What to write.
enum { SCENE_RSVG_PNG = 0, SCENE_RSVG_PDF = 1 };

/// Draws `svg` (`length` bytes) as a PNG (at `scale` pixels per SVG unit) or a PDF (one
/// page the SVG's size in points, vector) on a canvas filled first with `background`
/// (`rgba[3] == 0`: left transparent). On success `*out` is a malloc'd buffer of
/// `*outLength` bytes for the caller to free. On failure `message` holds why
/// (NUL-terminated, at most `messageSize` bytes).
int scene_rsvg_render(const char *_Nonnull svg, size_t length, int format, double scale,
                      const double *_Nonnull rgba, unsigned char *_Nullable *_Nonnull out,
                      size_t *_Nonnull outLength, char *_Nonnull message, size_t messageSize);

/// Whether librsvg and cairo can be loaded (0 or 1); when not, `message` says which failed.
int scene_rsvg_available(char *_Nonnull message, size_t messageSize);

/// 1 when this process is a static executable (no dynamic section): glibc cannot load
/// librsvg into one (it crashes), so `scene`'s static release build asks its helper
/// `scene-raster`, a small dynamic executable installed beside it, instead.
int scene_rsvg_static_process(void);
#endif
