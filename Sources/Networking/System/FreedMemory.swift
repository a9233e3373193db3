import CLinux
import Glibc

/// How the server's process keeps the memory its answers free. By default glibc gives blocks
/// from 128 KiB up their own mappings, and returns the free top of the heap to the system once it
/// passes twice that (both limits rising as it sees larger blocks freed): a roster of thousands
/// (a few hundred KiB of JSON, copied once into its response) was mapped, touched page by page
/// and returned at each request, a page fault every 4 KiB, a quarter of the request's time spent
/// in the kernel. Kept, the same memory serves the next request.
///
/// What is kept is what was in use at the busiest moment, per allocator arena, up to
/// `trimBytes` of free memory each: a burst does not hold its memory for ever. An operator who
/// sets glibc's own knobs (`GLIBC_TUNABLES`, `MALLOC_TRIM_THRESHOLD_`, `MALLOC_MMAP_THRESHOLD_`)
/// keeps them.
package enum FreedMemory {
    /// Blocks up to this size come from the heap and are reused there.
    package static let mappedFromBytes = 4 << 20
    /// Free memory at the top of a heap kept for reuse, beyond which the rest is returned.
    package static let trimBytes = 16 << 20

    package enum Outcome: Equatable {
        case kept
        /// The environment sets the allocator's limits: left as they are.
        case operatorsOwn
        /// Another allocator than glibc's serves the process (a sanitizer's, in a test build):
        /// glibc's limits would mean nothing to it.
        case anotherAllocator
    }

    /// Applies the policy to this process unless the environment sets the allocator's own.
    @discardableResult
    package static func keepForReuse(environment: [String: String]) -> Outcome {
        let tunables = environment["GLIBC_TUNABLES"] ?? ""
        guard !tunables.contains("glibc.malloc.trim_threshold"), !tunables.contains("glibc.malloc.mmap_threshold"),
              environment["MALLOC_TRIM_THRESHOLD_"] == nil, environment["MALLOC_MMAP_THRESHOLD_"] == nil
        else { return .operatorsOwn }
        guard dlsym(nil, "__sanitizer_get_allocated_size") == nil,
              mallopt(M_MMAP_THRESHOLD, Int32(mappedFromBytes)) == 1, mallopt(M_TRIM_THRESHOLD, Int32(trimBytes)) == 1
        else { return .anotherAllocator }
        return .kept
    }
}
