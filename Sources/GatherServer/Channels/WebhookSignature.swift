import COpenSSL
import Storage

/// `X-Gather-Signature: t=<unix time>,v1=<hex HMAC-SHA256 of "t.body">`, the scheme Stripe and
/// Slack use: the receiver recomputes it with the channel's secret, and refuses an old `t` to stop
/// a replay.
enum WebhookSignature {
    static func header(secret: String, time: Int, body: [UInt8]) -> String {
        "t=\(time),v1=" + hmacSHA256(key: Array(secret.utf8), message: Array("\(time).".utf8) + body).hexString
    }

    static func hmacSHA256(key: [UInt8], message: [UInt8]) -> [UInt8] {
        var digest = [UInt8](repeating: 0, count: 32)
        var length: UInt32 = 0
        let made = key.withUnsafeBytes { key in
            message.withUnsafeBytes { message in
                digest.withUnsafeMutableBufferPointer { output in
                    HMAC(EVP_sha256(), key.baseAddress, Int32(key.count), message.baseAddress?.assumingMemoryBound(to: UInt8.self),
                         message.count, output.baseAddress, &length)
                }
            }
        }
        // HMAC fails only when memory runs out: an empty signature is one no receiver accepts.
        return made == nil || length != 32 ? [] : digest
    }
}
