import Foundation
import GatherClient
import GatherDomain
@testable import GatherTerminal
import Locking
import Networking
import Terminal
import TestSupport
import XCTest

/// The Share links screen drawn as the terminal shows it: the list with how each link was used,
/// the link just made in full and, where it fits, its QR code, which reads back as the link.
@MainActor
final class ShareLinksScreenTests: XCTestCase {
    private final class OneLinkService: ShareService, Sendable {
        private let made = Locked<[Share]>([])

        func shares() async throws -> [Share] {
            [Share(id: 7, name: "Parents", createdAt: Date(timeIntervalSince1970: 1_800_000_000), views: 12,
                   lastViewedAt: Date(timeIntervalSince1970: 1_800_086_400))] + made.withLock { $0 }
        }

        func create(name: String) async throws -> ShareLink {
            let share = Share(id: 8, name: name, createdAt: Date(timeIntervalSince1970: 1_800_000_000))
            made.withLock { $0.append(share) }
            let path = "/s/Ab3-_xYz0123456789Ab3-_xYz0123456789Ab3-_xY"
            return ShareLink(CreatedShare(share: share, path: path, url: "https://gather.example.org" + path),
                             server: ServerAddress(host: "127.0.0.1", port: 8080))
        }

        func revoke(id: Int) async throws {}
    }

    private func screen(colorEnabled: Bool = true) async -> (ShareLinksPresenter, ShareLinksScreen) {
        let presenter = ShareLinksPresenter(service: OneLinkService())
        let screen = ShareLinksScreen(presenter: presenter, requestRender: RenderRequest {}, effects: Effects(), colorEnabled: colorEnabled)
        presenter.view = screen
        await presenter.viewDidLoad()
        return (presenter, screen)
    }

    private func drawn(_ screen: ShareLinksScreen, width: Int, height: Int) -> (lines: [String], buffer: ScreenBuffer) {
        var buffer = ScreenBuffer(width: width, height: height)
        screen.draw(into: &buffer, in: Area(row: 0, column: 0, width: width, height: height))
        return ((0..<height).map { buffer.line($0) }, buffer)
    }

    func testTheListSaysHowOftenEachLinkWasOpened() async {
        let (_, screen) = await screen()
        let lines = drawn(screen, width: 60, height: 14).lines
        let row = lines.first { $0.contains("Parents") } ?? ""
        XCTAssertTrue(row.contains("12 times"), row)
        XCTAssertTrue(lines.contains { $0.contains("Name") && $0.contains("Opened") && $0.contains("Last opened") })
        XCTAssertEqual(screen.title, "Share links 1/1")
    }

    func testANewLinkIsShownWholeWithAQRCodeThatReadsBackAsTheLink() async throws {
        let (presenter, screen) = await screen()
        presenter.beginNew()
        XCTAssertTrue(screen.takesText, "printable keys are the name")
        for character in "Thursday" { _ = screen.handle(.character(character)) }
        await presenter.submitName("Thursday")
        let (lines, buffer) = drawn(screen, width: 80, height: 24)
        let link = "https://gather.example.org/s/Ab3-_xYz0123456789Ab3-_xYz0123456789Ab3-_xY"
        XCTAssertTrue(lines.contains { $0.trimmingCharacters(in: .whitespaces) == link }, "the whole link on a line of its own")
        // Drawn black on white: each glyph is the dark modules of two rows.
        let code = lines.filter { line in line.contains("█") || line.contains("▀") || line.contains("▄") }.map { Array($0) }
        XCTAssertGreaterThan(code.count, 10, lines.joined(separator: "\n"))
        let width = code.map(\.count).max() ?? 0
        let image = PortableGraymap(columns: width + 4, rows: code.count * 2 + 4, scale: 4) { x, y in
            let row = y / 2 - 1, column = x - 2
            guard code.indices.contains(row), column >= 0, column < code[row].count else { return false }
            return y % 2 == 0 ? "█▀".contains(code[row][column]) : "█▄".contains(code[row][column])
        }
        XCTAssertEqual(try Zbar.decode(image), link)
        let codeRow = try XCTUnwrap(lines.firstIndex { $0.contains("█") })
        XCTAssertEqual(buffer[codeRow, 0].style.background, .white, "a white quiet zone whatever the terminal's colours")
        XCTAssertEqual(screen.handle(.escape), .handled, "Esc puts the link away")
        XCTAssertFalse(drawn(screen, width: 80, height: 24).lines.contains { $0.contains("█") })
    }

    func testOnASmallTerminalTheLinkIsNeverBrokenAcrossLinesAndTheCodeSaysWhatItNeeds() async {
        let (presenter, screen) = await screen()
        presenter.beginNew()
        await presenter.submitName("Thursday")
        let lines = drawn(screen, width: 60, height: 14).lines.map { $0.trimmingCharacters(in: .whitespaces) }
        // 74 characters do not fit 60: a copy of two lines would break the link, so its path
        // (which fits) has a line of its own, with the address it belongs to.
        XCTAssertTrue(lines.contains("/s/Ab3-_xYz0123456789Ab3-_xYz0123456789Ab3-_xY"), lines.joined(separator: "\n"))
        XCTAssertTrue(lines.contains { $0.hasPrefix("on https://gather.example.org") }, lines.joined(separator: "\n"))
        XCTAssertFalse(lines.contains { $0.hasPrefix("https://gather.example.org/s/Ab3") }, "never half a link")
        XCTAssertTrue(lines.joined(separator: " ").contains("A QR code of it needs"), lines.joined(separator: "\n"))
        XCTAssertTrue(lines.joined(separator: " ").contains("more rows than this terminal has"), lines.joined(separator: "\n"))
        XCTAssertFalse(lines.contains { $0.contains("█") })
    }

    func testAnInvitationsWholeHeadingAndItsCodeAt80x24() {
        var buffer = ScreenBuffer(width: 80, height: 20)
        let heading = "An invitation to Thursday five-a-side as an organiser, for one account, for 7 days. It is shown this once: "
            + "they join with gather group accept CODE, or a on this screen."
        ScannableText.draw("8f3KxQ2-code", heading: heading, elsewhere: "gather group invite", colorEnabled: false, into: &buffer,
                           in: Area(row: 0, column: 0, width: 80, height: 20))
        let text = (0..<20).map { buffer.line($0).trimmingCharacters(in: .whitespaces) }
        XCTAssertTrue(text.joined(separator: " ").contains("or a on this screen."), "the heading whole:\n\(text.joined(separator: "\n"))")
        XCTAssertTrue(text.contains("8f3KxQ2-code"), "the code on a line of its own")
    }
}
