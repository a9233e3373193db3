@testable import GatherWeb

/// The HTML of a few nodes, as a page would write them.
func html(@HTMLBuilder _ content: () -> [Node]) -> String {
    var writer = HTMLWriter()
    writer.write(content())
    return String(decoding: writer.bytes, as: UTF8.self)
}

/// A script asset for tests: the module has none of its own yet.
let testScript = InlineAsset(script: """
    document.documentElement.dataset.live = "yes";
    """)

extension String {
    /// How many times `needle` occurs, ignoring ASCII case.
    func occurrences(ofCaseless needle: String) -> Int {
        let haystack = Array(lowercased().utf8), needle = Array(needle.lowercased().utf8)
        guard haystack.count >= needle.count else { return 0 }
        return (0...(haystack.count - needle.count)).filter { Array(haystack[$0..<($0 + needle.count)]) == needle }.count
    }
}
