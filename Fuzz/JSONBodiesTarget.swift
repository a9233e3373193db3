import Foundation

// The JSON request bodies: arbitrary bytes decoded as every body the API reads. Never a crash
// (only a ValidationError naming the problem), a key given twice always refused, the same value
// or error whether the flat reader or Foundation's decoder reads it, and what decodes encodes
// back to itself.

private func check<Body: Codable & Equatable>(_ type: Body.Type, _ data: Data) {
    let result = Result { () throws(ValidationError) in try WireFormat.decode(type, from: data) }
    if data.withUnsafeBytes({ StackedAccents.exceedLimit(in: $0) }) {
        // Refused before decoding, whatever Foundation would have said.
        if result != .failure(WireFormat.stackedAccents) { violated("stacked accents not refused: \(result)") }
        return
    }
    if let key = data.withUnsafeBytes({ DuplicateKeys.first(in: $0) }) {
        // Refused before decoding too: readers disagree on which of the two counts.
        if result != .failure(WireFormat.duplicateKey(key)) { violated("duplicate key \(key) not refused: \(result)") }
        return
    }
    let foundation = Result { () throws(ValidationError) in try WireFormat.decodeWithFoundation(type, from: data) }
    if result != foundation {
        violated("\(Body.self) from \(String(decoding: data, as: UTF8.self)): \(result), Foundation alone: \(foundation)")
    }
    guard case .success(let decoded) = result else { return }
    let encoded = WireFormat.encode(decoded)
    guard let again = try? WireFormat.decode(type, from: encoded) else {
        violated("\(Body.self) decoded from \(String(decoding: data, as: UTF8.self)) but not from its own encoding \(String(decoding: encoded, as: UTF8.self))")
    }
    if again != decoded { violated("\(Body.self) changed on a round trip: \(decoded) → \(again)") }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSONBodies(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let data = Data(UnsafeRawBufferPointer(start: start, count: count))
    check(PlayerDetails.self, data)
    check(GatherDraft.self, data)
    check(GatherResultUpdate.self, data)
    check(TeamAssignment.self, data)
    check(BalanceRequest.self, data)
    check(Credentials.self, data)
    return 0
}
