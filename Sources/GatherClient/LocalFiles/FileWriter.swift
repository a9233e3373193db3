import Dispatch
import Foundation
import Locking

/// Writes the client's own files on a thread of its own, in the order asked, so a screen never
/// waits for the disk: a roster's flush takes milliseconds, far more on a slow card, and it came
/// with every change of the list. Of several contents waiting for one file only the newest is
/// written: the others would be overwritten at once. `finish()` waits for everything asked so far:
/// before a file is read back, and before the client leaves.
package final class FileWriter: Sendable {
    /// The client's one writer.
    package static let shared = FileWriter()

    private let queue = DispatchQueue(label: "gather-file-writer")
    /// The newest contents of each file with a write on its way.
    private let waiting = Locked<[URL: (data: Data, durable: Bool)]>([:])

    init() {}

    func write(_ data: Data, to file: PrivateFile, durable: Bool) {
        let isQueued = waiting.withLock { waiting in
            let isQueued = waiting[file.url] != nil
            waiting[file.url] = (data, durable)
            return isQueued
        }
        guard !isQueued else { return }
        queue.async { [waiting] in
            guard let newest = waiting.withLock({ $0.removeValue(forKey: file.url) }) else { return }
            // Best effort, as before: what is kept here only saves work when the server is away.
            try? file.write(newest.data, durable: newest.durable)
        }
    }

    /// Removes the file after the writes asked before, and drops any still waiting for it.
    func remove(_ file: PrivateFile) {
        waiting.withLock { _ = $0.removeValue(forKey: file.url) }
        queue.async { file.remove() }
    }

    /// Returns once every write and removal asked so far is done.
    package func finish() {
        queue.sync {}
    }
}
