import Dispatch
import Foundation
import Synchronization
import RoadTripRender

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What stands at each file's path in an existing output folder, and whether it already holds the
/// bytes the build would write there: the questions an update of the output folder
/// (``OutputWriter``) asks of every file, asked on every core, with one `lstat` per file, its
/// contents read only when the sizes agree (one `read` for a file that fits the buffer), and one
/// buffer per batch of files rather than one per file.
///
/// Only asked for files whose folders are all real folders inside the output folder (the caller
/// checks them first, each folder once), so nothing is read through a symbolic link: the file
/// itself is read only when `lstat` finds a regular file, and opened with `O_NOFOLLOW`.
struct OutputTargetSurvey {
    /// What stands at one file's path in the output folder.
    enum Target: Equatable {
        /// Not asked: a folder on the way is missing or in the way.
        case unasked
        /// Nothing.
        case missing
        /// A regular file holding exactly the bytes the build would write (for a cache link
        /// (`.link`): that cache file itself, or across file systems a copy of it).
        case same
        /// A regular file holding other bytes (or, for a `.link`, not the cache's file); also a
        /// `.produced` file's regular file, whose bytes are compared once staged.
        case differs
        /// A symbolic link (replaced, never followed).
        case symbolicLink
        /// A folder.
        case directory
        /// A device, socket or pipe.
        case other
    }

    /// One answer per file, in the order of the files.
    let targets: [Target]
    /// The bytes of each `.copy(from:)` file (read whether or not it was asked about, as staging
    /// needs them), by position.
    let copies: [Int: Data]
    /// The first `.copy(from:)` source that could not be read: its position and the error.
    let unreadableCopy: (position: Int, error: any Error)?

    /// Bytes of each batch's reading buffer: a page, a map or a GeoJSON file of a destination fits.
    private static let bufferSize = 1 << 16
    /// Files per batch handed to one core.
    private static let batchSize = 64

    /// Asks about `files` inside the output folder `outputRoot` (an absolute path), on every core:
    /// the file at position `i` only when `asked[i]`.
    init(_ files: [OutputFile], asked: [Bool], outputRoot: String) {
        struct Batch { var targets: [(Int, Target)] = []; var copies: [(Int, Result<Data, any Error>)] = [] }
        let batches = Mutex([Batch]())
        let batchCount = (files.count + Self.batchSize - 1) / Self.batchSize
        DispatchQueue.concurrentPerform(iterations: batchCount) { batchIndex in
            let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: Self.bufferSize, alignment: 16)
            defer { buffer.deallocate() }
            var batch = Batch()
            for position in (batchIndex * Self.batchSize)..<min(files.count, (batchIndex + 1) * Self.batchSize) {
                let file = files[position]
                var copy: Data?
                if case .copy(let source) = file.contents {
                    do {
                        let data = try Data(contentsOf: source, options: .mappedIfSafe)
                        copy = data
                        batch.copies.append((position, .success(data)))
                    } catch {
                        batch.copies.append((position, .failure(error)))
                    }
                }
                guard asked[position] else { continue }
                let target = Self.target(of: file, copy: copy, at: outputRoot + "/" + file.path, buffer: buffer)
                if target != .unasked { batch.targets.append((position, target)) }
            }
            batches.withLock { $0.append(batch) }
        }
        var targets = [Target](repeating: .unasked, count: files.count)
        var copies: [Int: Data] = [:]
        var unreadable: (position: Int, error: any Error)?
        for batch in batches.withLock({ $0 }) {
            for (position, target) in batch.targets { targets[position] = target }
            for (position, result) in batch.copies {
                switch result {
                case .success(let data): copies[position] = data
                case .failure(let error):
                    if unreadable == nil || position < unreadable!.position { unreadable = (position, error) }
                }
            }
        }
        self.targets = targets
        self.copies = copies
        self.unreadableCopy = unreadable
    }

    /// What stands at `path` for `file` (whose `.copy` bytes are `copy`), reading into `buffer`.
    private static func target(of file: OutputFile, copy: Data?, at path: String,
                               buffer: UnsafeMutableRawBufferPointer) -> Target {
        var status = stat()
        guard lstat(path, &status) == 0 else { return .missing }
        switch status.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: return .directory
        case S_IFLNK: return .symbolicLink
        default: return .other
        }
        let size = Int(status.st_size)
        func holds(_ bytes: UnsafeRawBufferPointer) -> Target {
            bytes.count == size && FileComparison.holds(bytes, atPath: path, using: buffer) ? .same : .differs
        }
        switch file.contents {
        case .link(let source, _):
            return FileComparison.isLinkOrCrossDeviceCopy(status, atPath: path, of: source) ? .same : .differs
        case .produced, .staged:
            return .differs
        case .text(var text):
            return text.withUTF8 { holds(UnsafeRawBufferPointer($0)) }
        case .data(let data):
            return data.withUnsafeBytes(holds)
        case .copy:
            guard let copy else { return .differs }
            return copy.withUnsafeBytes(holds)
        }
    }
}
