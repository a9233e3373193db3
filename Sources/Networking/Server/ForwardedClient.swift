import Glibc
import HTTP

/// Who sent a request that came through a trusted reverse proxy.
///
/// Only the *last* `X-Forwarded-For` entry is believed: it is the one the proxy appended (nginx's
/// `$proxy_add_x_forwarded_for`, Caddy's default), while every entry before it is whatever the
/// client chose to send. Anything but an IP address there, or no header at all, leaves the peer.
/// One proxy hop is assumed: behind two, the last entry names the first proxy.
enum ForwardedClient {
    static func client(of headers: HTTPHeaders, peer: String) -> String {
        guard let last = headers.values(of: HTTPHeaders.Name.xForwardedFor).last, isIPAddress(last) else { return peer }
        return last
    }

    static func isIPAddress(_ text: String) -> Bool {
        var address = in6_addr()
        return text.utf8.count <= 45
            && (inet_pton(AF_INET, text, &address) == 1 || inet_pton(AF_INET6, text, &address) == 1)
    }
}
