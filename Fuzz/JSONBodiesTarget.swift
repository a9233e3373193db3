import Foundation

// The JSON request bodies: arbitrary bytes decoded as every body the API reads. Never a crash
// (only a ValidationError naming the problem), and what decodes encodes back to itself.

private func check<Body: Codable & Equatable>(_ type: Body.Type, _ data: Data) {
    let decoded: Body
    do {
        decoded = try WireFormat.decode(type, from: data)
    } catch {
        return
    }
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
