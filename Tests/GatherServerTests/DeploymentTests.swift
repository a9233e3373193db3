import Foundation
import XCTest

/// The Docker image and compose file, checked without a Docker engine.
final class DeploymentTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    /// Built by `make test` exactly as the Dockerfile builds it.
    static let staticBinary = root.appendingPathComponent(".build/static/release/gather-server")

    private func run(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "\(arguments)")
        return String(decoding: data, as: UTF8.self)
    }

    /// Debian's package for a library file. With merged /usr, dpkg knows a file under either
    /// /lib or /usr/lib, and sometimes only under the name its symlink resolves to.
    private func owningPackage(of path: String) -> String? {
        let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        var candidates: [String] = []
        for name in [path, resolved] {
            candidates.append(name)
            candidates.append(name.hasPrefix("/usr/") ? String(name.dropFirst(4)) : "/usr" + name)
        }
        for candidate in candidates {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["dpkg", "-S", candidate]
            let output = Pipe()
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            guard (try? process.run()) != nil else { continue }
            let data = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            guard process.terminationStatus == 0 else { continue }
            return String(String(decoding: data, as: UTF8.self).prefix { $0 != ":" })
        }
        return nil
    }

    func testComposeFileHasTheServicesVolumesAndHealthcheck() throws {
        let json = try run(["python3", "-c", "import json, sys, yaml; print(json.dumps(yaml.safe_load(open(sys.argv[1]))))",
                            Self.root.appendingPathComponent("docker-compose.yml").path])
        let compose = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let services = try XCTUnwrap(compose["services"] as? [String: Any])
        let server = try XCTUnwrap(services["server"] as? [String: Any])
        XCTAssertEqual(server["restart"] as? String, "unless-stopped")
        XCTAssertNotNil(server["build"])
        XCTAssertEqual(server["ports"] as? [String], ["${FG_PUBLISH:-8080}:8080"], "8080 unless the proxy profile narrows it")
        XCTAssertEqual(server["volumes"] as? [String], ["data:/data", "backups:/backups"], "the copies outlive the data volume")
        let environment = try XCTUnwrap(server["environment"] as? [String: Any])
        XCTAssertEqual(environment["FG_HOST"] as? String, "0.0.0.0")
        XCTAssertEqual(environment["FG_DB_PATH"] as? String, "/data/football-gather.sqlite")
        XCTAssertEqual(environment["FG_DB_MUST_EXIST"] as? String, "true", "a volume not mounted never serves an empty server")
        let healthcheck = try XCTUnwrap(server["healthcheck"] as? [String: Any])
        XCTAssertEqual(healthcheck["test"] as? [String], ["CMD", "gather-server", "healthcheck"])
        // The grace period must outlast the server's own shutdown deadline.
        let grace = try XCTUnwrap((server["stop_grace_period"] as? String)?.dropLast()).flatMap { Int($0) }
        let shutdown = Int(environment["FG_SHUTDOWN_TIMEOUT"] as? String ?? "10") ?? 10
        XCTAssertGreaterThan(try XCTUnwrap(grace), shutdown)

        let client = try XCTUnwrap(services["client"] as? [String: Any])
        XCTAssertEqual(client["profiles"] as? [String], ["client"])
        XCTAssertEqual(client["tty"] as? Bool, true)
        XCTAssertEqual(client["stdin_open"] as? Bool, true)
        XCTAssertEqual(client["entrypoint"] as? [String], ["gather"])
        XCTAssertEqual((client["environment"] as? [String: Any])?["FG_SERVER_URL"] as? String, "${FG_PUBLIC_URL:-http://server:8080}",
                       "the client follows the server's public address (https once it has one)")
        XCTAssertEqual(environment["FG_PUBLIC_URL"] as? String, "${FG_PUBLIC_URL:-}")
        XCTAssertEqual(environment["FG_TRUST_PROXY"] as? String, "${FG_TRUST_PROXY:-false}", "trusting a proxy is opt-in")

        let litestream = try XCTUnwrap(services["litestream"] as? [String: Any])
        XCTAssertEqual(litestream["profiles"] as? [String], ["replication"], "replication only when asked for")
        XCTAssertEqual(litestream["user"] as? String, "10001", "the server's user, who owns the database")
        XCTAssertEqual(litestream["volumes"] as? [String], ["data:/data", "replica:/replica", "./deploy/litestream.yml:/etc/litestream.yml:ro"])
        XCTAssertEqual(environment["FG_WAL_CHECKPOINTS"] as? String, "${FG_WAL_CHECKPOINTS:-server}")

        let proxy = try XCTUnwrap(services["proxy"] as? [String: Any])
        XCTAssertEqual(proxy["profiles"] as? [String], ["proxy"], "HTTPS through Caddy only when asked for")
        XCTAssertEqual(proxy["command"] as? [String], ["caddy", "reverse-proxy", "--from", "${FG_DOMAIN:-localhost}", "--to", "server:8080"])
        XCTAssertEqual(proxy["ports"] as? [String], ["80:80", "443:443"])
        let volumes = try XCTUnwrap(compose["volumes"] as? [String: Any])
        XCTAssertTrue(volumes.keys.contains("data"))
        XCTAssertTrue(volumes.keys.contains("backups"))
        XCTAssertTrue(volumes.keys.contains("caddy-data"), "certificates survive restarts (rate limits)")
    }

    func testDockerfileRuntimeInstallsExactlyTheLibrariesLddReports() throws {
        let dockerfile = try String(contentsOf: Self.root.appendingPathComponent("Dockerfile"), encoding: .utf8)
        let stages = dockerfile.components(separatedBy: "\nFROM ")
        XCTAssertEqual(stages.count, 3, "two stages: build and runtime")
        XCTAssertTrue(stages[1].hasPrefix("swift:"), "built on the official Swift image")
        XCTAssertTrue(stages[1].contains("libsqlite3-dev") && stages[1].contains("libcrypt-dev") && stages[1].contains("libssl-dev"))
        XCTAssertTrue(stages[1].contains("--static-swift-stdlib"))
        // Built as the tests' static binary is built.
        let makefile = try String(contentsOf: Self.root.appendingPathComponent("Makefile"), encoding: .utf8)
        let linkFlags = try XCTUnwrap(makefile.split(separator: "\n").first { $0.hasPrefix("STATIC_LINK_FLAGS = ") })
            .dropFirst("STATIC_LINK_FLAGS = ".count)
        XCTAssertEqual(stages[1].components(separatedBy: "--static-swift-stdlib \(linkFlags) --product").count, 3,
                       "gather-server and gather built with the Makefile's STATIC_LINK_FLAGS")
        let runtime = stages[2]
        XCTAssertTrue(runtime.hasPrefix("debian:bookworm-slim"))
        XCTAssertTrue(runtime.contains("\nUSER gather"), "runs as a non-root user")
        XCTAssertTrue(runtime.contains("EXPOSE 8080"))
        XCTAssertTrue(runtime.contains("VOLUME [\"/data\"]"))
        XCTAssertTrue(runtime.contains("HEALTHCHECK") && runtime.contains("\"gather-server\", \"healthcheck\""))

        let installLine = try XCTUnwrap(runtime.range(of: "--no-install-recommends ")).upperBound
        let packages = Set(runtime[installLine...].prefix { $0 != "\n" }.split(separator: " ").map(String.init).filter { $0 != "\\" })

        let ldd = try run(["ldd", Self.staticBinary.path])
        var required: Set<String> = []
        for line in ldd.split(separator: "\n") {
            guard let arrow = line.range(of: "=> ") else { continue }
            let path = String(line[arrow.upperBound...].prefix { $0 != " " })
            required.insert(try XCTUnwrap(owningPackage(of: path), "no Debian package owns \(path)"))
        }
        // libc6 is essential in every Debian image; the trust store is data, not a library.
        required.remove("libc6")
        XCTAssertEqual(packages.subtracting(["ca-certificates", "tzdata"]), required, "runtime packages vs ldd of \(Self.staticBinary.path)")
        XCTAssertTrue(packages.contains("ca-certificates"), "gather checks https servers against the system's authorities")
        XCTAssertTrue(packages.contains("tzdata"), "fixtures are set in the time zones of the system's tz database")
        XCTAssertTrue(required.contains("libsqlite3-0") && required.contains("libcrypt1") && required.contains("libssl3"))
    }

    func testStaticBinaryStartsWithAnEmptyEnvironment() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("gather-env-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try ServerProcess(arguments: ["--port", "0", "--db", directory.appendingPathComponent("env.sqlite").path],
                                       executable: Self.staticBinary, inheritEnvironment: false)
        let port = try XCTUnwrap(server.waitForPort(), server.standardError)
        let health = try ServerProcess(arguments: ["healthcheck", "--url", "http://127.0.0.1:\(port)/health"],
                                       executable: Self.staticBinary, inheritEnvironment: false)
        XCTAssertEqual(health.waitForExit(), 0, health.standardError)
        server.terminate(signal: SIGTERM)
        XCTAssertEqual(server.waitForExit(), 0)
    }

    func testDockerIgnoreKeepsBuildAndDataOut() throws {
        let ignore = try String(contentsOf: Self.root.appendingPathComponent(".dockerignore"), encoding: .utf8)
        let entries = Set(ignore.split(separator: "\n").map(String.init))
        XCTAssertTrue(entries.contains(".build/"))
        XCTAssertTrue(entries.contains("data/"))
        XCTAssertTrue(entries.contains("*.sqlite"))
    }
}
