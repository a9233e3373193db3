import Dispatch
import Foundation
import Locking

/// Writes the client's own files on a thread of its own, so a screen never waits for the disk: a
/// roster's flush takes milliseconds, far more on a slow card, and it came with every change of
/// the list. For each file only the newest request is carried out (a write of its newest contents,
/// or its removal): the older ones would be undone at once. `finish()` waits for everything asked
/// so far: before a file is read back, and before the client leaves.
package final class FileWriter: Sendable {
    /// The client's one writer.
    package static let shared = FileWriter()

    private enum Request {
        case write(Data, durable: Bool)
        case remove
    }

    private let queue = DispatchQueue(label: "gather-file-writer")
    /// The newest request for each file with a job on its way.
    private let waiting = Locked<[URL: Request]>([:])

    init() {}

    func write(_ data: Data, to file: PrivateFile, durable: Bool) {
        ask(.write(data, durable: durable), for: file)
    }

    func remove(_ file: PrivateFile) {
        ask(.remove, for: file)
    }

    /// Returns once every request made so far is carried out.
    package func finish() {
        queue.sync {}
    }

    /// Keeps `request` as the file's newest, and queues a job for the file unless one is on its
    /// way (that one carries out whatever is newest when it runs).
    private func ask(_ request: Request, for file: PrivateFile) {
        let isQueued = waiting.withLock { waiting in
            let isQueued = waiting[file.url] != nil
            waiting[file.url] = request
            return isQueued
        }
        guard !isQueued else { return }
        queue.async { [waiting] in
            switch waiting.withLock({ $0.removeValue(forKey: file.url) }) {
            case .write(let data, let durable)?:
                // Best effort, as before: what is kept here only saves work while the server is away.
                try? file.write(data, durable: durable)
            case .remove?:
                file.remove()
            case nil:
                break
            }
        }
    }
}
