import Foundation

/// A throw-away certificate authority and server certificates, made with the `openssl` command
/// for one test run: valid for localhost and 127.0.0.1 (2 days, or 60), valid but for another name,
/// expired, not yet valid, and self-signed (trusted by nobody).
package struct TestCertificates: Sendable {
    package let directory: URL
    package let caCertificate: String
    package let serverCertificate: String
    package let serverKey: String
    package let otherHostCertificate: String
    package let otherHostKey: String
    package let expiredCertificate: String
    package let expiredKey: String
    /// Valid from 2099: a clock far behind, or a certificate issued for later.
    package let futureCertificate: String
    package let futureKey: String
    /// Valid for 60 days: far from its renewal.
    package let lastingCertificate: String
    package let lastingKey: String
    package let selfSignedCertificate: String
    package let selfSignedKey: String

    /// A moment (2020-01-01 12:00 UTC) when the expired certificate was valid: a server refuses to
    /// load one out of its dates, so tests of clients meeting it load it as of then.
    package static let expiredWasValidAt = 1_577_880_000

    package struct Failure: Error, CustomStringConvertible {
        package let description: String
    }

    /// One set for the whole test process (making them takes a few openssl runs); tests that
    /// change files copy them first.
    package static let shared = Result<TestCertificates, any Error> { try make() }

    /// Makes everything in a new temporary directory (the caller removes it with `remove()`).
    package static func make() throws -> TestCertificates {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("gather-tls-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        func path(_ name: String) -> String { directory.appendingPathComponent(name).path }
        try Data().write(to: URL(fileURLWithPath: path("index.txt")))
        try Data("01\n".utf8).write(to: URL(fileURLWithPath: path("serial")))
        // `openssl ca` takes explicit validity dates, which the expired certificate needs.
        let configuration = """
            [ ca ]
            default_ca = test
            [ test ]
            dir = \(directory.path)
            database = \(path("index.txt"))
            new_certs_dir = \(directory.path)
            serial = \(path("serial"))
            default_md = sha256
            policy = anything
            unique_subject = no
            copy_extensions = none
            [ anything ]
            commonName = supplied
            [ local ]
            subjectAltName = DNS:localhost,IP:127.0.0.1,IP:::1
            basicConstraints = CA:FALSE
            extendedKeyUsage = serverAuth
            [ other ]
            subjectAltName = DNS:other.example
            basicConstraints = CA:FALSE
            extendedKeyUsage = serverAuth
            """
        try Data(configuration.utf8).write(to: URL(fileURLWithPath: path("ca.cnf")))
        let curve = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes"]
        try openssl(["req", "-x509"] + curve + ["-keyout", path("ca.key"), "-out", path("ca.pem"), "-days", "3",
                                                 "-subj", "/CN=Football Gather Test CA"])
        func leaf(_ name: String, extensions: String, start: String? = nil, end: String? = nil, days: Int = 2) throws {
            try openssl(["req"] + curve + ["-keyout", path("\(name).key"), "-out", path("\(name).csr"), "-subj", "/CN=\(name)"])
            var arguments = ["ca", "-batch", "-notext", "-config", path("ca.cnf"), "-cert", path("ca.pem"), "-keyfile", path("ca.key"),
                             "-extensions", extensions, "-in", path("\(name).csr"), "-out", path("\(name).pem")]
            if let start, let end {
                arguments += ["-startdate", start, "-enddate", end]
            } else {
                arguments += ["-days", String(days)]
            }
            try openssl(arguments)
        }
        try leaf("server", extensions: "local")
        try leaf("other", extensions: "other")
        try leaf("expired", extensions: "local", start: "20200101000000Z", end: "20200102000000Z")
        try leaf("future", extensions: "local", start: "20990101000000Z", end: "20991231000000Z")
        try leaf("lasting", extensions: "local", days: 60)
        try openssl(["req", "-x509"] + curve + ["-keyout", path("self.key"), "-out", path("self.pem"), "-days", "2",
                                                 "-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1"])
        return TestCertificates(directory: directory, caCertificate: path("ca.pem"), serverCertificate: path("server.pem"),
                                serverKey: path("server.key"), otherHostCertificate: path("other.pem"), otherHostKey: path("other.key"),
                                expiredCertificate: path("expired.pem"), expiredKey: path("expired.key"),
                                futureCertificate: path("future.pem"), futureKey: path("future.key"),
                                lastingCertificate: path("lasting.pem"), lastingKey: path("lasting.key"),
                                selfSignedCertificate: path("self.pem"), selfSignedKey: path("self.key"))
    }

    package func remove() {
        try? FileManager.default.removeItem(at: directory)
    }

    private static func openssl(_ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
        process.arguments = arguments
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let message = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(description: "openssl \(arguments.joined(separator: " ")) failed: \(String(decoding: message, as: UTF8.self))")
        }
    }
}
