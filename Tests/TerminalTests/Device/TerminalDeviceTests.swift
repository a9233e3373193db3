import Dispatch
import Terminal
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// The device on output that is not a terminal: redirected to a pipe.
final class TerminalDeviceTests: XCTestCase {
    func testPipeIsNotATerminal() throws {
        let pipe = try XCTUnwrap(RawPipe())
        XCTAssertFalse(TerminalDevice.isTerminal(pipe.readEnd))
        XCTAssertFalse(TerminalDevice.isTerminal(pipe.writeEnd))
        XCTAssertFalse(TerminalDevice.isTerminal(-1))
    }

    func testWriteDeliversEveryByte() throws {
        let pipe = try XCTUnwrap(RawPipe())
        let device = TerminalDevice(input: pipe.readEnd, output: pipe.writeEnd)
        // Several times a pipe's capacity, so the write is necessarily partial.
        let frame = (0..<400_000).map { UInt8(truncatingIfNeeded: $0 * 7) }
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            device.write(frame)
            done.signal()
        }
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while received.count < frame.count {
            let result = read(pipe.readEnd, &chunk, chunk.count)
            guard result > 0 else { break }
            received += chunk[..<result]
        }
        done.wait()
        XCTAssertEqual(received.count, frame.count)
        XCTAssertEqual(received, frame)
    }

    func testWriteToANonBlockingPipeWaitsInsteadOfDroppingBytes() throws {
        let pipe = try XCTUnwrap(RawPipe())
        _ = fcntl(pipe.writeEnd, F_SETFL, fcntl(pipe.writeEnd, F_GETFL) | O_NONBLOCK)
        let device = TerminalDevice(input: pipe.readEnd, output: pipe.writeEnd)
        let frame = [UInt8](repeating: UInt8(ascii: "x"), count: 300_000)
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            device.write(frame)
            done.signal()
        }
        var receivedCount = 0
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while receivedCount < frame.count {
            let result = read(pipe.readEnd, &chunk, chunk.count)
            guard result > 0 else { break }
            receivedCount += result
        }
        done.wait()
        XCTAssertEqual(receivedCount, frame.count)
    }

    func testFullScreenOnAPipeIsRefused() throws {
        let pipe = try XCTUnwrap(RawPipe())
        let device = TerminalDevice(input: pipe.readEnd, output: pipe.writeEnd)
        XCTAssertThrowsError(try device.enterFullScreen()) { error in
            XCTAssertEqual(error as? TerminalError, .notATerminal(fileDescriptor: pipe.readEnd))
        }
        XCTAssertNil(device.size())
    }

    func testRestoreWithoutFullScreenWritesNothing() throws {
        let pipe = try XCTUnwrap(RawPipe())
        let device = TerminalDevice(input: pipe.readEnd, output: pipe.writeEnd)
        device.restore()
        device.restore()
        pipe.closeWriteEnd()
        XCTAssertEqual(pipe.readToEnd(), [])
    }

    func testADumbTerminalCannotAddressTheCursor() {
        XCTAssertFalse(TerminalDevice.canAddressCursor(term: "dumb"))
        XCTAssertFalse(TerminalDevice.canAddressCursor(term: "DUMB"))
        XCTAssertFalse(TerminalDevice.canAddressCursor(term: "unknown"))
        for term in ["xterm-256color", "screen", "tmux-256color", "linux", "vt100"] {
            XCTAssertTrue(TerminalDevice.canAddressCursor(term: term), term)
        }
        XCTAssertTrue(TerminalDevice.canAddressCursor(term: nil), "unset: taken as ANSI")
        XCTAssertTrue(TerminalDevice.canAddressCursor(term: ""))
    }
}
