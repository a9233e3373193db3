/// Turns successive frames into the bytes that update the terminal from one to
/// the next.
///
/// Only changed cells are written, so a clock ticking every second costs a few
/// bytes instead of a repaint, which keeps the screen free of flicker and cheap
/// over slow connections. Each frame comes out as one byte array, meant for a
/// single `write`, so the terminal never shows half a frame.
package struct Renderer: Sendable {
    private let colorEnabled: Bool
    /// The frame the terminal currently shows; nil when unknown.
    private var onScreen: ScreenBuffer?

    /// - Parameter colorEnabled: false to leave out colours, e.g. when `NO_COLOR`
    ///   is set; bold, dim, underline and reverse are still drawn.
    package init(colorEnabled: Bool) {
        self.colorEnabled = colorEnabled
    }

    /// The bytes that bring the terminal from the previous frame to `frame`;
    /// empty when nothing changed.
    ///
    /// The first frame, a frame of a new size (the terminal was resized) and the
    /// frame after `invalidate()` clear the screen and paint everything.
    package mutating func render(_ frame: ScreenBuffer) -> [UInt8] {
        var output: FrameOutput
        let baseline: ScreenBuffer
        if let onScreen, onScreen.width == frame.width, onScreen.height == frame.height {
            // Every earlier output ended with a reset.
            output = FrameOutput(colorEnabled: colorEnabled, currentStyle: .plain)
            baseline = onScreen
        } else {
            output = FrameOutput(colorEnabled: colorEnabled, currentStyle: nil)
            output.clearScreen()
            // A cleared screen is all blank cells: only the rest needs painting.
            baseline = ScreenBuffer(width: frame.width, height: frame.height)
        }

        // Most rows of most frames are unchanged (a clock tick touches one): skip them without allocating.
        for row in 0..<frame.height where !frame.rowEquals(row, in: baseline) {
            for run in ChangedRuns.inRow(row, from: baseline, to: frame) {
                output.moveCursor(row: row, column: run.lowerBound)
                output.writeCells(of: frame, row: row, columns: run)
            }
        }
        onScreen = frame
        return output.finish()
    }

    /// Forgets what is on screen, so the next frame is painted in full: after the
    /// screen was disturbed (a suspend and resume, another program's output) or
    /// when the user asks for a redraw.
    package mutating func invalidate() {
        onScreen = nil
    }
}
