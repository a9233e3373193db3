import Foundation
import Glibc

/// Runs a program to completion with posix_spawn and waitpid, optionally reading its standard output.
/// (tmux's server outlives the client that starts it; plain spawn-and-wait keeps that simple.)
enum Subprocess {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    @discardableResult
    static func run(_ arguments: [String], captureOutput: Bool) throws -> String {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var pipeEnds: [Int32] = [-1, -1]
        if captureOutput {
            guard pipe(&pipeEnds) == 0 else { throw Failure(description: "pipe failed") }
            posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], STDOUT_FILENO)
            posix_spawn_file_actions_addclose(&actions, pipeEnds[0])
            posix_spawn_file_actions_addclose(&actions, pipeEnds[1])
        } else {
            posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0)
        }
        posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0)

        // Signals as a fresh process has them, whatever the test process blocks or ignores (a
        // runner started with nohup ignores SIGHUP): tmux's kill-server then ends the pane's
        // processes, instead of leaving them to outlive the suite.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t(), all = sigset_t()
        sigemptyset(&none)
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let status = posix_spawnp(&pid, arguments[0], &actions, &attributes, argv, environ)
        if captureOutput { close(pipeEnds[1]) }
        guard status == 0 else {
            if captureOutput { close(pipeEnds[0]) }
            throw Failure(description: "cannot run \(arguments[0]): \(String(cString: strerror(status)))")
        }
        var output = Data()
        if captureOutput {
            var buffer = [UInt8](repeating: 0, count: 65536)
            while true {
                let count = read(pipeEnds[0], &buffer, buffer.count)
                if count > 0 { output.append(contentsOf: buffer[0..<count]); continue }
                if count < 0 && errno == EINTR { continue }
                break
            }
            close(pipeEnds[0])
        }
        var exitStatus: Int32 = 0
        while waitpid(pid, &exitStatus, 0) < 0 && errno == EINTR {}
        return String(decoding: output, as: UTF8.self)
    }
}
