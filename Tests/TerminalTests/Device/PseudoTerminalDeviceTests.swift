import Terminal
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// The device on a real (pseudo-)terminal: raw mode in and out, size, output.
final class PseudoTerminalDeviceTests: XCTestCase {
    private func openPseudoTerminal() throws -> PseudoTerminal {
        try XCTUnwrap(PseudoTerminal(), "no pseudo-terminal could be opened (/dev/ptmx): raw mode cannot be tested")
    }

    func testPseudoTerminalIsATerminal() throws {
        let pty = try openPseudoTerminal()
        XCTAssertTrue(TerminalDevice.isTerminal(pty.terminal))
    }

    func testSizeIsTheWindowSize() throws {
        let pty = try openPseudoTerminal()
        pty.resize(columns: 100, rows: 30)
        let device = TerminalDevice(input: pty.terminal, output: pty.terminal)
        let size = try XCTUnwrap(device.size())
        XCTAssertEqual(size.columns, 100)
        XCTAssertEqual(size.rows, 30)
    }

    func testFullScreenSwitchesToRawModeAndRestoreSwitchesBack() throws {
        let pty = try openPseudoTerminal()
        let device = TerminalDevice(input: pty.terminal, output: pty.terminal)
        let before = try XCTUnwrap(pty.attributes())
        XCTAssertNotEqual(before.c_lflag & tcflag_t(ECHO), 0, "a fresh terminal echoes")
        XCTAssertNotEqual(before.c_lflag & tcflag_t(ICANON), 0, "a fresh terminal edits lines")

        try device.enterFullScreen()
        let raw = try XCTUnwrap(pty.attributes())
        XCTAssertEqual(raw.c_lflag & tcflag_t(ECHO), 0, "typed keys are not echoed")
        XCTAssertEqual(raw.c_lflag & tcflag_t(ICANON), 0, "keys arrive without waiting for Enter")
        XCTAssertEqual(raw.c_lflag & tcflag_t(ISIG), 0, "Ctrl-C arrives as a key")
        XCTAssertEqual(raw.c_iflag & tcflag_t(IXON), 0, "Ctrl-S arrives as a key")
        XCTAssertEqual(raw.c_iflag & tcflag_t(ICRNL), 0, "Enter arrives as CR")
        let minimum = withUnsafeBytes(of: raw.c_cc) { $0[Int(VMIN)] }
        XCTAssertEqual(minimum, 1)
        let entered = String(decoding: pty.readOutput(count: 16), as: UTF8.self)
        XCTAssertTrue(entered.contains("\u{1B}[?1049h"), "alternate screen")
        XCTAssertTrue(entered.contains("\u{1B}[?25l"), "hidden cursor")

        device.restore()
        let after = try XCTUnwrap(pty.attributes())
        XCTAssertEqual(after.c_lflag, before.c_lflag)
        XCTAssertEqual(after.c_iflag, before.c_iflag)
        XCTAssertEqual(after.c_oflag, before.c_oflag)
        let left = String(decoding: pty.readOutput(count: 18), as: UTF8.self)
        XCTAssertEqual(left, "\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l")

        device.restore()
        XCTAssertEqual(pty.drain(), [], "a second restore does nothing")
    }

    func testEnteringTwiceKeepsTheOriginalSettings() throws {
        let pty = try openPseudoTerminal()
        let device = TerminalDevice(input: pty.terminal, output: pty.terminal)
        let before = try XCTUnwrap(pty.attributes())
        try device.enterFullScreen()
        try device.enterFullScreen()
        device.restore()
        XCTAssertEqual(pty.attributes()?.c_lflag, before.c_lflag)
    }

    func testFramesReachTheTerminalUnaltered() throws {
        let pty = try openPseudoTerminal()
        let device = TerminalDevice(input: pty.terminal, output: pty.terminal)
        try device.enterFullScreen()
        _ = pty.readOutput(count: 16)

        var renderer = Renderer(colorEnabled: true)
        var screen = ScreenBuffer(width: 20, height: 2)
        screen.put("Zoë ⚽\n", row: 0, column: 0)
        let frame = renderer.render(screen)
        device.write(frame)
        XCTAssertEqual(pty.readOutput(count: frame.count), frame)
        device.restore()
    }

    func testKeysTypedInRawModeDecode() throws {
        let pty = try openPseudoTerminal()
        let device = TerminalDevice(input: pty.terminal, output: pty.terminal)
        try device.enterFullScreen()
        defer { device.restore() }

        let typed: [UInt8] = [0x03, 0x13, 0x0D] + Array("\u{1B}[Aé".utf8)
        _ = typed.withUnsafeBytes { write(pty.controller, $0.baseAddress, $0.count) }
        var buffer = [UInt8](repeating: 0, count: 64)
        var received: [UInt8] = []
        let deadline = Date().addingTimeInterval(5)
        while received.count < typed.count, Date() < deadline {
            // Wait for input with a deadline rather than block in read() forever.
            var entry = pollfd(fd: pty.terminal, events: Int16(POLLIN), revents: 0)
            guard poll(&entry, 1, 100) > 0 else { continue }
            let result = read(pty.terminal, &buffer, buffer.count)
            guard result > 0 else { break }
            received += buffer[..<result]
        }
        var decoder = KeyDecoder()
        XCTAssertEqual(decoder.feed(received), [.control("c"), .control("s"), .enter, .up, .character("é")])
    }
}
