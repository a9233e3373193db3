import Glibc

/// A failed system call, with the call's name and `errno`.
package struct SystemError: Error, Equatable, Sendable, CustomStringConvertible {
    package let call: String
    package let code: Int32

    package init(_ call: String, code: Int32 = errno) {
        self.call = call
        self.code = code
    }

    package var description: String {
        "\(call) failed: \(String(cString: strerror(code))) (errno \(code))"
    }
}
