#ifndef SCENE_WATCH_H
#define SCENE_WATCH_H
// File-change notification for `scene watch`: inotify on Linux, kqueue on macOS, on the
// file itself and on its folder (an editor's atomic save renames a new file over the
// old one, which a watch on the old file alone would miss). One descriptor to poll.

/// A descriptor that becomes readable when `file` or its entry in `folder` changes;
/// -1 when neither platform facility is available (the caller then stats the file).
int scene_watch_open(const char *_Nonnull file, const char *_Nonnull folder, const char *_Nonnull name);

/// Reads what is pending (never blocks); 1 when something concerned the file, 2 when
/// that includes a finished write (the file closed after writing, or a new file renamed
/// onto it: the save is whole, no need to wait for more events; inotify only). Re-arms
/// the watch on the file when it was replaced.
int scene_watch_drain(int fd, const char *_Nonnull file, const char *_Nonnull name);

/// The file's identity and modification: inode, size and mtime in nanoseconds (for
/// the periodic fallback); 0 on success.
int scene_watch_stat(const char *_Nonnull file, unsigned long long *_Nonnull inode, long long *_Nonnull size,
                     long long *_Nonnull mtimeNanoseconds);
#endif
