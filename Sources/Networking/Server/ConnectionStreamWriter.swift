import HTTP
import Synchronization

/// A streamed response's writer: bytes from any thread, queued for the connection's loop, which
/// writes them if the connection (known by its descriptor and serial) is still streaming.
final class ConnectionStreamWriter: HTTPStreamWriter {
    private let home: LoopBound<ServerLoop>
    private let descriptor: Int32
    private let serial: UInt64
    private let ended = Atomic<Bool>(false)

    init(home: LoopBound<ServerLoop>, descriptor: Int32, serial: UInt64) {
        self.home = home
        self.descriptor = descriptor
        self.serial = serial
    }

    func write(_ bytes: [UInt8]) {
        guard !ended.load(ordering: .relaxed) else { return }
        let (descriptor, serial) = (descriptor, serial)
        home.execute { $0.streamWrite(bytes, latest: false, descriptor: descriptor, serial: serial) }
    }

    func writeLatest(_ bytes: [UInt8]) {
        guard !ended.load(ordering: .relaxed) else { return }
        let (descriptor, serial) = (descriptor, serial)
        home.execute { $0.streamWrite(bytes, latest: true, descriptor: descriptor, serial: serial) }
    }

    func finish() {
        guard !ended.load(ordering: .relaxed) else { return }
        let (descriptor, serial) = (descriptor, serial)
        home.execute { $0.finishStream(descriptor: descriptor, serial: serial) }
    }

    /// The connection has closed: later writes are dropped here, before they cost a task.
    func end() {
        ended.store(true, ordering: .relaxed)
    }
}
