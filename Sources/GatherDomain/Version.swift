/// The product as a whole: what both binaries say with `--version`.
package enum FootballGather {
    package static let version = "0.1.0"
}
