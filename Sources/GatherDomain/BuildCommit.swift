import CBuildInfo

extension FootballGather {
    /// The commit built from (`make` records it), or "unknown".
    package static var commit: String { String(cString: gather_build_commit()) }
}
