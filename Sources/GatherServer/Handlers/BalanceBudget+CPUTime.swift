import GatherBalancing
import Glibc

extension BalanceBudget {
    /// Spent once the calling thread has used `limit` of CPU since this was made: the work itself,
    /// not the time others took the core from it.
    package static func cpuTime(_ limit: Duration) -> BalanceBudget {
        let start = threadCPUNanoseconds()
        let (seconds, attoseconds) = limit.components
        let allowed = Int64(seconds) * 1_000_000_000 + attoseconds / 1_000_000_000
        return BalanceBudget { threadCPUNanoseconds() - start >= allowed }
    }

    private static func threadCPUNanoseconds() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
    }
}
