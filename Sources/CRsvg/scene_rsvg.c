// librsvg and cairo through dlopen: see include/scene_rsvg.h and docs/raster.md.
#include "scene_rsvg.h"
#include <dlfcn.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// The documented signatures of the functions used (librsvg 2.46+, cairo 1.10+, GLib):
// handles are opaque here.
typedef struct { uint32_t domain; int code; char *message; } scene_gerror;
typedef struct { double x, y, width, height; } scene_rsvg_rect;
typedef struct { int width, height; double em, ex; } scene_rsvg_dimensions;
typedef int (*scene_write_fn)(void *closure, const unsigned char *data, unsigned int length);

static struct {
    void *(*new_from_data)(const uint8_t *, size_t, scene_gerror **);
    int (*intrinsic_pixels)(void *, double *, double *);          // 2.52+, optional
    void (*dimensions)(void *, scene_rsvg_dimensions *);           // older fallback
    int (*render_document)(void *, void *, const scene_rsvg_rect *, scene_gerror **);
    void (*object_unref)(void *);
    void (*error_free)(scene_gerror *);
    void *(*image_surface_create)(int, int, int);
    void *(*pdf_surface_create_for_stream)(scene_write_fn, void *, double, double);
    void *(*create)(void *);
    void (*destroy)(void *);
    void (*scale)(void *, double, double);
    void (*set_source_rgba)(void *, double, double, double, double);
    void (*paint)(void *);
    int (*status)(void *);
    int (*surface_status)(void *);
    int (*write_to_png_stream)(void *, scene_write_fn, void *);
    void (*surface_finish)(void *);
    void (*surface_destroy)(void *);
    const char *(*status_to_string)(int);
} fn;

#if defined(__linux__)
extern char _DYNAMIC[] __attribute__((weak));
int scene_rsvg_static_process(void) { return _DYNAMIC == NULL; }
#else
int scene_rsvg_static_process(void) { return 0; }
#endif

static pthread_once_t once = PTHREAD_ONCE_INIT;
static int loaded = 0;
static char load_error[512];

static const char *const candidates[] = {
#if defined(__APPLE__)
    "librsvg-2.2.dylib", "/opt/homebrew/lib/librsvg-2.2.dylib", "/usr/local/lib/librsvg-2.2.dylib",
    "/opt/local/lib/librsvg-2.2.dylib",
#else
    "librsvg-2.so.2",
#endif
    NULL,
};

#define NEED(field, name) \
    if (!(*(void **)&fn.field = dlsym(lib, name))) { \
        snprintf(load_error, sizeof load_error, "%s has no `%s` (librsvg 2.46 or later is needed)", path, name); \
        return; \
    }

static void load(void) {
    const char *override = getenv("SCENE_RSVG_LIBRARY");
    void *lib = NULL;
    const char *path = NULL;
    if (override && *override) {
        path = override;
        lib = dlopen(override, RTLD_NOW | RTLD_LOCAL);
    } else {
        for (int i = 0; candidates[i] && !lib; i++) { path = candidates[i]; lib = dlopen(path, RTLD_NOW | RTLD_LOCAL); }
    }
    if (!lib) {
        const char *why = dlerror();
        snprintf(load_error, sizeof load_error, "%s", why ? why : "cannot load librsvg");
        return;
    }
    // dlsym on librsvg's handle also searches what it depends on: cairo, GObject, GLib.
    NEED(new_from_data, "rsvg_handle_new_from_data")
    NEED(render_document, "rsvg_handle_render_document")
    NEED(dimensions, "rsvg_handle_get_dimensions")
    *(void **)&fn.intrinsic_pixels = dlsym(lib, "rsvg_handle_get_intrinsic_size_in_pixels");
    NEED(object_unref, "g_object_unref")
    NEED(error_free, "g_error_free")
    NEED(image_surface_create, "cairo_image_surface_create")
    NEED(pdf_surface_create_for_stream, "cairo_pdf_surface_create_for_stream")
    NEED(create, "cairo_create")
    NEED(destroy, "cairo_destroy")
    NEED(scale, "cairo_scale")
    NEED(set_source_rgba, "cairo_set_source_rgba")
    NEED(paint, "cairo_paint")
    NEED(status, "cairo_status")
    NEED(surface_status, "cairo_surface_status")
    NEED(write_to_png_stream, "cairo_surface_write_to_png_stream")
    NEED(surface_finish, "cairo_surface_finish")
    NEED(surface_destroy, "cairo_surface_destroy")
    NEED(status_to_string, "cairo_status_to_string")
    loaded = 1;
}

int scene_rsvg_available(char *message, size_t messageSize) {
    pthread_once(&once, load);
    if (!loaded) snprintf(message, messageSize, "%s", load_error);
    return loaded;
}

/// A growing buffer the cairo stream writers append to.
typedef struct { unsigned char *data; size_t length, capacity; int failed; } sink;

static int append(void *closure, const unsigned char *data, unsigned int length) {
    sink *s = closure;
    if (s->failed) return 11;  // CAIRO_STATUS_WRITE_ERROR
    if (s->length + length > s->capacity) {
        size_t cap = s->capacity ? s->capacity : 65536;
        while (cap < s->length + length) cap *= 2;
        unsigned char *grown = realloc(s->data, cap);
        if (!grown) { s->failed = 1; return 1; }  // CAIRO_STATUS_NO_MEMORY
        s->data = grown;
        s->capacity = cap;
    }
    memcpy(s->data + s->length, data, length);
    s->length += length;
    return 0;
}

/// The largest picture drawn: 16,384 pixels a side (well inside cairo's 32,767) and
/// 2^28 pixels (1 GiB of ARGB) in all.
enum { max_side = 16384 };
static const double max_pixels = 268435456.0;

int scene_rsvg_render(const char *svg, size_t length, int format, double scale, const double *rgba,
                      unsigned char **out, size_t *outLength, char *message, size_t messageSize) {
    *out = NULL;
    *outLength = 0;
    if (!scene_rsvg_available(message, messageSize)) return SCENE_RSVG_MISSING;
    scene_gerror *error = NULL;
    void *handle = fn.new_from_data((const uint8_t *)svg, length, &error);
    if (!handle) {
        snprintf(message, messageSize, "librsvg cannot read the SVG: %s", error && error->message ? error->message : "unknown error");
        if (error) fn.error_free(error);
        return SCENE_RSVG_FAILED;
    }
    double width = 0, height = 0;
    if (!fn.intrinsic_pixels || !fn.intrinsic_pixels(handle, &width, &height)) {
        scene_rsvg_dimensions d = {0, 0, 0, 0};
        fn.dimensions(handle, &d);
        width = d.width;
        height = d.height;
    }
    double pw = width * (format == SCENE_RSVG_PNG ? scale : 1), ph = height * (format == SCENE_RSVG_PNG ? scale : 1);
    int iw = (int)(pw + 0.999999), ih = (int)(ph + 0.999999);
    if (width <= 0 || height <= 0 || pw > max_side || ph > max_side || (double)iw * ih > max_pixels) {
        snprintf(message, messageSize, "the picture would be %.0f × %.0f pixels; at most %d a side and %.0f in all: use a smaller --scale",
                 pw, ph, max_side, max_pixels);
        fn.object_unref(handle);
        return SCENE_RSVG_FAILED;
    }
    sink s = {NULL, 0, 0, 0};
    void *surface = format == SCENE_RSVG_PNG ? fn.image_surface_create(0 /* ARGB32 */, iw, ih)
                                             : fn.pdf_surface_create_for_stream(append, &s, width, height);
    int st = fn.surface_status(surface);
    void *cr = NULL;
    if (st == 0) {
        cr = fn.create(surface);
        if (rgba[3] > 0) {
            fn.set_source_rgba(cr, rgba[0], rgba[1], rgba[2], rgba[3]);
            fn.paint(cr);
        }
        if (format == SCENE_RSVG_PNG) fn.scale(cr, scale, scale);
        scene_rsvg_rect viewport = {0, 0, width, height};
        if (!fn.render_document(handle, cr, &viewport, &error)) {
            snprintf(message, messageSize, "librsvg cannot draw the SVG: %s", error && error->message ? error->message : "unknown error");
            if (error) fn.error_free(error);
            st = -1;
        } else {
            st = fn.status(cr);
        }
        fn.destroy(cr);
    }
    if (st == 0 && format == SCENE_RSVG_PNG) st = fn.write_to_png_stream(surface, append, &s);
    fn.surface_finish(surface);  // a PDF is written out here
    if (st == 0) st = fn.surface_status(surface);
    if (st == 0 && s.failed) st = 1;
    fn.surface_destroy(surface);
    fn.object_unref(handle);
    if (st != 0) {
        if (st > 0) snprintf(message, messageSize, "cairo: %s", fn.status_to_string(st));
        free(s.data);
        return SCENE_RSVG_FAILED;
    }
    *out = s.data;
    *outLength = s.length;
    return SCENE_RSVG_OK;
}
