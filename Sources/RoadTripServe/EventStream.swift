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

    /// Queues one event: `event: <name>`, then `data` as `data:` lines, then a blank line.
    ///
    /// The name is a string literal (`StaticString`), so it can never be built from a file name.
    /// `data` is split at every line end the client splits at — LF, CR and CRLF (WHATWG HTML
    /// §9.2.5: "lines must be separated by either a U+000D CARRIAGE RETURN U+000A LINE FEED (CRLF)
    /// character pair, a single U+000A LINE FEED (LF) character, or a single U+000D CARRIAGE RETURN
    /// (CR) character") — into one `data:` line each, so that no text in it (a folder named
    /// `a\revent: reload`) can start a field of its own; the client joins them with LF. NUL becomes
    /// U+FFFD, as a decoder treats a byte it cannot use.
    public func send(event name: StaticString, data: String) {
        send(raw: Self.eventText(name: name.description, data: data))
    }

    /// The wire form of one event (see `send(event:data:)`).
    static func eventText(name: String, data: String) -> String {
        var text = "event: \(name)\ndata: "
        var previous: Unicode.Scalar?
        for scalar in data.unicodeScalars {
            switch scalar {
            case "\n" where previous == "\r": break  // the second half of CRLF: one line end
            case "\r", "\n": text += "\ndata: "
            case "\0": text.unicodeScalars.append("\u{FFFD}")
            default: text.unicodeScalars.append(scalar)
            }
            previous = scalar
        }
        return text + "\n\n"
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
