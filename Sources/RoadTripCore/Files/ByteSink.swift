/// Where a document is written in pieces, so that one too large to hold (the `track.gpx` of a
/// million-fix recording is 150 MB) never is: bytes collect in a buffer of `bufferSize` bytes, which
/// is handed to `deliver` each time it fills, and once more at `finish()`.
///
/// Writers do not handle failures as they go: the first error `deliver` throws (a full disk) is
/// kept, nothing more is delivered, and `finish()` throws it.
///
/// Used from one thread at a time; not `Sendable`.
public final class ByteSink {
    /// Bytes collected before they are delivered: 64 KiB.
    public static let bufferSize = 1 << 16

    private var buffer: [UInt8] = []
    private let deliver: (UnsafeRawBufferPointer) throws -> Void
    private var failure: (any Error)?

    /// A sink that hands its bytes to `deliver`, in order, in pieces of about `bufferSize` bytes.
    public init(deliver: @escaping (UnsafeRawBufferPointer) throws -> Void) {
        self.deliver = deliver
        buffer.reserveCapacity(Self.bufferSize)
    }

    /// Writes `text` as UTF-8.
    public func write(_ text: String) {
        var text = text
        text.withUTF8 { write(UnsafeRawBufferPointer($0)) }
    }

    /// Writes `bytes`.
    public func write(_ bytes: UnsafeRawBufferPointer) {
        buffer.append(contentsOf: bytes)
        if buffer.count >= Self.bufferSize { flush() }
    }

    /// Delivers what is collected and throws the first failure of `deliver`, if any. Call it once,
    /// after the last write.
    public func finish() throws {
        flush()
        if let failure { throw failure }
    }

    private func flush() {
        defer { buffer.removeAll(keepingCapacity: true) }
        guard failure == nil, !buffer.isEmpty else { return }
        do {
            try buffer.withUnsafeBytes { try deliver($0) }
        } catch {
            failure = error
        }
    }

    /// Everything `body` writes into a sink, as one byte array (for documents small enough to
    /// hold, and for tests).
    public static func collect(_ body: (ByteSink) throws -> Void) rethrows -> [UInt8] {
        var collected: [UInt8] = []
        let sink = ByteSink { collected.append(contentsOf: $0) }
        try body(sink)
        try! sink.finish()  // appending to an array cannot fail
        return collected
    }
}
