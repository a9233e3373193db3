import HTTP

/// Whether a request takes a gzip-compressed answer: `Accept-Encoding` names `gzip` (or `*`)
/// without `q=0` (RFC 9110 §12.5.3). Nothing else is offered: every browser takes gzip.
enum ContentCoding {
    static func acceptsGzip(_ request: HTTPRequest) -> Bool {
        var accepted = false
        for line in request.headers.fields where ASCIICaseless.equal(line.name.utf8, "accept-encoding".utf8) {
            for item in line.value.split(separator: ",") {
                let parts = item.split(separator: ";").map { part in
                    String(part.drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed()).lowercased()
                }
                guard let coding = parts.first, coding == "gzip" || coding == "x-gzip" || coding == "*" else { continue }
                let refused = parts.dropFirst().contains { parameter in
                    parameter.hasPrefix("q=") && (Double(parameter.dropFirst(2)) ?? 1) == 0
                }
                if refused, coding != "*" { return false }
                if !refused { accepted = true }
            }
        }
        return accepted
    }
}
