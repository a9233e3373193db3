import Foundation
import Glibc

/// nginx as a TLS reverse proxy in front of a plain HTTP server, as docs/deploy.md configures it,
/// on a port of its own, for one test. Runs in the foreground and is stopped with `stop()`.
package final class NginxProxy: @unchecked Sendable {
    // @unchecked: the process handle is touched by the test's thread only.
    package let port: Int
    private let process: Process
    private let directory: URL

    package struct Failure: Error, CustomStringConvertible {
        package let description: String
    }

    /// Starts nginx with `certificate`/`key`, proxying to 127.0.0.1:`backendPort`; waits until it
    /// accepts connections.
    package init(certificate: String, key: String, backendPort: Int) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("gather-nginx-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var lastError = ""
        // A free port is found by binding port 0; another process may take it before nginx does,
        // so a bind failure is retried on a new port.
        for _ in 0..<5 {
            let candidate = try LoopbackListener.freePort()
            let configuration = directory.appendingPathComponent("nginx.conf")
            try Data(NginxProxy.configuration(directory: directory.path, port: candidate, certificate: certificate, key: key,
                                              backendPort: backendPort).utf8).write(to: configuration)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/sbin/nginx")
            process.arguments = ["-p", directory.path, "-e", directory.appendingPathComponent("error.log").path,
                                 "-c", configuration.path]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            if NginxProxy.waitForListener(port: candidate, process: process) {
                self.process = process
                self.port = candidate
                return
            }
            if process.isRunning { process.terminate() }
            process.waitUntilExit()
            lastError = (try? String(contentsOf: directory.appendingPathComponent("error.log"), encoding: .utf8)) ?? ""
        }
        try? FileManager.default.removeItem(at: directory)
        throw Failure(description: "nginx did not start: \(lastError)")
    }

    /// Stops nginx (fast shutdown) and removes its files.
    package func stop() {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(at: directory)
    }

    static func configuration(directory: String, port: Int, certificate: String, key: String, backendPort: Int) -> String {
        // As root, nginx would hand its workers to "nobody", who cannot read a test's key.
        let user = getuid() == 0 ? "user root;" : ""
        return """
            \(user)
            daemon off;
            worker_processes 1;
            pid \(directory)/nginx.pid;
            error_log \(directory)/error.log;
            events { worker_connections 64; }
            http {
                access_log off;
                client_body_temp_path \(directory)/body;
                proxy_temp_path \(directory)/proxy;
                fastcgi_temp_path \(directory)/fastcgi;
                uwsgi_temp_path \(directory)/uwsgi;
                scgi_temp_path \(directory)/scgi;
                server {
                    listen 127.0.0.1:\(port) ssl;
                    server_name localhost;
                    ssl_certificate \(certificate);
                    ssl_certificate_key \(key);
                    ssl_protocols TLSv1.2 TLSv1.3;
                    client_max_body_size 1m;
                    location / {
                        proxy_pass http://127.0.0.1:\(backendPort);
                        proxy_http_version 1.1;
                        proxy_set_header Connection "";
                        proxy_set_header Host $host;
                        proxy_set_header X-Forwarded-For $remote_addr;
                        proxy_set_header X-Forwarded-Proto $scheme;
                    }
                }
            }
            """
    }

    /// Polls until something accepts on `port` (true), or nginx exits or 10 s pass (false).
    private static func waitForListener(port: Int, process: Process) -> Bool {
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline && process.isRunning {
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = in_port_t(UInt16(port).bigEndian)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
            }
            close(fd)
            if connected { return process.isRunning }
            usleep(20_000)
        }
        return false
    }
}
