import Glibc

/// What Prometheus's own clients say of a process (`process_*`), read from /proc at each scrape:
/// resident memory, CPU seconds, open and allowed descriptors.
struct ProcessFacts: Equatable {
    var residentBytes: Double?
    var cpuSeconds: Double?
    var openDescriptors: Double?
    var maxDescriptors: Double?

    static func read() -> ProcessFacts {
        var facts = ProcessFacts()
        let page = Double(sysconf(Int32(_SC_PAGESIZE)))
        // statm: size resident shared text lib data dt, in pages.
        if let statm = text(of: "/proc/self/statm"), let resident = statm.split(separator: " ").dropFirst().first.flatMap({ Double($0) }) {
            facts.residentBytes = resident * page
        }
        var usage = rusage()
        if getrusage(RUSAGE_SELF.rawValue, &usage) == 0 {
            facts.cpuSeconds = seconds(usage.ru_utime) + seconds(usage.ru_stime)
        }
        if let directory = opendir("/proc/self/fd") {
            var count = 0
            while let entry = readdir(directory) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
                if name != "." && name != ".." { count += 1 }
            }
            closedir(directory)
            // The descriptor that read the directory is not the server's own.
            facts.openDescriptors = Double(max(0, count - 1))
        }
        var limit = rlimit()
        if getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit) == 0 {
            facts.maxDescriptors = Double(limit.rlim_cur)
        }
        return facts
    }

    private static func seconds(_ value: timeval) -> Double {
        Double(value.tv_sec) + Double(value.tv_usec) / 1_000_000
    }

    private static func text(of path: String) -> String? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: 256)
        let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
        guard count > 0 else { return nil }
        return String(decoding: buffer[..<count], as: UTF8.self)
    }
}
