import Foundation

/// The ceiling of the run: a one-worker nginx serving the same body as a static file, so every
/// figure can be read as a fraction of what a mature C server does on the same machine, now.
/// With `workers: 2` it runs as many threads as gather-server's event loops: its latency is what a
/// mature server's is when its threads share the cores with the load generator.
/// With `path: "/health"` and that route's body it stands beside `/health` instead of the list.
final class NginxCeiling {
    let port: Int
    let path: String
    private let process: Process
    private let directory: URL

    /// `contentType`: the header the body goes out with (a share page's HTML beside its server's).
    /// `cores`: when it pins, nginx runs on the servers' cores.
    init(body: [UInt8], directory parent: URL, workers: Int = 1, path: String = "/api/players",
         contentType: String = "application/json; charset=utf-8", cores: CorePlan? = nil) throws {
        self.path = path
        directory = parent.appendingPathComponent("nginx-\(workers)")
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("logs"), withIntermediateDirectories: true)
        try Data(body).write(to: directory.appendingPathComponent("body.json"))
        port = try FreePort.find()
        let configuration = """
            worker_processes \(workers);
            daemon off;
            pid \(directory.path)/nginx.pid;
            error_log \(directory.path)/logs/error.log warn;
            events { worker_connections 4096; }
            http {
                access_log off;
                keepalive_requests 100000000;
                keepalive_timeout 60s;
                client_body_temp_path \(directory.path);
                proxy_temp_path \(directory.path);
                fastcgi_temp_path \(directory.path);
                uwsgi_temp_path \(directory.path);
                scgi_temp_path \(directory.path);
                server {
                    listen 127.0.0.1:\(port);
                    location = \(path) {
                        default_type "\(contentType)";
                        alias \(directory.path)/body.json;
                    }
                }
            }
            """
        let file = directory.appendingPathComponent("nginx.conf")
        try configuration.write(to: file, atomically: true, encoding: .utf8)
        process = Process()
        let arguments = ["-c", file.path, "-p", directory.path, "-e", directory.appendingPathComponent("logs/error.log").path]
        let nginx = try Command.path(of: "nginx")
        let (program, pinned) = cores?.serverCommand(nginx, arguments) ?? (nginx, arguments)
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = pinned
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        guard FreePort.waitUntilAccepting(port) else {
            process.terminate()
            throw BenchmarkError("nginx did not start: see \(directory.path)/logs/error.log")
        }
    }

    var url: String { "http://127.0.0.1:\(port)\(path)" }

    func stop() {
        process.terminate()
        process.waitUntilExit()
    }
}
