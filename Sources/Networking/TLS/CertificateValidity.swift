import COpenSSL
import Glibc

/// When a certificate is valid: from `notBefore` to `notAfter`, seconds since 1970 (UTC).
package struct CertificateValidity: Hashable, Sendable {
    package let notBefore: Int
    package let notAfter: Int

    /// How long before the end a server warns that its certificate must be renewed.
    package static let renewalWarning = 14 * 86_400

    init?(_ certificate: OpaquePointer) {
        guard let start = Self.seconds(X509_get0_notBefore(certificate)), let end = Self.seconds(X509_get0_notAfter(certificate)) else {
            return nil
        }
        notBefore = start
        notAfter = end
    }

    package init(notBefore: Int, notAfter: Int) {
        self.notBefore = notBefore
        self.notAfter = notAfter
    }

    /// Whole days left at `now` (0 on its last day), or nil while more than `renewalWarning` are.
    package func daysLeftToRenew(at now: Int) -> Int? {
        let left = notAfter - now
        guard left <= Self.renewalWarning else { return nil }
        return max(0, left / 86_400)
    }

    /// `2026-11-29 08:00 UTC`.
    package static func shown(_ seconds: Int) -> String {
        var time = time_t(seconds)
        var parts = tm()
        gmtime_r(&time, &parts)
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday)) \(two(parts.tm_hour)):\(two(parts.tm_min)) UTC"
    }

    private static func seconds(_ time: UnsafePointer<ASN1_TIME>?) -> Int? {
        guard let time else { return nil }
        var parts = tm()
        guard ASN1_TIME_to_tm(time, &parts) == 1 else { return nil }
        return Int(timegm(&parts))
    }
}
