/// One HTTP request as `StaticSite` sees it: no body (the server answers GET and HEAD only).
public struct HTTPRequest: Sendable {
    /// The method as sent (`GET`, `HEAD`, …).
    public var method: String
    /// The request target exactly as sent, percent-escapes and query included.
    public var target: String
    /// Header fields by lower-cased name; the values of a name sent more than once are joined
    /// with `", "` (RFC 9110 §5.3), so a repeated `Host` reads as an invalid one.
    public var headers: [String: String]
    /// The protocol version as sent (`HTTP/1.1`, `HTTP/1.0`).
    public var version: String
    /// Bytes of the request line and header section, blank line included (0 when not known).
    public var headerSize: Int

    /// A request; `headers` keys must be lower-cased.
    public init(
        method: String, target: String, headers: [String: String] = [:], version: String = "HTTP/1.1", headerSize: Int = 0
    ) {
        self.method = method
        self.target = target
        self.headers = headers
        self.version = version
        self.headerSize = headerSize
    }
}

/// What the server sends back.
public struct HTTPResponse: Sendable {
    /// Where the body comes from.
    public enum Body: Sendable {
        /// These bytes.
        case bytes([UInt8])
        /// `length` bytes of the file at `path` from byte `offset` (sent with sendfile by libmicrohttpd).
        case file(path: String, offset: UInt64, length: UInt64)
        /// A Server-Sent Events stream, open until the stream or the server closes it.
        case eventStream(EventStream)
    }

    /// The status code (200, 206, 301, 304, 400, 404, 405, 414, 416, 421, 431, …).
    public var status: Int
    /// Header fields in order; `Content-Length` is added by the server from the body.
    public var headers: [(name: String, value: String)]
    /// The body (also sized for HEAD, whose body the server leaves out).
    public var body: Body

    /// A response.
    public init(status: Int, headers: [(name: String, value: String)] = [], body: Body = .bytes([])) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// The first value of the header `name` (case-insensitive), if any.
    public func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }
}
