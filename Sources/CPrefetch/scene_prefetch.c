// The target's one source file (SwiftPM builds a C target from at least one);
// everything it offers is the static inline helper in include/scene_prefetch.h.
#include "scene_prefetch.h"
