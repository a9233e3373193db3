import FoundationEssentials
import GatherText
import GatherWire

/// A group's currency, by its ISO 4217 code, and how many digits its smallest unit has after the
/// point: every amount is a whole number of that unit (cents, pence, yen), never a fraction.
package struct Currency: Hashable, Sendable {
    package let code: String
    /// 2 for EUR (cents), 0 for JPY, 3 for KWD.
    package let minorDigits: Int

    /// A currency this server knows by its code (upper case); nil for any other.
    package init?(code: String) {
        guard code.utf8.count == 3, code.utf8.allSatisfy({ (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) }) else { return nil }
        if Currency.noMinorUnit.contains(code) {
            minorDigits = 0
        } else if Currency.thousandths.contains(code) {
            minorDigits = 3
        } else if Currency.hundredths.contains(code) {
            minorDigits = 2
        } else {
            return nil
        }
        self.code = code
    }

    package static let euro = Currency(known: "EUR", minorDigits: 2)

    private init(known code: String, minorDigits: Int) {
        self.code = code
        self.minorDigits = minorDigits
    }

    /// `1250` as "12.50 EUR", `-500` as "-5.00 EUR", `1200` yen as "1200 JPY".
    package func text(_ amount: Int) -> String {
        "\(plain(amount)) \(code)"
    }

    /// `1250` as "12.50": what a spreadsheet reads as a number.
    package func plain(_ amount: Int) -> String {
        guard minorDigits > 0 else { return String(amount) }
        let unit = minorDigits == 3 ? 1000 : 100
        let sign = amount < 0 ? "-" : ""
        let whole = amount.magnitude / UInt(unit), part = amount.magnitude % UInt(unit)
        let digits = String(part)
        return sign + String(whole) + "." + String(repeating: "0", count: minorDigits - digits.count) + digits
    }

    /// "12.50", "12,5", "12" as minor units (1250); nil for anything else, or more digits after
    /// the point than the currency has.
    package func amount(from text: String) -> Int? {
        var digits = Substring(text.utf8.count <= 32 ? text : "").drop { $0 == " " }
        while digits.last == " " { digits = digits.dropLast() }
        let negative = digits.first == "-"
        if negative { digits = digits.dropFirst() }
        let separator: Character = digits.contains(",") ? "," : "."
        let parts = digits.split(separator: separator, maxSplits: 1, omittingEmptySubsequences: false)
        guard let wholeText = parts.first, !wholeText.isEmpty, wholeText.count <= 9, wholeText.allSatisfy(Currency.isDigit),
              let whole = Int(wholeText) else { return nil }
        var fraction = 0
        if parts.count == 2 {
            let part = parts[1]
            guard !part.isEmpty, part.count <= minorDigits, part.allSatisfy(Currency.isDigit), let value = Int(part) else { return nil }
            fraction = value * pow10(minorDigits - part.count)
        }
        let amount = whole * pow10(minorDigits) + fraction
        return negative ? -amount : amount
    }

    private static func isDigit(_ character: Character) -> Bool { ("0"..."9").contains(character) }

    private func pow10(_ exponent: Int) -> Int { (0..<exponent).reduce(1) { result, _ in result * 10 } }

    /// ISO 4217 codes in use, by the digits of their minor unit.
    static let noMinorUnit: Set<String> = ["BIF", "CLP", "DJF", "GNF", "ISK", "JPY", "KMF", "KRW", "PYG", "RWF", "UGX", "UYI", "VND", "VUV",
                                           "XAF", "XOF", "XPF"]
    static let thousandths: Set<String> = ["BHD", "IQD", "JOD", "KWD", "LYD", "OMR", "TND"]
    static let hundredths: Set<String> = [
        "AED", "AFN", "ALL", "AMD", "ANG", "AOA", "ARS", "AUD", "AWG", "AZN", "BAM", "BBD", "BDT", "BGN", "BMD", "BND", "BOB", "BRL",
        "BSD", "BTN", "BWP", "BYN", "BZD", "CAD", "CDF", "CHF", "CNY", "COP", "CRC", "CUP", "CVE", "CZK", "DKK", "DOP", "DZD", "EGP",
        "ERN", "ETB", "EUR", "FJD", "FKP", "GBP", "GEL", "GHS", "GIP", "GMD", "GTQ", "GYD", "HKD", "HNL", "HTG", "HUF", "IDR", "ILS",
        "INR", "IRR", "JMD", "KES", "KGS", "KHR", "KPW", "KYD", "KZT", "LAK", "LBP", "LKR", "LRD", "LSL", "MAD", "MDL", "MGA", "MKD",
        "MMK", "MNT", "MOP", "MRU", "MUR", "MVR", "MWK", "MXN", "MYR", "MZN", "NAD", "NGN", "NIO", "NOK", "NPR", "NZD", "PAB", "PEN",
        "PGK", "PHP", "PKR", "PLN", "QAR", "RON", "RSD", "RUB", "SAR", "SBD", "SCR", "SDG", "SEK", "SGD", "SHP", "SLE", "SOS", "SRD",
        "SSP", "STN", "SVC", "SYP", "SZL", "THB", "TJS", "TMT", "TOP", "TRY", "TTD", "TWD", "TZS", "UAH", "USD", "UYU", "UZS", "VES",
        "WST", "XCD", "YER", "ZAR", "ZMW", "ZWL",
    ]
}
