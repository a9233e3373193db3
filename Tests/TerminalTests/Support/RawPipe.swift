#if canImport(Glibc)
import Glibc
#endif

/// A pipe, standing in for output redirected away from a terminal.
final class RawPipe {
    let readEnd: Int32
    private(set) var writeEnd: Int32

    init?() {
        var descriptors: [Int32] = [-1, -1]
        guard pipe(&descriptors) == 0 else { return nil }
        readEnd = descriptors[0]
        writeEnd = descriptors[1]
    }

    deinit {
        close(readEnd)
        closeWriteEnd()
    }

    /// Signals end of input to the reader.
    func closeWriteEnd() {
        if writeEnd >= 0 {
            close(writeEnd)
            writeEnd = -1
        }
    }

    /// Everything written until the write end is closed.
    func readToEnd() -> [UInt8] {
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let result = read(readEnd, &chunk, chunk.count)
            if result < 0, errno == EINTR { continue }
            guard result > 0 else { return output }
            output += chunk[..<result]
        }
    }
}
