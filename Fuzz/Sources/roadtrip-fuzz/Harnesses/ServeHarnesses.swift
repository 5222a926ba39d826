import Foundation
import RoadTripKit

// `roadtrip serve`'s pure request rules: what a request line and its headers are read as.

extension Harness {
    /// A request target (`RequestPath.parse`, then `MediaType` of the file it names). The input is a
    /// request line's target as libmicrohttpd hands it over: a C string, so up to the first NUL.
    /// A path it accepts has no segment that is empty, `.`, `..` or holds `/` or NUL, ends in a
    /// slash exactly when it is written with one or with a final `.` segment, and the same
    /// segments percent-encoded again parse back to themselves.
    static let requestTarget = Harness(name: "request-target", summary: "an HTTP request target: RequestPath, MediaType") { data in
        let target = String(decoding: data.prefix { $0 != 0 }, as: UTF8.self)
        guard case .success(let path) = RequestPath.parse(target) else { return }
        for segment in path.segments {
            require(
                !segment.isEmpty && segment != "." && segment != ".." && !segment.contains("/") && !segment.contains("\0"),
                "the segment \(String(reflecting: segment)) of \(String(reflecting: target))")
        }
        require(path.encodedPath.hasPrefix("/"), "the path \(String(reflecting: path.encodedPath)) does not start with /")
        // A final `.` segment (`/x/.`, `/x/%2e`) is a trailing slash too (RFC 3986 §5.2.4).
        let endsWithDot = path.encodedPath.split(separator: "/").last.flatMap { String($0).removingPercentEncoding } == "."
        require(
            path.hasTrailingSlash == (path.encodedPath.hasSuffix("/") || endsWithDot),
            "hasTrailingSlash for \(String(reflecting: path.encodedPath))")
        let encoded = "/" + path.segments.map(Slug.percentEncodedPath).joined(separator: "/") + (path.hasTrailingSlash ? "/" : "")
        guard case .success(let again) = RequestPath.parse(encoded) else {
            require(false, "the re-encoded path \(String(reflecting: encoded)) does not parse")
            return
        }
        require(again.segments == path.segments, "\(String(reflecting: encoded)) parses as \(again.segments), not \(path.segments)")
        if let name = path.segments.last {
            let type = MediaType.forFile(named: name)
            require(!type.isEmpty && type.contains("/") && !type.contains(where: \.isNewline), "the media type \(String(reflecting: type))")
        }
    }

    /// A `Range` header (`ByteRange.parse`): the first 8 input bytes are the file's size (little
    /// endian), the rest the header. A part served lies inside the file; a file of 0 bytes has none.
    static let byteRange = Harness(name: "range", summary: "an HTTP Range header against a size: ByteRange") { data in
        guard data.count >= 8 else { return }
        let size = data.prefix(8).enumerated().reduce(UInt64(0)) { $0 | UInt64($1.element) << (8 * UInt64($1.offset)) }
        let header = String(decoding: data.dropFirst(8).prefix { $0 != 0 }, as: UTF8.self)
        switch ByteRange.parse(header, size: size) {
        case .whole, .unsatisfiable: break
        case .part(let first, let last):
            require(first <= last && last < size, "bytes \(first)-\(last) of \(size) for \(String(reflecting: header))")
        }
        require(ByteRange.parse(nil, size: size) == .whole, "no header is not the whole file")
    }

    /// An HTTP date (`HTTPDate.parse`, as `If-Modified-Since` and `If-Range` carry one): a date it
    /// reads is written by `HTTPDate.format` as an IMF-fixdate that reads back as the same date.
    /// The first 8 bytes as a count of seconds (little endian, within the years 0001–9999) also
    /// make a `Last-Modified` that must read back as itself.
    static let httpDate = Harness(name: "http-date", summary: "If-Modified-Since / If-Range dates: HTTPDate") { data in
        let text = String(decoding: data.prefix { $0 != 0 }, as: UTF8.self)
        if let date = HTTPDate.parse(text) {
            let written = HTTPDate.format(date)
            require(HTTPDate.parse(written) == date, "\(String(reflecting: text)) reads as \(date), written \(written), which reads back as \(String(describing: HTTPDate.parse(written)))")
        }
        guard data.count >= 8 else { return }
        let raw = data.prefix(8).enumerated().reduce(UInt64(0)) { $0 | UInt64($1.element) << (8 * UInt64($1.offset)) }
        // 0001-01-01 to 9999-12-31T23:59:59Z: −62,135,596,800 s and 253,402,300,799 s.
        let seconds = -62_135_596_800 + Int64(raw % 315_537_897_600)
        let date = Date(timeIntervalSince1970: Double(seconds))
        let written = HTTPDate.format(date)
        require(written.utf8.count == 29 && written.hasSuffix(" GMT"), "Last-Modified \(String(reflecting: written))")
        require(HTTPDate.parse(written) == date, "\(written) reads back as \(String(describing: HTTPDate.parse(written))), not \(date)")
    }
}
