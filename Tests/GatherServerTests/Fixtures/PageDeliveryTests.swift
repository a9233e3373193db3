import Foundation
import GatherServer
import HTTP
import XCTest

/// How the friends' pages travel: compressed for a browser that asks (the same page, a weak tag,
/// 304 still), never for one that does not; the icons and each link's web app manifest for a
/// phone's home screen; a policy that asks for no device.
final class PageDeliveryTests: XCTestCase {
    private var server: InProcessAPI!

    override func setUpWithError() throws {
        server = try InProcessAPI()
    }

    override func tearDown() {
        server?.stop()
    }

    private func shareLink() throws -> String {
        let organiser = try server.registeredClient().client
        for name in ["Ana", "Ben", "Cy"] { _ = try organiser.request(.post, "/api/players", json: ["name": name]) }
        return try XCTUnwrap(try organiser.request(.post, "/api/shares", json: ["name": "Thursday"]).jsonObject()["path"] as? String)
    }

    private func gunzip(_ bytes: [UInt8]) throws -> [UInt8] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/gzip")
        process.arguments = ["-dc"]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(Data(bytes))
        try input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "a valid gzip stream")
        return Array(data)
    }

    func testAPageIsCompressedOnlyForABrowserThatAsks() throws {
        let path = try shareLink()
        let reader = try server.client(token: nil)
        let plain = try reader.request(.get, path)
        XCTAssertEqual(plain.status, 200)
        XCTAssertNil(plain.headers["Content-Encoding"])
        XCTAssertEqual(plain.headers["Vary"], "Accept-Encoding")
        let tag = try XCTUnwrap(plain.headers["ETag"])

        let compressed = try reader.request(.get, path, headers: ["Accept-Encoding": "gzip, deflate, br"])
        XCTAssertEqual(compressed.headers["Content-Encoding"], "gzip")
        XCTAssertEqual(compressed.headers["ETag"], "W/" + tag, "other bytes, the same page: a weak tag")
        XCTAssertLessThan(compressed.body.count * 2, plain.body.count, "\(compressed.body.count) of \(plain.body.count) bytes")
        XCTAssertEqual(try gunzip(compressed.body), plain.body, "the same page")

        XCTAssertNil(try reader.request(.get, path, headers: ["Accept-Encoding": "gzip;q=0, identity"]).headers["Content-Encoding"])
        XCTAssertNil(try reader.request(.get, path, headers: ["Accept-Encoding": "br"]).headers["Content-Encoding"])
        let again = try reader.request(.get, path, headers: ["Accept-Encoding": "gzip", "If-None-Match": "W/" + tag])
        XCTAssertEqual(again.status, 304, "the browser's copy still holds")
        XCTAssertEqual(plain.headers["Permissions-Policy"]?.contains("camera=()"), true)
    }

    func testAPhoneCanPutALinkOnItsHomeScreen() throws {
        let path = try shareLink()
        let reader = try server.client(token: nil)
        let page = try reader.request(.get, path).text
        XCTAssertTrue(page.contains(#"<link rel="manifest" href="\#(path)/manifest.webmanifest">"#), page)
        XCTAssertTrue(page.contains(#"<link rel="icon" type="image/png" href="/icon-192.png">"#))
        XCTAssertTrue(try reader.request(.get, path).headers["Content-Security-Policy"]?.contains("manifest-src 'self'") == true)

        let manifest = try reader.request(.get, path + "/manifest.webmanifest")
        XCTAssertEqual(manifest.headers["Content-Type"], "application/manifest+json")
        let object = try manifest.jsonObject()
        XCTAssertEqual(object["start_url"] as? String, path)
        XCTAssertEqual(object["display"] as? String, "standalone")
        let icons = object["icons"] as? [[String: Any]] ?? []
        XCTAssertEqual(icons.map { $0["sizes"] as? String }, ["192x192", "512x512"])
        for (icon, size) in zip(icons, [192, 512]) {
            let png = try reader.request(.get, try XCTUnwrap(icon["src"] as? String))
            XCTAssertEqual(png.headers["Content-Type"], "image/png")
            XCTAssertEqual(Array(png.body.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
            // IHDR's width and height, big-endian, right after the signature and the chunk's length and type.
            let width = png.body[16..<20].reduce(0) { $0 << 8 | Int($1) }
            let height = png.body[20..<24].reduce(0) { $0 << 8 | Int($1) }
            XCTAssertEqual([width, height], [size, size])
        }
        let unknown = "/s/" + String(repeating: "A", count: 43) + "/manifest.webmanifest"
        XCTAssertEqual(try reader.request(.get, unknown).status, 404)
    }
}
