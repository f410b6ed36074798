#ifndef SCENE_CREADLINE_SHIM_H
#define SCENE_CREADLINE_SHIM_H
// GNU readline, reached from Swift 6 only through these static inline helpers:
// readline's globals are mutable C state that Swift 6 would reject as unsafe.
//
// The signal flags below are `static` storage in this header: every object file
// that calls the helpers gets its own copy. Call them from one Swift file only
// (Sources/SceneREPL/Terminal.swift).
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <unistd.h>
#include <sys/ioctl.h>
#include <readline/readline.h>
#include <readline/history.h>

typedef char *_Nullable (*scene_generator_fn)(const char *_Nonnull text, int state);

// Strings handed to readline are copied: a Swift string's C pointer lives only
// for the call. (Set once per process; the copies are never freed.)
static inline void scene_rl_set_name(const char *_Nonnull name) { rl_readline_name = strdup(name); }
static inline void scene_rl_set_completer(scene_generator_fn _Nullable generator) {
    rl_completion_entry_function = generator;
    rl_attempted_completion_over = 0;
}
static inline char *_Nullable scene_rl_line_buffer(void) { return rl_line_buffer; }
static inline int scene_rl_point(void) { return rl_point; }
static inline void scene_rl_set_word_breaks(const char *_Nonnull chars) {
    char *copy = strdup(chars);
    rl_basic_word_break_characters = copy;
    rl_completer_word_break_characters = copy;
}
static inline void scene_rl_catch_signals(int on) { rl_catch_signals = on; }
static inline void scene_rl_catch_sigwinch(int on) { rl_catch_sigwinch = on; }
static inline void scene_rl_reset_after_interrupt(void) {
    rl_free_line_state();
    rl_cleanup_after_signal();
    rl_replace_line("", 0);
    rl_done = 1;
}
static inline void scene_rl_set_outstream(FILE *_Nullable f) { rl_outstream = f; }
static inline void scene_history_limit(int n) { stifle_history(n); }
static inline int scene_history_length(void) { return history_length; }

// Completion: whether readline should treat matches as file names (adds `/`
// to directories), and the character appended after a unique match.
static inline void scene_rl_filename_completion(int on) { rl_filename_completion_desired = on; }
static inline void scene_rl_append_character(int c) { rl_completion_append_character = c; }
static inline char *_Nullable scene_rl_complete_filename(const char *_Nonnull text, int state) {
    return rl_filename_completion_function(text, state);
}

// Abandon the line being edited after Ctrl-C, in readline's callback mode.
static inline void scene_rl_callback_interrupt(void) {
    rl_free_line_state();
#if defined(RL_READLINE_VERSION) && RL_READLINE_VERSION >= 0x0700
    rl_callback_sigcleanup();
#endif
    rl_cleanup_after_signal();
    rl_callback_handler_remove();
}

// Signals are CSignals' (one array of flags, compiled once: scene_signals.c).

// The terminal's size in character cells; 0 when `fd` is not a terminal.
static inline int scene_terminal_size(int fd, int *_Nonnull columns, int *_Nonnull rows) {
    struct winsize ws;
    if (ioctl(fd, TIOCGWINSZ, &ws) != 0 || ws.ws_col == 0) { *columns = 0; *rows = 0; return 0; }
    *columns = ws.ws_col;
    *rows = ws.ws_row;
    return 1;
}

#endif
