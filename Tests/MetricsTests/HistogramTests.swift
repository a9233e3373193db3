@testable import Metrics
import XCTest

final class HistogramTests: XCTestCase {
    func testObservationsLandInTheFirstBucketTheyDoNotExceed() {
        var histogram = Histogram(bounds: [1, 2, 4])
        for value in [0.5, 1, 1.5, 2, 3, 4, 4.5, 100] { histogram.observe(value) }
        XCTAssertEqual(histogram.counts, [2, 2, 2, 2], "≤1: 0.5 and 1; ≤2: 1.5, 2; ≤4: 3, 4; +Inf: 4.5, 100")
        XCTAssertEqual(histogram.count, 8)
        XCTAssertEqual(histogram.sum, 116.5)
    }

    func testMergingAddsBucketByBucket() {
        var first = Histogram(bounds: [1, 2])
        var second = Histogram(bounds: [1, 2])
        first.observe(0.5)
        second.observe(1.5)
        second.observe(9)
        first.merge(second)
        XCTAssertEqual(first.counts, [1, 1, 1])
        XCTAssertEqual(first.sum, 11)
    }

    func testTheTextFormatIsCumulativeEscapedAndTyped() {
        var text = MetricsText()
        var histogram = Histogram(bounds: [0.5, 1])
        histogram.observe(0.25)
        histogram.observe(0.75)
        histogram.observe(3)
        text.family("demo_seconds", .histogram, help: "Back\\slash and\nnewline")
        text.histogram("demo_seconds", [("route", "/a\"b\\c\nd")], histogram)
        text.family("demo_requests_total", .counter, help: "Requests")
        text.sample("demo_requests_total", [], 12)
        XCTAssertEqual(text.text, """
            # HELP demo_seconds Back\\\\slash and\\nnewline
            # TYPE demo_seconds histogram
            demo_seconds_bucket{route="/a\\"b\\\\c\\nd",le="0.5"} 1
            demo_seconds_bucket{route="/a\\"b\\\\c\\nd",le="1"} 2
            demo_seconds_bucket{route="/a\\"b\\\\c\\nd",le="+Inf"} 3
            demo_seconds_sum{route="/a\\"b\\\\c\\nd"} 4
            demo_seconds_count{route="/a\\"b\\\\c\\nd"} 3
            # HELP demo_requests_total Requests
            # TYPE demo_requests_total counter
            demo_requests_total 12

            """)
    }
}
