#ifndef SCENE_PREFETCH_H
#define SCENE_PREFETCH_H
// A hint to the CPU to bring `p`'s cache line in while other work goes on: Swift
// has no prefetch of its own, and a plain load of the line, whose value must then
// be kept somewhere, holds up the work behind it until the line arrives (which is
// the stall a prefetch is for). Used by TaggedSlot.prefetch, for the duplicate-label
// table (LabelTable) and the SVG writer's set of ids (IDSet), and by the writers'
// read of each shape's label (ResolvedShape.prefetchLabel, ExtrasBox.swift).
static inline void scene_prefetch(const void *_Nonnull p) {
#if defined(__GNUC__) || defined(__clang__)
    __builtin_prefetch(p, 0, 3);
#else
    (void)p;
#endif
}
#endif
