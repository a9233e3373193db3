import Foundation
import GatherText
import GatherWire
import XCTest

/// Runs `body`, expecting it to throw a `ValidationError`, and returns that error.
package func expectValidationError<T>(_ body: () throws -> T,
                              file: StaticString = #filePath, line: UInt = #line) -> ValidationError? {
    do {
        let value = try body()
        XCTFail("expected a ValidationError, got \(value)", file: file, line: line)
        return nil
    } catch let error as ValidationError {
        return error
    } catch {
        XCTFail("expected a ValidationError, got \(error)", file: file, line: line)
        return nil
    }
}

/// Decodes `json` with the wire decoder, expecting a `ValidationError`.
package func expectDecodingFailure<T: Decodable>(_ type: T.Type, _ json: String,
                                         file: StaticString = #filePath, line: UInt = #line) -> ValidationError? {
    expectValidationError({ try WireFormat.decode(type, from: Data(json.utf8)) }, file: file, line: line)
}

/// The top-level JSON object of `data`.
package func jsonObject(_ data: Data, file: StaticString = #filePath, line: UInt = #line) throws -> [String: Any] {
    let object = try JSONSerialization.jsonObject(with: data)
    return try XCTUnwrap(object as? [String: Any], "not a JSON object: \(String(decoding: data, as: UTF8.self))",
                         file: file, line: line)
}
