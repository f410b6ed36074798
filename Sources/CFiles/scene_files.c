// The helpers are `static inline` in include/scene_files.h; a C target needs a source file.
#include "scene_files.h"
