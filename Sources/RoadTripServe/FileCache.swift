import Foundation
import Synchronization

/// The bytes of small served files (and of pages with the live-reload script injected) kept in
/// memory between requests, so a page served a thousand times is read and injected once. An entry
/// is used only while the file's inode, size and modification time (nanoseconds) are unchanged —
/// a rebuild that rewrites a file makes its entry stale at once. At most `capacity` bytes are kept;
/// when full, the cache starts over (a development server's working set is one site).
public final class FileCache: Sendable {
    /// What identifies one version of a file.
    public struct Version: Sendable, Hashable {
        /// Inode number.
        public var inode: UInt64
        /// Size in bytes.
        public var size: UInt64
        /// Modification time, seconds and nanoseconds since 1970.
        public var modifiedSeconds: Int
        public var modifiedNanoseconds: Int
    }

    private struct Entry {
        var version: Version
        var bytes: [UInt8]
    }

    private struct State {
        var entries: [String: Entry] = [:]
        var total = 0
    }

    private let state = Mutex(State())
    /// Largest total of cached bytes.
    public let capacity: Int

    /// An empty cache holding up to `capacity` bytes (default 64 MiB).
    public init(capacity: Int = 64 << 20) {
        self.capacity = capacity
    }

    /// The bytes cached under `key` for `version`, or `make()`'s result, cached when it is not `nil`
    /// and fits.
    public func bytes(for key: String, version: Version, make: () -> [UInt8]?) -> [UInt8]? {
        if let cached = state.withLock({ $0.entries[key] }), cached.version == version { return cached.bytes }
        guard let bytes = make() else { return nil }
        guard bytes.count <= capacity / 8 else { return bytes }
        state.withLock { state in
            if let old = state.entries[key] { state.total -= old.bytes.count }
            if state.total + bytes.count > capacity {
                state.entries.removeAll()
                state.total = 0
            }
            state.entries[key] = Entry(version: version, bytes: bytes)
            state.total += bytes.count
        }
        return bytes
    }
}
