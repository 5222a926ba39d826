/// The path of an HTTP request target (RFC 9112 §3.2: origin-form `/a/b?q`, or absolute-form
/// `http://host/a/b`), split into percent-decoded segments (RFC 3986 §2.1) for `StaticSite`.
///
/// `+` is a plus sign in a path (only HTML form encoding makes it a space). Empty segments and `.`
/// (also sent as `%2E`) are dropped (`/a//./b` is `a`, `b`), as a file system would resolve them;
/// a `.` at the end leaves a trailing slash (`/a/.` is `/a/`), as RFC 3986 §5.2.4
/// (remove_dot_segments) says.
public struct RequestPath: Sendable, Hashable {
    /// Why a target is not a usable path.
    public enum Problem: Error, Sendable, Hashable {
        /// A `%` not followed by two hexadecimal digits, a decoded NUL byte, or bytes that are not
        /// UTF-8 (HTTP 400).
        case malformed(String)
        /// A `..` segment, or a segment that decodes to one containing `/` (HTTP 404: the file is
        /// never looked for).
        case outsideTheSite
    }

    /// The decoded segments, in order (`/trips/lake%20loop/` → `trips`, `lake loop`).
    public let segments: [String]
    /// `true` when the path as sent ends with `/`, or with a `.` segment (a folder's URL).
    public let hasTrailingSlash: Bool
    /// The authority of an absolute-form target (`example.org:8000` in `http://example.org:8000/a`),
    /// as sent; `nil` for origin-form. RFC 9112 §3.2.2: it replaces the `Host` header.
    public let authority: String?
    /// The path as sent, still percent-encoded, without the query.
    public let encodedPath: String
    /// The query as sent (after `?`), if any.
    public let query: String?

    /// Parses `target` as the request line gave it.
    public static func parse(_ target: String) -> Result<RequestPath, Problem> {
        var rest = Substring(target)
        if let query = rest.firstIndex(of: "#") { rest = rest[..<query] }
        var queryText: String?
        if let mark = rest.firstIndex(of: "?") {
            queryText = String(rest[rest.index(after: mark)...])
            rest = rest[..<mark]
        }
        // Absolute-form: keep the authority, drop the scheme.
        var authority: String?
        for scheme in ["http://", "https://"] where rest.lowercased().hasPrefix(scheme) {
            let afterScheme = rest.dropFirst(scheme.count)
            let slash = afterScheme.firstIndex(of: "/") ?? afterScheme.endIndex
            authority = String(afterScheme[..<slash])
            rest = slash == afterScheme.endIndex ? "/" : afterScheme[slash...]
        }
        guard rest.hasPrefix("/") else { return .failure(.malformed("the request target must start with '/'")) }
        var segments: [String] = []
        var endsWithDot = false
        for rawSegment in rest.split(separator: "/", omittingEmptySubsequences: true) {
            let decoded: String
            switch decode(rawSegment) {
            case .success(let text): decoded = text
            case .failure(let problem): return .failure(problem)
            }
            endsWithDot = decoded == "."
            if endsWithDot { continue }
            if decoded == ".." || decoded.contains("/") { return .failure(.outsideTheSite) }
            segments.append(decoded)
        }
        // `rest.hasSuffix("/")` also covers `/a/./`, where the last split segment is `.`.
        return .success(
            RequestPath(
                segments: segments, hasTrailingSlash: endsWithDot || rest.hasSuffix("/"), authority: authority,
                encodedPath: String(rest), query: queryText))
    }

    /// `true` when a segment names a hidden file or folder (starts with `.`: `.git`, `.roadtrip-manifest`,
    /// a build's staging folder), which `StaticSite` never serves.
    public var hasHiddenSegment: Bool { segments.contains { $0.hasPrefix(".") } }

    /// One segment, percent-decoded.
    private static func decode(_ segment: Substring) -> Result<String, Problem> {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(segment.utf8.count)
        var iterator = segment.utf8.makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else {
                return .failure(.malformed("malformed percent-escape in the path"))
            }
            bytes.append(high << 4 | low)
        }
        guard !bytes.contains(0) else { return .failure(.malformed("the path contains a NUL byte")) }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            return .failure(.malformed("the path is not UTF-8"))
        }
        return .success(text)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
