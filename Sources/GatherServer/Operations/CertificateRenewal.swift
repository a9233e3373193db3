import Dispatch
import Glibc
import Networking

/// A warning in the log from 14 days before the server's certificate expires: at start, after
/// each reload, and once a day on a queue of its own, so an operator whose renewal broke hears
/// of it while there is time. Lives as long as the server.
package final class CertificateRenewal: Sendable {
    private let holder: TLSServerContextHolder
    private let log: ServerLog
    private let queue = DispatchQueue(label: "gather-certificate")

    package init(_ holder: TLSServerContextHolder, log: ServerLog) {
        self.holder = holder
        self.log = log
        reloaded()
        daily()
    }

    /// After a reload: the certificate now in use.
    package func reloaded() {
        Self.warn(holder.context, log: log)
    }

    private func daily() {
        queue.asyncAfter(deadline: .now() + .seconds(86_400)) { [self] in
            reloaded()
            daily()
        }
    }

    static func warn(_ context: TLSServerContext, log: ServerLog, now: Int = Int(time(nil))) {
        guard let days = context.validity.daysLeftToRenew(at: now) else { return }
        log.warning("gather-server: the certificate \(context.certificateFile) expires on \(CertificateValidity.shown(context.validity.notAfter)) "
                    + "(\(days) \(days == 1 ? "day" : "days") left): renew it")
    }
}
