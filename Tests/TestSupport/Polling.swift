import Foundation

/// Polls `condition` every `interval` until it holds or `timeout` passes; whether it held. Tests
/// wait this way, never by sleeping a fixed time.
package func waitUntil(timeout: TimeInterval = 5, every interval: Duration = .milliseconds(2),
                       _ condition: () throws -> Bool) rethrows -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    let pause = useconds_t(interval.components.seconds * 1_000_000 + interval.components.attoseconds / 1_000_000_000_000)
    while Date() < deadline {
        if try condition() { return true }
        usleep(pause)
    }
    return try condition()
}
