import FoundationEssentials
import GatherDomain
import GatherServer
import Glibc
import Networking
import Storage

/// `gather-server doctor`: what an operator checks first, in one screen: the version, the
/// configuration (no secret), the database's schema, modes and free space, whether a server runs
/// on it, the certificate's dates, the last backup and `check`'s summary. Read-only, beside a
/// running server. Each line says ok, warning or problem; exit 1 when there is a problem.
enum DoctorCommand {
    /// One finding.
    struct Line {
        enum Verdict: String { case ok, warning, problem }
        let verdict: Verdict
        let subject: String
        let text: String
    }

    /// A backup older than this is warned of (a nightly job that stopped).
    static let backupAge: TimeInterval = 26 * 3600

    static func run(_ configuration: ServerConfiguration, now: Date = Date()) -> Int32 {
        let lines = findings(configuration, now: now)
        let width = (lines.map(\.subject.count).max() ?? 0) + 1
        for line in lines {
            let verdict = line.verdict.rawValue.padding(toLength: 8)
            print("\(verdict)\((line.subject + ":").padding(toLength: width + 1))\(line.text)")
        }
        let problems = lines.filter { $0.verdict == .problem }.count
        let warnings = lines.filter { $0.verdict == .warning }.count
        print("\(problems) \(problems == 1 ? "problem" : "problems"), \(warnings) \(warnings == 1 ? "warning" : "warnings")")
        return problems == 0 ? 0 : 1
    }

    static func findings(_ configuration: ServerConfiguration, now: Date) -> [Line] {
        let path = configuration.databasePath
        var lines = [
            Line(verdict: .ok, subject: "version",
                 text: "gather-server \(FootballGather.version) (schema version \(Schema.migrator.latestVersion), commit \(FootballGather.commit))"),
            Line(verdict: .ok, subject: "configuration", text: describe(configuration)),
        ]
        lines += database(path, now: now)
        lines.append(freeSpace(path))
        lines.append(server(path))
        if let certificate = certificate(configuration, now: now) { lines.append(certificate) }
        return lines
    }

    /// `listens on 127.0.0.1:8080 (http); registration open; …`: what is set, never a secret.
    static func describe(_ configuration: ServerConfiguration) -> String {
        let http = configuration.http
        var parts = ["listens on \(http.host.contains(":") ? "[\(http.host)]" : http.host):\(http.port) (\(configuration.tlsCertificateFile == nil ? "http" : "https"))",
                     "database \(configuration.databasePath)\(configuration.databaseMustExist ? " (must exist)" : "")",
                     "registration \(configuration.registration.rawValue)"]
        if let url = configuration.publicURL { parts.append("public URL \(url)") }
        if http.trustProxyHeaders { parts.append("behind a trusted proxy") }
        if configuration.metrics || configuration.metricsListen != nil {
            let place = configuration.metricsListen.map { "on \($0.host):\($0.port)" } ?? "on the main address"
            parts.append("metrics \(place)\(configuration.metricsTokenFile == nil ? ", no token" : ", with a token")")
        }
        return parts.joined(separator: "; ")
    }

    private static func database(_ path: String, now: Date) -> [Line] {
        guard path != DatabasePool.inMemoryPath else { return [Line(verdict: .warning, subject: "database", text: ":memory: keeps nothing")] }
        guard DatabaseFile.kind(of: path) == .regular else {
            return [Line(verdict: .problem, subject: "database", text: "no database at \(path) (gather-server migrate creates one; restore puts a backup there)")]
        }
        var lines: [Line] = []
        var status = stat()
        stat(path, &status)
        let mode = status.st_mode & 0o777
        let owner = status.st_uid
        lines.append(Line(verdict: mode & 0o077 == 0 ? .ok : .problem, subject: "database file",
                          text: "\(path): \(status.st_size) bytes, mode \(String(mode, radix: 8)), owner uid \(owner)"
                            + (mode & 0o077 == 0 ? "" : ": others can read the password hashes in it; chmod 600 it")))
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
        var directoryStatus = stat()
        if stat(directory, &directoryStatus) == 0 {
            let directoryMode = directoryStatus.st_mode & 0o777
            lines.append(Line(verdict: directoryMode & 0o077 == 0 ? .ok : .warning, subject: "database directory",
                              text: "\(directory): mode \(String(directoryMode, radix: 8))"
                                + (directoryMode & 0o077 == 0 ? "" : ": others may list it (its copies and backups are 0600 all the same)")))
        }
        do {
            let readable = try ReadableDatabase(path: path)
            let version = try readable.database.userVersion()
            let latest = Schema.migrator.latestVersion
            let verdict: Line.Verdict = version > latest ? .problem : version < latest ? .warning : .ok
            lines.append(Line(verdict: verdict, subject: "schema", text: "version \(version); this gather-server writes \(latest)"
                              + (version < latest ? ": it migrates the file when it starts (a copy kept first)"
                                 : version > latest ? ": written by a newer gather-server, which this one does not open" : "")))
            let totals = try? TotalsRepository(readable.database).totals()
            if let totals {
                lines.append(Line(verdict: .ok, subject: "holds",
                                  text: "\(totals.accounts) accounts, \(totals.groups) groups, \(totals.players) players, \(totals.matches) matches"))
            }
            lines.append(backup(totals?.lastBackupAt, now: now))
        } catch {
            lines.append(Line(verdict: .problem, subject: "schema", text: "cannot read \(path): \(error)"))
        }
        switch CheckCommand.examine(path) {
        case .sound(let how): lines.append(Line(verdict: .ok, subject: "check", text: "sound: " + how))
        case .recordsDisagree(let problems):
            lines.append(Line(verdict: .problem, subject: "check",
                              text: "\(problems.count) players' records disagree with the matches (gather-server check --repair rebuilds them)"))
        case .olderSchema(let why): lines.append(Line(verdict: .warning, subject: "check", text: why))
        case .failed(let why): lines.append(Line(verdict: .problem, subject: "check", text: why.split(separator: "\n").first.map(String.init) ?? why))
        }
        return lines
    }

    private static func backup(_ last: Date?, now: Date) -> Line {
        guard let last else {
            return Line(verdict: .warning, subject: "last backup", text: "none noted (gather-server backup --to DIR, nightly: docs/deploy.md)")
        }
        let hours = Int(now.timeIntervalSince(last) / 3600)
        return Line(verdict: now.timeIntervalSince(last) > backupAge ? .warning : .ok, subject: "last backup",
                    text: "\(last.formatted(.iso8601)) (\(hours) h ago)" + (now.timeIntervalSince(last) > backupAge ? ": older than a day" : ""))
    }

    private static func freeSpace(_ path: String) -> Line {
        guard let free = DatabaseFile.freeBytes(near: path) else {
            return Line(verdict: .warning, subject: "free space", text: "cannot be told for \(path)")
        }
        let verdict: Line.Verdict = free < DatabaseFile.spaceToStart ? .problem : free < 100 << 20 ? .warning : .ok
        return Line(verdict: verdict, subject: "free space", text: "\(free / (1 << 20)) MiB on the device holding \(path)"
                    + (verdict == .ok ? "" : ": writes will soon be refused (507); free some space"))
    }

    /// Whether a server runs on the database: whether its lock is held (`DatabaseServerLock`).
    private static func server(_ path: String) -> Line {
        let holder = DatabaseServerLock.holder(of: path)
        guard holder.serving else { return Line(verdict: .ok, subject: "server", text: "none running on this database") }
        return Line(verdict: .ok, subject: "server", text: "\(holder.process.map { "process \($0)" } ?? "a server") serves this database")
    }

    private static func certificate(_ configuration: ServerConfiguration, now: Date) -> Line? {
        guard let file = configuration.tlsCertificateFile, let key = configuration.tlsKeyFile else { return nil }
        do {
            let context = try TLSServerContext(certificateFile: file, keyFile: key, now: Int(now.timeIntervalSince1970))
            let validity = context.validity
            if let days = validity.daysLeftToRenew(at: Int(now.timeIntervalSince1970)) {
                return Line(verdict: .warning, subject: "certificate",
                            text: "\(file): expires \(CertificateValidity.shown(validity.notAfter)) (\(days) days left): renew it")
            }
            return Line(verdict: .ok, subject: "certificate", text: "\(file): valid until \(CertificateValidity.shown(validity.notAfter))")
        } catch {
            return Line(verdict: .problem, subject: "certificate", text: "\(error)")
        }
    }
}

private extension String {
    func padding(toLength length: Int) -> String {
        count >= length ? self + " " : self + String(repeating: " ", count: length - count)
    }
}
