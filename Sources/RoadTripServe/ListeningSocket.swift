import Foundation
import RoadTripCore

/// Why `roadtrip serve` cannot start or serve.
public struct ServeError: Error, CustomStringConvertible, Sendable {
    /// What is wrong, in one line, without the `roadtrip: error:` or `<path>: error:` prefix.
    public var description: String
    /// The `path: error: message` diagnostic, when the problem has a path (an output folder `serve` refuses).
    public var diagnostic: Diagnostic? = nil

    /// An error without a path (a busy port, a bad host).
    init(description: String) {
        self.description = description
    }

    /// An error located by `diagnostic` (its message is the description).
    init(_ diagnostic: Diagnostic) {
        description = diagnostic.message
        self.diagnostic = diagnostic
    }

    /// The line for standard error: the diagnostic's `<path>: error: <message>`, else
    /// `roadtrip: error: <description>`.
    public var line: String {
        diagnostic?.description ?? "roadtrip: error: \(description)"
    }
}

/// A TCP socket bound to `host`:`port` and listening, for `HTTPDaemon` (which takes it over). Bound
/// here rather than inside libmicrohttpd so that a busy port or a bad host is a precise message,
/// and port 0 can pick a free port.
public final class ListeningSocket: Sendable {
    /// The socket's file descriptor.
    public let descriptor: Int32
    /// The address or name it is bound to, as given (`127.0.0.1`, `::1`, `0.0.0.0`, `localhost`,
    /// `mybox.local`).
    public let host: String
    /// The numeric address it is bound to (`127.0.0.1` for `localhost`).
    public let address: String
    /// The port it is bound to (the one the kernel chose, for port 0).
    public let port: Int
    /// `true` for an IPv6 address.
    public let isIPv6: Bool

    /// Binds a socket to `host` (a numeric IPv4 or IPv6 address, or a name of this machine such as
    /// `localhost`: the first address `getaddrinfo` gives for it) and `port` (0…65535; 0 picks a
    /// free one) with `SO_REUSEADDR`, and listens (backlog 512, so that a burst of connections
    /// waits for the server rather than being refused).
    /// - Throws: `ServeError` naming the address: the port is in use, the address is not this
    ///   machine's, permission denied (a port below 1024), the host is neither an address nor a name.
    public init(host: String, port: Int) throws(ServeError) {
        guard (0...65_535).contains(port) else { throw ServeError(description: "port \(port) is outside 0…65535") }
        var hints = addrinfo()
        hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        let lookup = getaddrinfo(host, String(port), &hints, &list)
        guard lookup == 0, let first = list else {
            throw ServeError(
                description: "cannot listen on '\(host)': not an IPv4 or IPv6 address or a name of this machine (e.g. 127.0.0.1, ::1, 0.0.0.0, localhost)")
        }
        defer { freeaddrinfo(list) }
        let resolved = first.pointee
        let descriptor = socket(resolved.ai_family, resolved.ai_socktype | Int32(SOCK_CLOEXEC.rawValue), resolved.ai_protocol)
        guard descriptor >= 0 else { throw ServeError(description: "cannot create a socket: \(String(cString: strerror(errno)))") }
        var yes: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        if resolved.ai_family == AF_INET6 {
            setsockopt(descriptor, Int32(IPPROTO_IPV6), IPV6_V6ONLY, &yes, socklen_t(MemoryLayout<Int32>.size))
        }
        let shown = host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
        guard bind(descriptor, resolved.ai_addr, resolved.ai_addrlen) == 0 else {
            let code = errno
            close(descriptor)
            switch code {
            case EADDRINUSE:
                throw ServeError(description: "port \(port) on \(host) is already in use (another server? try --port 0 for a free port)")
            case EACCES:
                throw ServeError(description: "no permission to listen on \(shown) (ports below 1024 need privileges)")
            case EADDRNOTAVAIL:
                throw ServeError(description: "cannot listen on \(shown): \(host) is not an address of this machine")
            default:
                throw ServeError(description: "cannot listen on \(shown): \(String(cString: strerror(code)))")
            }
        }
        guard listen(descriptor, 512) == 0 else {
            let code = errno
            close(descriptor)
            throw ServeError(description: "cannot listen on \(shown): \(String(cString: strerror(code)))")
        }
        var bound = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        let boundPort = withUnsafeMutablePointer(to: &bound) { storage -> Int in
            _ = storage.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
            if Int32(storage.pointee.ss_family) == AF_INET6 {
                return storage.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) {
                    _ = inet_ntop(AF_INET6, &$0.pointee.sin6_addr, &text, socklen_t(text.count))
                    return Int(UInt16(bigEndian: $0.pointee.sin6_port))
                }
            }
            return storage.withMemoryRebound(to: sockaddr_in.self, capacity: 1) {
                _ = inet_ntop(AF_INET, &$0.pointee.sin_addr, &text, socklen_t(text.count))
                return Int(UInt16(bigEndian: $0.pointee.sin_port))
            }
        }
        self.descriptor = descriptor
        self.host = host
        self.address = text.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        self.port = boundPort
        self.isIPv6 = resolved.ai_family == AF_INET6
    }

    /// The site's URL on this socket, e.g. `http://127.0.0.1:8000/`, `http://[::1]:8000/` or
    /// `http://localhost:8000/` (the host as given, so that the browser's `Host` is one the server
    /// answers: `AllowedHosts`).
    public var url: String { host.contains(":") ? "http://[\(host)]:\(port)/" : "http://\(host):\(port)/" }

    /// `true` when only this machine can connect (bound to 127.0.0.0/8 or ::1).
    public var isLoopback: Bool { address == "::1" || address.hasPrefix("127.") }
}
