import Synchronization

/// One open Server-Sent Events response (WHATWG HTML, "Server-sent events", §9.2): bytes queued by
/// `LiveReload` and taken by the server whenever the connection can send. When nothing is queued
/// the server suspends the connection (no thread waits for it) and the stream resumes it as soon as
/// something is queued or the stream is closed.
public final class EventStream: Sendable {
    /// What `read` found.
    public enum ReadResult: Sendable, Equatable {
        /// Bytes to send now.
        case bytes([UInt8])
        /// Nothing queued: the connection was suspended, and will be resumed.
        case waiting
        /// The stream is closed and everything queued was sent.
        case finished
    }

    private struct State {
        var pending: [UInt8] = []
        var closed = false
        /// Resumes the suspended connection, while it is suspended.
        var resume: (@Sendable () -> Void)?
    }

    private let state = Mutex(State())

    /// An empty, open stream.
    public init() {}

    /// Queues one event: `event: <name>` and the `data` split into `data:` lines (an event's data
    /// cannot hold a bare newline).
    public func send(event name: String, data: String) {
        var text = "event: \(name)\n"
        for line in data.split(separator: "\n", omittingEmptySubsequences: false) { text += "data: \(line)\n" }
        text += "\n"
        send(raw: text)
    }

    /// Queues text exactly as given (a `retry:` field, a comment).
    public func send(raw text: String) {
        let resume = state.withLock { state -> (@Sendable () -> Void)? in
            guard !state.closed else { return nil }
            state.pending.append(contentsOf: text.utf8)
            defer { state.resume = nil }
            return state.resume
        }
        resume?()
    }

    /// Ends the stream: `read` gives what is queued, then `.finished`.
    public func close() {
        let resume = state.withLock { state -> (@Sendable () -> Void)? in
            state.closed = true
            defer { state.resume = nil }
            return state.resume
        }
        resume?()
    }

    /// `true` once `close` was called.
    public var isClosed: Bool { state.withLock { $0.closed } }

    /// Up to `maximum` queued bytes; or, with nothing queued, calls `suspend` (while no `send` can
    /// run) and keeps `resume` to call once when something is queued or the stream closes.
    public func read(maximum: Int, suspend: () -> Void, resume: @escaping @Sendable () -> Void) -> ReadResult {
        state.withLock { state in
            if state.pending.isEmpty {
                if state.closed { return .finished }
                suspend()
                state.resume = resume
                return .waiting
            }
            let count = min(maximum, state.pending.count)
            let bytes = Array(state.pending[..<count])
            state.pending.removeFirst(count)
            return .bytes(bytes)
        }
    }
}
