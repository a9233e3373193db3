import CLinux
import Glibc
@testable import Networking
import XCTest

/// The server keeps the memory its answers free for the next request: a large answer's buffer,
/// freed and asked for again, comes back without the kernel mapping its pages anew.
final class FreedMemoryTests: XCTestCase {
    func testAFreedBlockIsReusedWithoutPageFaults() throws {
        let size = 3 << 20  // ten times a roster of 2,000's JSON, under the mapped size
        XCTAssertLessThan(size, FreedMemory.mappedFromBytes)
        let outcome = FreedMemory.keepForReuse(environment: [:])
        touchAndFree(size)
        let before = clinux_thread_minor_faults()
        touchAndFree(size)
        let faults = clinux_thread_minor_faults() - before
        XCTAssertGreaterThanOrEqual(before, 0)
        if outcome == .anotherAllocator {
            // A sanitizer's allocator (the ASan and TSan runs) keeps freed blocks in quarantine:
            // the policy is not applied, and is seen not to be.
            XCTAssertNotNil(dlsym(nil, "__sanitizer_get_allocated_size"))
            return
        }
        XCTAssertEqual(outcome, .kept)
        // 768 pages: each would fault if the block had been given back and mapped again.
        XCTAssertLessThan(faults, 16, "\(faults) page faults touching a block freed just before")
    }

    func testAnOperatorsOwnAllocatorSettingsAreKept() {
        XCTAssertEqual(FreedMemory.keepForReuse(environment: ["GLIBC_TUNABLES": "glibc.malloc.trim_threshold=1048576"]), .operatorsOwn)
        XCTAssertEqual(FreedMemory.keepForReuse(environment: ["GLIBC_TUNABLES": "glibc.malloc.mmap_threshold=65536"]), .operatorsOwn)
        XCTAssertEqual(FreedMemory.keepForReuse(environment: ["MALLOC_TRIM_THRESHOLD_": "0"]), .operatorsOwn)
        XCTAssertEqual(FreedMemory.keepForReuse(environment: ["MALLOC_MMAP_THRESHOLD_": "131072"]), .operatorsOwn)
        XCTAssertNotEqual(FreedMemory.keepForReuse(environment: ["GLIBC_TUNABLES": "glibc.malloc.arena_max=2"]), .operatorsOwn)
    }

    /// Allocates `size` bytes, writes every page, frees them.
    private func touchAndFree(_ size: Int) {
        guard let block = malloc(size) else { return XCTFail("no memory") }
        memset(block, 1, size)
        free(block)
    }
}
