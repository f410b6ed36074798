#ifndef SCENE_SIGNALS_H
#define SCENE_SIGNALS_H

// Signals for the REPL: the handler only records that a signal came; the REPL's
// loop acts on it. No SA_RESTART, so a blocking poll/read returns EINTR and the
// loop sees it.
//
// Compiled once, here, with one array of flags: as `static inline` functions in
// the readline shim, the release build inlined the installing function into one
// module and the reading one into another, each with its own function-local
// array, so Ctrl-C, SIGTERM and SIGHUP were recorded where nothing looked
// (`SignalTests` sends them to the release binary).

/// Install the recording handler for `sig` (and unblock it: a parent may have left it blocked).
void scene_install_signal(int sig);

/// 1 if `sig` came since the last call (and forget it), else 0.
int scene_take_signal(int sig);

#endif
