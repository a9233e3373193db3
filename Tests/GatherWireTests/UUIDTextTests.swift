import FoundationEssentials
@testable import GatherWire
import XCTest

/// The hand-made canonical text reads and writes exactly what Foundation's does.
final class UUIDTextTests: XCTestCase {
    func testWritesWhatUUIDStringWrites() {
        for _ in 0..<1_000 {
            let id = UUID()
            XCTAssertEqual(id.canonicalText, id.uuidString)
            XCTAssertEqual(id.withCanonicalText { String(decoding: $0, as: UTF8.self) }, id.uuidString)
        }
    }

    func testReadsBothCasesAsUUIDStringDoes() {
        for _ in 0..<1_000 {
            let id = UUID()
            XCTAssertEqual(UUID(canonicalText: id.uuidString), id)
            XCTAssertEqual(UUID(canonicalText: id.uuidString.lowercased()), id)
            XCTAssertEqual(UUID(canonicalText: id.uuidString[...]), id, "a substring, as a path's segment is")
        }
        XCTAssertEqual(UUID(canonicalText: "00000000-0000-0000-0000-000000000000"), UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)))
        XCTAssertEqual(UUID(canonicalText: "FFFFFFFF-ffff-FFFF-ffff-FFFFFFFFFFFF")?.uuidString, "FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF")
    }

    func testRefusesAnythingButTheCanonicalText() {
        let id = "6F9619FF-8B86-D011-B42D-00C04FC964FF"
        XCTAssertNotNil(UUID(canonicalText: id))
        for text in ["", "6F9619FF", String(id.dropLast()), id + "0", id + " ",
                     "6F9619FF8B86-D011-B42D-00C04FC964FF0", "6F9619FF-8B86-D011-B42D_00C04FC964FF", "6F9619FG-8B86-D011-B42D-00C04FC964FF",
                     "{6F9619FF-8B86-D011-B42D-00C04FC964F}", "6F9619FF-8B86-D011-B42D-00C04FC964FÉ"] {
            XCTAssertNil(UUID(canonicalText: text), text)
            XCTAssertNil(UUID(uuidString: text), "Foundation refuses it too: \(text)")
        }
        // Foundation's sscanf takes a space or a sign for a digit and reads another id; these are no ids at all.
        for text in [" F9619FF-8B86-D011-B42D-00C04FC964FF", "+F9619FF-8B86-D011-B42D-00C04FC964FF"] {
            XCTAssertNil(UUID(canonicalText: text), text)
        }
    }
}
