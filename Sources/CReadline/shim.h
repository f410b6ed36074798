#ifndef SCENE_CREADLINE_SHIM_H
#define SCENE_CREADLINE_SHIM_H
// GNU readline, reached from Swift 6 only through these static inline helpers:
// readline's globals are mutable C state that Swift 6 would reject as unsafe.
#include <stdio.h>
#include <stdlib.h>
#include <readline/readline.h>
#include <readline/history.h>

typedef char *_Nullable (*scene_generator_fn)(const char *_Nonnull text, int state);

static inline void scene_rl_set_name(const char *_Nonnull name) { rl_readline_name = (char *)name; }
static inline void scene_rl_set_completer(scene_generator_fn _Nullable generator) {
    rl_completion_entry_function = generator;
    rl_attempted_completion_over = 0;
}
static inline char *_Nullable scene_rl_line_buffer(void) { return rl_line_buffer; }
static inline int scene_rl_point(void) { return rl_point; }
static inline void scene_rl_set_word_breaks(const char *_Nonnull chars) {
    rl_basic_word_break_characters = (char *)chars;
    rl_completer_word_break_characters = (char *)chars;
}
static inline void scene_rl_catch_signals(int on) { rl_catch_signals = on; }
static inline void scene_rl_reset_after_interrupt(void) {
    rl_free_line_state();
    rl_cleanup_after_signal();
    rl_replace_line("", 0);
    rl_done = 1;
}
static inline void scene_rl_set_outstream(FILE *_Nullable f) { rl_outstream = f; }
static inline void scene_history_limit(int n) { stifle_history(n); }
static inline int scene_history_length(void) { return history_length; }
#endif
