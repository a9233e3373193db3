/// The Prometheus text exposition format (version 0.0.4), written family by family: `# HELP` and
/// `# TYPE`, then its samples. Label values are escaped; names are the caller's constants.
package struct MetricsText: Sendable {
    package enum Kind: String, Sendable {
        case counter, gauge, histogram
    }

    package static let contentType = "text/plain; version=0.0.4; charset=utf-8"

    package private(set) var text = ""

    package init() {}

    /// Starts a family. A counter is named as its samples are, `…_total` (the text format's TYPE
    /// line names the sample; parsers drop the suffix for the family).
    package mutating func family(_ name: String, _ kind: Kind, help: String) {
        text += "# HELP \(name) \(Self.escapeHelp(help))\n# TYPE \(name) \(kind.rawValue)\n"
    }

    package mutating func sample(_ name: String, _ labels: KeyValuePairs<String, String> = [:], _ value: Double) {
        sample(name, Array(labels.map { ($0.key, $0.value) }), value)
    }

    package mutating func sample(_ name: String, _ labels: [(String, String)], _ value: Double) {
        text += name
        if !labels.isEmpty {
            text += "{" + labels.map { "\($0.0)=\"\(Self.escapeLabel($0.1))\"" }.joined(separator: ",") + "}"
        }
        text += " " + Self.format(value) + "\n"
    }

    /// A histogram's `_bucket` (cumulative, `le`), `_sum` and `_count` samples.
    package mutating func histogram(_ name: String, _ labels: [(String, String)], _ histogram: Histogram) {
        var cumulative: UInt64 = 0
        for (index, bound) in histogram.bounds.enumerated() {
            cumulative &+= histogram.counts[index]
            sample(name + "_bucket", labels + [("le", Self.format(bound))], Double(cumulative))
        }
        cumulative &+= histogram.counts[histogram.bounds.count]
        sample(name + "_bucket", labels + [("le", "+Inf")], Double(cumulative))
        sample(name + "_sum", labels, histogram.sum)
        sample(name + "_count", labels, Double(cumulative))
    }

    static func format(_ value: Double) -> String {
        if value.isNaN { return "NaN" }
        if value.isInfinite { return value > 0 ? "+Inf" : "-Inf" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return String(value)
    }

    static func escapeLabel(_ value: String) -> String {
        var escaped = ""
        for character in value {
            switch character {
            case "\\": escaped += "\\\\"
            case "\"": escaped += "\\\""
            case "\n": escaped += "\\n"
            default: escaped.append(character)
            }
        }
        return escaped
    }

    static func escapeHelp(_ value: String) -> String {
        var escaped = ""
        for character in value {
            switch character {
            case "\\": escaped += "\\\\"
            case "\n": escaped += "\\n"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}
