// Preloaded (LD_PRELOAD) into cellkit by a test: an ELF constructor that stops
// a `cellkit --worker` process (SIGSTOP) before it can say hello to its
// session, when CELLKIT_FIXTURE_STOP_WORKER is set. Other processes go on.
#include "FixtureStopsWorker.h"

#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int stopped = 0;

__attribute__((constructor)) static void cellkit_fixture_stops_worker(void) {
    if (getenv("CELLKIT_FIXTURE_STOP_WORKER") == NULL) return;
    char arguments[4096];
    int fd = open("/proc/self/cmdline", O_RDONLY);
    if (fd < 0) return;
    ssize_t count = read(fd, arguments, sizeof arguments - 1);
    close(fd);
    if (count <= 0) return;
    // The arguments are NUL-separated: look at each.
    for (ssize_t at = 0; at < count; at += (ssize_t)strlen(arguments + at) + 1) {
        arguments[count] = '\0';
        if (strcmp(arguments + at, "--worker") == 0) {
            stopped = 1;
            raise(SIGSTOP);
            return;
        }
    }
}

int cellkit_fixture_stops_worker_stopped(void) { return stopped; }
