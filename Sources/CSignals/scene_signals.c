#include "scene_signals.h"

#include <signal.h>
#include <string.h>

static volatile sig_atomic_t scene_signal_seen[65];

static void scene_signal_handler(int sig) {
    if (sig > 0 && sig < 65) scene_signal_seen[sig] = 1;
}

void scene_install_signal(int sig) {
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = scene_signal_handler;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = 0;
    sigaction(sig, &sa, NULL);
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, sig);
    sigprocmask(SIG_UNBLOCK, &set, NULL);
}

int scene_take_signal(int sig) {
    if (sig <= 0 || sig >= 65 || !scene_signal_seen[sig]) return 0;
    scene_signal_seen[sig] = 0;
    return 1;
}
