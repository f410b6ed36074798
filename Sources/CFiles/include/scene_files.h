#ifndef SCENE_FILES_H
#define SCENE_FILES_H

// Two things Glibc's Swift module leaves out, for `OutputFile`'s direct writes
// (Sources/SceneFiles/OutputFile.swift): a descriptor's file system type
// (`fstatfs`, <sys/vfs.h>) and the `O_DIRECT` flag (defined by <fcntl.h> only
// with _GNU_SOURCE; else the kernel's value on the architectures we build for,
// and 0, meaning none, on any other; off Linux, no type and no flag: direct
// writes are Linux only). No static storage: callable from any file.
#include <fcntl.h>
#if defined(__linux__)
#include <sys/vfs.h>
static inline long scene_fs_type(int fd) {
    struct statfs s;
    return fstatfs(fd, &s) == 0 ? (long)s.f_type : -1;
}
#else
static inline long scene_fs_type(int fd) { (void)fd; return -1; }
#endif
static inline int scene_o_direct(void) {
#if defined(O_DIRECT)
    return O_DIRECT;
#elif defined(__linux__) && (defined(__x86_64__) || defined(__i386__))
    return 040000;
#elif defined(__linux__) && (defined(__aarch64__) || defined(__arm__))
    return 0200000;
#else
    return 0;
#endif
}

#endif
