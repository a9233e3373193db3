/// The product as a whole: what both binaries say with `--version`. The version is semantic and
/// lives here alone; CHANGELOG.md says what each brought and which schema version it writes.
package enum FootballGather {
    package static let version = "0.3.0"
}
