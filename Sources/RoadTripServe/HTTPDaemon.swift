internal import CMicroHTTPD
import Dispatch
import Foundation
import RoadTripCore

/// libmicrohttpd behind a Swift function (the only file that touches it): every request becomes an
/// `HTTPRequest`, `respond` turns it into an `HTTPResponse`, and the daemon sends it — files with
/// sendfile from an open descriptor, event streams through a content reader that suspends the
/// connection while its `EventStream` has nothing queued (`MHD_suspend_connection`, allowed from a
/// content reader; resumed from any thread). One epoll thread per core, non-blocking sockets, so a
/// slow client holds up nobody. Every connection is registered with a `ConnectionLimiter`, which
/// picks the connections to close (`shutdown`, which libmicrohttpd then sees as the client
/// leaving) so that a new client always gets in; libmicrohttpd's own limit is
/// `hardConnectionLimit` (beyond it new connections wait in the listen queue). An idle connection
/// closes after `idleTimeout` seconds. Each connection has `memoryLimit` bytes for the request
/// line, headers and response headers: beyond it libmicrohttpd answers 414 or 431 itself, and
/// `StaticSite`'s smaller limits leave room for any response. HEAD responses get the GET headers
/// and no body (libmicrohttpd leaves it out).
public final class HTTPDaemon: @unchecked Sendable {
    // `daemon` is set once in init and cleared once in `stop`, under `lock`.
    private var daemon: OpaquePointer?
    private let lock = NSLock()
    private let context: Unmanaged<DaemonContext>

    /// Seconds without traffic after which a connection is closed (libmicrohttpd's timeout).
    public static let idleTimeout = 30
    /// Bytes of memory per connection for the request line and headers and the response headers:
    /// 64 KiB, twice `StaticSite.headerLimit`, so that the largest request served still leaves room
    /// for a `Location` of `StaticSite.targetLimit` bytes.
    public static let memoryLimit = 64 * 1024

    /// libmicrohttpd's own limit for `limits`: 32 more than `limits.total`, room for the
    /// connections being closed (the standard limits give 512).
    public static func hardConnectionLimit(for limits: ConnectionLimiter.Limits) -> Int { limits.total + 32 }

    /// Starts serving on `socket` (the daemon takes it over and closes it when stopped).
    /// - Parameters:
    ///   - limits: how many connections are kept per client and in all (`ConnectionLimiter`).
    ///   - respond: called on a connection's thread for every request; must be thread-safe.
    ///   - streamEnded: called when an event-stream response is over (the client left or the
    ///     stream closed), on a connection's thread.
    /// - Throws: `ServeError` when libmicrohttpd cannot start.
    /// Opens libmicrohttpd (on first use, not linked: Sources/CMicroHTTPD), so that `serve` can say
    /// it cannot serve before it builds anything. Throws `ServeError` naming the library and its
    /// Debian package when it cannot be loaded.
    public static func loadLibrary() throws(ServeError) {
        if let reason = CErrorText.failure(of: cmhd_load) {
            throw ServeError(description: "cannot start the HTTP server: \(reason)")
        }
    }

    public init(
        socket: ListeningSocket, limits: ConnectionLimiter.Limits = .standard,
        respond: @escaping @Sendable (HTTPRequest) -> HTTPResponse, streamEnded: @escaping @Sendable (EventStream) -> Void
    ) throws(ServeError) {
        try Self.loadLibrary()
        let context = Unmanaged.passRetained(
            DaemonContext(respond: respond, streamEnded: streamEnded, limiter: ConnectionLimiter(limits: limits)))
        guard let daemon = cmhd_start(
            socket.descriptor, UInt32(max(1, min(ProcessInfo.processInfo.activeProcessorCount, 16))),
            UInt32(Self.hardConnectionLimit(for: limits)), UInt32(Self.idleTimeout), Self.memoryLimit,
            handleRequest, requestCompleted, connectionChanged, context.toOpaque())
        else {
            context.release()
            throw ServeError(description: "cannot start the HTTP server on \(socket.url)")
        }
        self.daemon = daemon
        self.context = context
    }

    /// Stops accepting, closes every connection, waits for the polling threads (idempotent). Close
    /// every open event stream first (`LiveReload.closeAll`): libmicrohttpd must not be stopped with
    /// a suspended connection.
    public func stop() {
        lock.lock()
        let running = daemon
        daemon = nil
        lock.unlock()
        guard let running else { return }
        cmhd_stop_daemon(running)
        context.release()
    }

    deinit { stop() }
}

/// What the C callbacks need, passed through libmicrohttpd as an opaque pointer.
private final class DaemonContext: Sendable {
    let respond: @Sendable (HTTPRequest) -> HTTPResponse
    let streamEnded: @Sendable (EventStream) -> Void
    let limiter: ConnectionLimiter

    init(
        respond: @escaping @Sendable (HTTPRequest) -> HTTPResponse, streamEnded: @escaping @Sendable (EventStream) -> Void,
        limiter: ConnectionLimiter
    ) {
        self.respond = respond
        self.streamEnded = streamEnded
        self.limiter = limiter
    }
}

/// Monotonic nanoseconds, for `ConnectionLimiter`.
private func monotonicNow() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

/// libmicrohttpd's connection callback (MHD_NotifyConnectionCallback): registers a new connection
/// with the limiter (closing those it picks; the limiter's lock keeps their sockets open until
/// then, since libmicrohttpd reports a connection closed before it closes its socket) and keeps
/// its record as the connection's socket context; unregisters it when closed.
nonisolated private func connectionChanged(
    _ cls: UnsafeMutableRawPointer?, _ connection: OpaquePointer?, _ socketContext: UnsafeMutablePointer<UnsafeMutableRawPointer?>?,
    _ code: MHD_ConnectionNotificationCode
) {
    guard let cls, let connection, let socketContext else { return }
    let context = Unmanaged<DaemonContext>.fromOpaque(cls).takeUnretainedValue()
    if code == .CONNECTION_NOTIFY_STARTED {
        let record = context.limiter.open(
            client: clientKey(cmhd_client_address(connection)), descriptor: cmhd_connection_descriptor(connection),
            at: monotonicNow()
        ) { victim in
            _ = shutdown(victim.descriptor, Int32(SHUT_RDWR))
        }
        socketContext.pointee = Unmanaged.passRetained(record).toOpaque()
    } else if let pointer = socketContext.pointee {
        socketContext.pointee = nil
        context.limiter.close(Unmanaged<ConnectionLimiter.Connection>.fromOpaque(pointer).takeRetainedValue())
    }
}

/// The limiter's client for a peer address (`ConnectionLimiter.clientKey`).
private func clientKey(_ address: UnsafePointer<sockaddr>?) -> String {
    guard let address else { return "unknown" }
    switch Int32(address.pointee.sa_family) {
    case AF_INET:
        return address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { peer in
            var bytes = peer.pointee.sin_addr
            return ConnectionLimiter.clientKey(addressBytes: withUnsafeBytes(of: &bytes) { Array($0) })
        }
    case AF_INET6:
        return address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { peer in
            var bytes = peer.pointee.sin6_addr
            return ConnectionLimiter.clientKey(addressBytes: withUnsafeBytes(of: &bytes) { Array($0) })
        }
    default:
        return "unknown"
    }
}

/// The limiter's record of `connection`.
private func record(of connection: OpaquePointer) -> ConnectionLimiter.Connection? {
    cmhd_socket_context(connection).map { Unmanaged<ConnectionLimiter.Connection>.fromOpaque($0).takeUnretainedValue() }
}

/// libmicrohttpd's request-completed callback (MHD_RequestCompletedCallback): frees the copied
/// target; the connection now waits for its next request.
nonisolated private func requestCompleted(
    _ cls: UnsafeMutableRawPointer?, _ connection: OpaquePointer?, _ requestContext: UnsafeMutablePointer<UnsafeMutableRawPointer?>?,
    _ code: MHD_RequestTerminationCode
) {
    if let requestContext { cmhd_free_target(requestContext) }
    if let connection { record(of: connection)?.requestEnded(at: monotonicNow()) }
}

/// An event stream, its connection and the daemon's context, kept alive by the content reader until
/// it is freed.
private final class StreamContext: @unchecked Sendable {
    // `connection` is only passed back to libmicrohttpd, which is thread-safe for suspend/resume.
    let stream: EventStream
    let daemon: DaemonContext
    let connection: OpaquePointer

    init(stream: EventStream, daemon: DaemonContext, connection: OpaquePointer) {
        self.stream = stream
        self.daemon = daemon
        self.connection = connection
    }
}

/// The request headers `StaticSite` reads: lower-cased names, and the same as C strings.
private let requestHeaderNames = ["host", "range", "if-range", "if-none-match", "if-modified-since"]
private let requestHeaderCNames = requestHeaderNames.map { ContiguousArray($0.utf8CString) }

/// The headers of `connection` that `StaticSite` reads, a repeated one's values joined with ", ".
private func requestHeaders(of connection: OpaquePointer) -> [String: String] {
    var headers: [String: String] = [:]
    withUnsafeMutablePointer(to: &headers) { pointer in
        _ = cmhd_get_connection_values(
            connection, .HEADER_KIND,
            { cls, _, key, value in
                guard let cls, let key else { return .YES }
                for (index, name) in requestHeaderCNames.enumerated()
                where name.withUnsafeBufferPointer({ strcasecmp(key, $0.baseAddress!) == 0 }) {
                    let headers = cls.assumingMemoryBound(to: [String: String].self)
                    let text = value.map { String(cString: $0) } ?? ""
                    let name = requestHeaderNames[index]
                    headers.pointee[name] = headers.pointee[name].map { $0 + ", " + text } ?? text
                    break
                }
                return .YES
            }, pointer)
    }
    return headers
}

/// libmicrohttpd's access handler (MHD_AccessHandlerCallback). It is called once when the headers
/// are in, then with each piece of a request body (discarded: only GET and HEAD are served), then
/// once more at the end, when the answer is queued — answering earlier would make libmicrohttpd
/// close the connection instead of keeping it alive.
nonisolated private func handleRequest(
    _ cls: UnsafeMutableRawPointer?, _ connection: OpaquePointer?, _ url: UnsafePointer<CChar>?,
    _ method: UnsafePointer<CChar>?, _ version: UnsafePointer<CChar>?, _ uploadData: UnsafePointer<CChar>?,
    _ uploadDataSize: UnsafeMutablePointer<Int>?, _ requestContext: UnsafeMutablePointer<UnsafeMutableRawPointer?>?
) -> MHD_Result {
    guard let cls, let connection else { return .NO }
    let context = Unmanaged<DaemonContext>.fromOpaque(cls).takeUnretainedValue()
    // The request's context: a "seen" byte, then the target as sent (cmhd_copy_target).
    let requestState = requestContext?.pointee?.assumingMemoryBound(to: CChar.self)
    if let requestState, requestState.pointee == 0 {
        requestState.pointee = 1
        record(of: connection)?.requestStarted(at: monotonicNow())
        return .YES
    }
    if let uploadDataSize, uploadDataSize.pointee > 0 {
        uploadDataSize.pointee = 0
        return .YES
    }
    let target = requestState.map { String(cString: $0 + 1) } ?? url.map { String(cString: $0) } ?? "/"
    let request = HTTPRequest(
        method: method.map { String(cString: $0) } ?? "GET", target: target, headers: requestHeaders(of: connection),
        version: version.map { String(cString: $0) } ?? "HTTP/1.1", headerSize: Int(cmhd_request_header_size(connection)))
    let answer = context.respond(request)

    let response: OpaquePointer?
    switch answer.body {
    case .bytes(let bytes):
        response = bytes.withUnsafeBufferPointer { buffer in
            cmhd_create_response_from_buffer(
                buffer.count, UnsafeMutableRawPointer(mutating: buffer.baseAddress), .RESPMEM_MUST_COPY)
        }
    case .file(let path, let offset, let length):
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        if descriptor < 0 {
            let missing = Array("404 Not Found\n".utf8)
            let fallback = missing.withUnsafeBufferPointer {
                cmhd_create_response_from_buffer($0.count, UnsafeMutableRawPointer(mutating: $0.baseAddress), .RESPMEM_MUST_COPY)
            }
            return queue(fallback, status: 404, headers: [("Content-Type", "text/plain; charset=utf-8")], on: connection)
        }
        // libmicrohttpd closes the descriptor when the response is destroyed.
        response = cmhd_create_response_from_fd_at_offset64(length, descriptor, offset)
        if response == nil { close(descriptor) }
    case .eventStream(let stream):
        record(of: connection)?.becameEventStream()
        let streamContext = Unmanaged.passRetained(StreamContext(stream: stream, daemon: context, connection: connection))
        response = cmhd_create_response_from_callback(
            cmhd_size_unknown(), 1024, readEvents, streamContext.toOpaque(), endEvents)
        if response == nil { streamContext.release() }
    }
    return queue(response, status: answer.status, headers: answer.headers, on: connection)
}

/// Adds `headers` to `response`, queues it with `status` and releases the caller's reference.
nonisolated private func queue(
    _ response: OpaquePointer?, status: Int, headers: [(name: String, value: String)], on connection: OpaquePointer
) -> MHD_Result {
    guard let response else { return .NO }
    defer { cmhd_destroy_response(response) }
    for header in headers { _ = cmhd_add_response_header(response, header.name, header.value) }
    return cmhd_queue_response(connection, UInt32(status), response)
}

/// The event stream's content reader (MHD_ContentReaderCallback): the queued events, or 0 after
/// suspending the connection until there are some.
nonisolated private func readEvents(
    _ cls: UnsafeMutableRawPointer?, _ position: UInt64, _ buffer: UnsafeMutablePointer<CChar>?, _ maximum: Int
) -> Int {
    guard let cls, let buffer else { return cmhd_end_of_stream() }
    let context = Unmanaged<StreamContext>.fromOpaque(cls).takeUnretainedValue()
    let connection = SendableConnection(pointer: context.connection)
    switch context.stream.read(
        maximum: maximum, suspend: { cmhd_suspend_connection(connection.pointer) },
        resume: { cmhd_resume_connection(connection.pointer) })
    {
    case .bytes(let bytes):
        bytes.withUnsafeBufferPointer { source in
            UnsafeMutableRawPointer(buffer).copyMemory(from: source.baseAddress!, byteCount: source.count)
        }
        return bytes.count
    case .waiting:
        return 0
    case .finished:
        return cmhd_end_of_stream()
    }
}

/// A connection handle that may be resumed from another thread (libmicrohttpd allows it).
private struct SendableConnection: @unchecked Sendable {
    let pointer: OpaquePointer
}

/// The event stream's free callback: the response is over.
nonisolated private func endEvents(_ cls: UnsafeMutableRawPointer?) {
    guard let cls else { return }
    let context = Unmanaged<StreamContext>.fromOpaque(cls).takeRetainedValue()
    context.stream.close()
    context.daemon.streamEnded(context.stream)
}
