import Dispatch

/// Nanoseconds on a clock that never jumps: every timeout and duration is measured on it.
package enum MonotonicClock {
    package static func now() -> UInt64 {
        DispatchTime.now().uptimeNanoseconds
    }

    package static func nanoseconds(_ duration: Duration) -> UInt64 {
        let (seconds, attoseconds) = duration.components
        return UInt64(max(0, seconds)) * 1_000_000_000 + UInt64(max(0, attoseconds) / 1_000_000_000)
    }
}
