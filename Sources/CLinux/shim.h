// Linux kernel interfaces that Glibc's Swift module does not export: epoll and eventfd.
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <netinet/in.h>
#include <netinet/tcp.h>

// accept4 is declared only under _GNU_SOURCE, which the Glibc module is not built with.
static inline int clinux_accept4(int fd, int flags) {
    extern int accept4(int, struct sockaddr *, socklen_t *, int);
    return accept4(fd, 0, 0, flags);
}

// The calling thread's kernel id (gettid is declared only under _GNU_SOURCE too): Linux schedules
// each thread on its own, so a thread's nice value is set through it.
#include <sys/syscall.h>
#include <sys/resource.h>
#include <unistd.h>
static inline int clinux_nice_thread(int increment) {
    extern long syscall(long, ...);
    int tid = (int)syscall(SYS_gettid);
    int current = getpriority(PRIO_PROCESS, tid);
    return setpriority(PRIO_PROCESS, tid, current + increment);
}

// Signals read as data (gather's run loop watches them like its other inputs).
#include <sys/signalfd.h>
#include <signal.h>

// The calling thread's name, as `top -H` and debuggers show it (the kernel keeps 15 bytes).
#include <sys/prctl.h>
static inline int clinux_name_thread(const char *name) {
    extern int prctl(int, ...);
    return prctl(PR_SET_NAME, name, 0, 0, 0);
}

// How much freed memory the allocator keeps for reuse (glibc's mallopt).
#include <malloc.h>

// Minor page faults of the calling thread so far (RUSAGE_THREAD, 1, is declared only under
// _GNU_SOURCE): what reusing freed memory saves, counted without other threads' share.
static inline long clinux_thread_minor_faults(void) {
    struct rusage usage;
    if (getrusage(1, &usage) != 0) return -1;
    return usage.ru_minflt;
}

#include <sys/ioctl.h>

// Bytes written to a socket and not yet acknowledged by the peer (SIOCOUTQ, the same request as
// TIOCOUTQ): what the kernel holds for it. ioctl is variadic, which Swift cannot call. -1 on error.
static inline int clinux_unsent_bytes(int fd) {
    int count = 0;
    return ioctl(fd, TIOCOUTQ, &count) == 0 ? count : -1;
}
