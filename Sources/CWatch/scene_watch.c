#include "scene_watch.h"
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int scene_watch_stat(const char *file, unsigned long long *inode, long long *size, long long *mtime) {
    struct stat st;
    if (stat(file, &st) != 0) return -1;
    *inode = (unsigned long long)st.st_ino;
    *size = (long long)st.st_size;
#if defined(__APPLE__)
    *mtime = (long long)st.st_mtimespec.tv_sec * 1000000000LL + st.st_mtimespec.tv_nsec;
#else
    *mtime = (long long)st.st_mtim.tv_sec * 1000000000LL + st.st_mtim.tv_nsec;
#endif
    return 0;
}

#if defined(__linux__)
#include <sys/inotify.h>

static int file_wd = -1, folder_wd = -1;
static const unsigned file_mask = IN_MODIFY | IN_CLOSE_WRITE | IN_ATTRIB | IN_DELETE_SELF | IN_MOVE_SELF;
static const unsigned folder_mask = IN_MODIFY | IN_CLOSE_WRITE | IN_ATTRIB | IN_CREATE | IN_DELETE | IN_MOVED_TO | IN_MOVED_FROM;

int scene_watch_open(const char *file, const char *folder, const char *name) {
    (void)name;
    int fd = inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
    if (fd < 0) return -1;
    folder_wd = inotify_add_watch(fd, folder, folder_mask);
    file_wd = inotify_add_watch(fd, file, file_mask);  // -1 while the file is missing
    if (folder_wd < 0 && file_wd < 0) { close(fd); return -1; }
    return fd;
}

int scene_watch_drain(int fd, const char *file, const char *name) {
    char buffer[16384] __attribute__((aligned(__alignof__(struct inotify_event))));
    int concerned = 0, rearm = 0, complete = 0;
    for (;;) {
        ssize_t n = read(fd, buffer, sizeof buffer);
        if (n <= 0) break;
        for (char *p = buffer; p < buffer + n;) {
            struct inotify_event *e = (struct inotify_event *)p;
            if (e->wd == file_wd) {
                concerned = 1;
                if (e->mask & (IN_DELETE_SELF | IN_MOVE_SELF | IN_IGNORED)) rearm = 1;
                if (e->mask & IN_CLOSE_WRITE) complete = 1;
            } else if (e->wd == folder_wd && e->len > 0 && strcmp(e->name, name) == 0) {
                concerned = 1;
                if (e->mask & (IN_CREATE | IN_MOVED_TO)) rearm = 1;
                if (e->mask & (IN_CLOSE_WRITE | IN_MOVED_TO)) complete = 1;
            }
            p += sizeof(struct inotify_event) + e->len;
        }
    }
    // A new file under the name (an atomic save): watch it; the same inode keeps its watch.
    if (rearm || file_wd < 0) file_wd = inotify_add_watch(fd, file, file_mask);
    return concerned ? 1 + complete : 0;
}

#elif defined(__APPLE__)
#include <sys/event.h>
#include <sys/time.h>

static int file_fd = -1, folder_fd = -1;

static void arm(int kq, int fd, unsigned flags) {
    struct kevent ev;
    EV_SET(&ev, fd, EVFILT_VNODE, EV_ADD | EV_CLEAR, flags, 0, NULL);
    kevent(kq, &ev, 1, NULL, 0, NULL);
}

static void watch_file(int kq, const char *file) {
    if (file_fd >= 0) close(file_fd);
    file_fd = open(file, O_EVTONLY | O_CLOEXEC);
    if (file_fd >= 0) arm(kq, file_fd, NOTE_WRITE | NOTE_EXTEND | NOTE_ATTRIB | NOTE_DELETE | NOTE_RENAME);
}

int scene_watch_open(const char *file, const char *folder, const char *name) {
    (void)name;
    int kq = kqueue();
    if (kq < 0) return -1;
    folder_fd = open(folder, O_EVTONLY | O_CLOEXEC);
    if (folder_fd >= 0) arm(kq, folder_fd, NOTE_WRITE);
    watch_file(kq, file);
    return kq;
}

int scene_watch_drain(int kq, const char *file, const char *name) {
    (void)name;
    struct kevent events[16];
    struct timespec zero = {0, 0};
    int concerned = 0, n;
    while ((n = kevent(kq, NULL, 0, events, 16, &zero)) > 0) {
        // A folder write may be another file; the caller compares the file's contents.
        concerned = 1;
        for (int i = 0; i < n; i++)
            if ((int)events[i].ident == file_fd && (events[i].fflags & (NOTE_DELETE | NOTE_RENAME))) watch_file(kq, file);
    }
    // After an atomic save the name points at a new file: watch that one.
    struct stat a, b;
    if (file_fd < 0 || (fstat(file_fd, &a) == 0 && stat(file, &b) == 0 && a.st_ino != b.st_ino)) watch_file(kq, file);
    return concerned;
}

#else
int scene_watch_open(const char *file, const char *folder, const char *name) { (void)file; (void)folder; (void)name; return -1; }
int scene_watch_drain(int fd, const char *file, const char *name) { (void)fd; (void)file; (void)name; return 0; }
#endif
