import Foundation
import RoadTripCore

/// Answers requests for the files of one output folder, the way `roadtrip serve` serves them during
/// development: GET and HEAD only, the path percent-decoded and confined to the folder
/// (after resolving symbolic links), hidden files never, folders through their `index.html`, the
/// site's own `404.html`, validators and byte ranges, and nothing cached by the browser without
/// asking (`no-cache`).
///
/// Rules, in order:
/// 1. A request target longer than `targetLimit` bytes: 414 URI Too Long; a request line and
///    headers over `headerLimit` bytes: 431 Request Header Fields Too Large (RFC 9110 §15.5.15,
///    RFC 6585 §5).
/// 2. The host (`Host`, or an absolute-form target's authority): missing on HTTP/1.1 or malformed,
///    400; not one this server answers for (`AllowedHosts`: DNS rebinding), 421 Misdirected Request.
/// 3. A method other than GET or HEAD: 405 with `Allow: GET, HEAD` (RFC 9110 §15.5.6).
/// 4. A malformed target (`RequestPath.Problem.malformed`): 400.
/// 5. A `..` segment, a hidden segment (one starting with `.`: `/.git/config`,
///    `/.roadtrip-manifest`, a build's staging folder, `/a/.hidden`, `/.well-known/…` too), or a
///    path whose real path (symbolic links resolved) is not inside the folder or has a hidden
///    segment there: 404 — such files are never opened.
/// 6. The caller's own `endpoint` for the path, if it answers (live reload's script and events).
/// 7. A folder: without a trailing slash, 301 to the same path with one, rebuilt from the decoded
///    segments (so `//host` never redirects off the site; query kept, unsafe bytes escaped, and
///    dropped when the `Location` would exceed `targetLimit`; 414 when even the path would); with
///    it, its `index.html` (404 when there is none).
/// 8. A file: 304 when `If-None-Match` matches its ETag (or, without that header, when
///    `If-Modified-Since` is not older than its modification time; RFC 9110 §13.1.1–§13.1.3);
///    else 200, or 206/416 for a `Range` header (`ByteRange`), which `If-Range` voids when it does not
///    match exactly (§13.1.5). HTML pages get the live-reload script when `liveReloadScript` is set, and are
///    then always sent whole.
/// 9. Anything else — including a file asked for with a trailing slash (`/index.html/`, and
///    `/index.html/.`, the same URL by RFC 3986 §5.2.4) — 404 with the folder's `404.html` when it
///    exists (the live-reload script included), else a short page that carries the script (or
///    plain text without live reload).
///
/// Every response carries `Cache-Control: no-cache` and `X-Content-Type-Options: nosniff`; files
/// carry `Content-Type` (`MediaType`), `Last-Modified`, `ETag` and `Accept-Ranges: bytes`.
public struct StaticSite: Sendable {
    /// The served folder's real path (symbolic links resolved), without a trailing slash.
    public let rootPath: String
    /// The `<script>` element put before `</body>` of every HTML page, or `nil` to serve pages as
    /// they are.
    public let liveReloadScript: String?
    /// The hosts requests may name.
    public let hosts: AllowedHosts
    /// Pages with the script injected, and files up to `inMemoryLimit` bytes, between requests.
    private let cache = FileCache()
    /// Files up to this size (bytes) are sent from memory with their headers in one write; larger
    /// ones with sendfile.
    public static let inMemoryLimit: UInt64 = 1024 * 1024
    /// The longest request target served, and the longest `Location` sent: 8 KiB. RFC 9112 §3
    /// recommends supporting request lines of at least 8,000 octets.
    public static let targetLimit = 8 * 1024
    /// The most bytes of request line and headers served: 32 KiB (cookies that many other local
    /// servers left for `localhost` included; Node's default is 16 KiB, nginx's 32 KiB in 4 lines
    /// of 8 KiB).
    public static let headerLimit = 32 * 1024

    /// Serves the folder at `root` (it must exist; its real path is taken now) to requests naming
    /// one of `hosts`.
    public init(root: URL, liveReloadScript: String? = nil, hosts: AllowedHosts) {
        let resolved = root.withUnsafeFileSystemRepresentation { path -> String? in
            guard let path, let real = realpath(path, nil) else { return nil }
            defer { free(real) }
            return String(cString: real)
        }
        var rootPath = resolved ?? root.path
        while rootPath.count > 1 && rootPath.hasSuffix("/") { rootPath.removeLast() }
        self.rootPath = rootPath
        self.liveReloadScript = liveReloadScript
        self.hosts = hosts
    }

    /// The response to `request`; `endpoint` may answer a path before the folder's files are
    /// looked at (after the checks of rules 1–5), or return `nil`.
    public func respond(
        to request: HTTPRequest, endpoint: (RequestPath, HTTPRequest) -> HTTPResponse? = { _, _ in nil }
    ) -> HTTPResponse {
        guard request.target.utf8.count <= Self.targetLimit else {
            return text(414, "414 URI Too Long: request targets are limited to \(Self.targetLimit) bytes")
        }
        guard request.headerSize <= Self.headerLimit else {
            return text(431, "431 Request Header Fields Too Large: the request line and headers are limited to \(Self.headerLimit) bytes")
        }
        let parsed = RequestPath.parse(request.target)
        let authority = (try? parsed.get())?.authority ?? request.headers["host"]
        switch hosts.verdict(for: authority, version: request.version) {
        case .allowed: break
        case .missing: return text(400, "400 Bad Request: an HTTP/1.1 request must name the host (Host header, RFC 9112 §3.2)")
        case .malformed: return text(400, "400 Bad Request: the Host header is not a host and port")
        case .misdirected:
            return text(421, "421 Misdirected Request: this server does not answer for that host name (see roadtrip serve --host)")
        }
        guard request.method == "GET" || request.method == "HEAD" else {
            return text(405, "405 Method Not Allowed: this server answers GET and HEAD only", extra: [("Allow", "GET, HEAD")])
        }
        let path: RequestPath
        switch parsed {
        case .success(let value): path = value
        case .failure(.malformed(let reason)): return text(400, "400 Bad Request: \(reason)")
        case .failure(.outsideTheSite): return notFound()
        }
        guard !path.hasHiddenSegment else { return notFound() }
        if let answer = endpoint(path, request) { return answer }
        guard let found = realFile(path.segments) else { return notFound() }
        if found.isDirectory {
            guard path.hasTrailingSlash || path.segments.isEmpty else { return redirect(toFolder: path) }
            guard let index = realFile(path.segments + ["index.html"]), !index.isDirectory else { return notFound() }
            return file(index, request: request, status: 200)
        }
        // A file named like a folder (`/index.html/`) does not exist, as nginx and Apache say.
        guard !path.hasTrailingSlash else { return notFound() }
        return file(found, request: request, status: 200)
    }

    /// 301 to the folder `path` with a trailing slash. The `Location` is rebuilt from the decoded
    /// segments, never from the target as sent, so that `//host` cannot become a redirect to another
    /// site; the query keeps only safe bytes, and is dropped when the `Location` would be longer
    /// than `targetLimit` (a client could not follow it; libmicrohttpd could not send it).
    func redirect(toFolder path: RequestPath) -> HTTPResponse {
        let folder = "/" + path.segments.map(Slug.percentEncodedPath).joined(separator: "/") + "/"
        guard folder.utf8.count <= Self.targetLimit else {
            return text(414, "414 URI Too Long: the folder's URL would be longer than \(Self.targetLimit) bytes")
        }
        var location = folder
        if let query = path.query.map(Self.safeQuery), folder.utf8.count + 1 + query.utf8.count <= Self.targetLimit {
            location += "?" + query
        }
        return text(301, "301 Moved Permanently: \(location)", extra: [("Location", location)])
    }

    /// `query` with every byte outside printable ASCII (controls, CR, LF, space, DEL, non-ASCII)
    /// percent-encoded, so it can go into a header (RFC 9110 §5.5).
    static func safeQuery(_ query: String) -> String {
        var safe = ""
        for byte in query.utf8 {
            if byte > 0x20 && byte < 0x7F {
                safe.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                safe += (byte < 0x10 ? "%0" : "%") + String(byte, radix: 16, uppercase: true)
            }
        }
        return safe
    }

    /// A file or folder found inside the root.
    struct FoundFile {
        var path: String
        var isDirectory: Bool
        var size: UInt64
        var modified: timespec
        var inode: UInt64

        var version: FileCache.Version {
            FileCache.Version(inode: inode, size: size, modifiedSeconds: modified.tv_sec, modifiedNanoseconds: modified.tv_nsec)
        }
    }

    /// The file at `segments` below the root, when its real path lies inside the root and has no
    /// hidden segment below it (a symbolic link to `.git` is as hidden as `.git`).
    func realFile(_ segments: [String]) -> FoundFile? {
        let joined = ([rootPath] + segments).joined(separator: "/")
        guard let real = realpath(joined, nil) else { return nil }
        defer { free(real) }
        let realPath = String(cString: real)
        let prefix = rootPath == "/" ? "/" : rootPath + "/"
        guard realPath == rootPath || realPath.hasPrefix(prefix) else { return nil }
        if realPath != rootPath, realPath.dropFirst(prefix.count).split(separator: "/").contains(where: { $0.hasPrefix(".") }) {
            return nil
        }
        var status = stat()
        guard stat(realPath, &status) == 0 else { return nil }
        let kind = status.st_mode & S_IFMT
        guard kind == S_IFDIR || kind == S_IFREG else { return nil }
        return FoundFile(
            path: realPath, isDirectory: kind == S_IFDIR, size: UInt64(status.st_size), modified: status.st_mtim,
            inode: UInt64(status.st_ino))
    }

    func file(_ found: FoundFile, request: HTTPRequest, status: Int) -> HTTPResponse {
        let fileName = (found.path as NSString).lastPathComponent
        let contentType = MediaType.forFile(named: fileName)
        let injects = liveReloadScript != nil && contentType.hasPrefix("text/html")
        let entityTag = "\"\(injects ? "r" : "")\(String(found.size, radix: 16))-\(String(found.modified.tv_sec, radix: 16))"
            + "\(String(found.modified.tv_nsec, radix: 16))\""
        let modified = Date(timeIntervalSince1970: Double(found.modified.tv_sec))
        var headers: [(name: String, value: String)] = [
            ("Content-Type", contentType), ("Last-Modified", HTTPDate.format(modified)), ("ETag", entityTag),
            ("Cache-Control", "no-cache"), ("X-Content-Type-Options", "nosniff"),
        ]
        if status == 200 && isNotModified(request, entityTag: entityTag, modified: modified) {
            return HTTPResponse(status: 304, headers: headers.filter { $0.name != "Content-Type" })
        }
        if injects, let script = liveReloadScript {
            guard let page = cache.bytes(for: found.path, version: found.version, make: {
                Self.contents(of: found.path).map { Self.inject(script, into: $0) }
            }) else { return notFound() }
            return HTTPResponse(status: status, headers: headers, body: .bytes(page))
        }
        headers.append(("Accept-Ranges", "bytes"))
        var range = ByteRange.parse(request.headers["range"], size: found.size)
        // If-Range (RFC 9110 §13.1.5): the range applies only to the same representation — the
        // same strong ETag, or exactly the Last-Modified date.
        if let condition = request.headers["if-range"], condition != entityTag,
            HTTPDate.parse(condition) != modified
        {
            range = .whole
        }
        switch (status, range) {
        case (200, .part(let first, let last)):
            headers.append(("Content-Range", "bytes \(first)-\(last)/\(found.size)"))
            return HTTPResponse(status: 206, headers: headers, body: .file(path: found.path, offset: first, length: last - first + 1))
        case (200, .unsatisfiable):
            return text(416, "416 Range Not Satisfiable", extra: [("Content-Range", "bytes */\(found.size)")])
        default:
            if found.size <= Self.inMemoryLimit,
                let bytes = cache.bytes(for: found.path, version: found.version, make: { Self.contents(of: found.path) }),
                bytes.count == Int(found.size)
            {
                return HTTPResponse(status: status, headers: headers, body: .bytes(bytes))
            }
            return HTTPResponse(status: status, headers: headers, body: .file(path: found.path, offset: 0, length: found.size))
        }
    }

    /// The file's bytes, or `nil` when it cannot be read.
    static func contents(of path: String) -> [UInt8]? {
        FileManager.default.contents(atPath: path).map { Array($0) }
    }

    /// RFC 9110 §13.1.2 (`If-None-Match`, weak comparison, `*`) and §13.1.3 (`If-Modified-Since`,
    /// only without `If-None-Match`, and ignored when its date is later than `now`, the server's
    /// clock: such a date cannot be one this server sent).
    func isNotModified(_ request: HTTPRequest, entityTag: String, modified: Date, now: Date = Date()) -> Bool {
        if let noneMatch = request.headers["if-none-match"] {
            let tags = noneMatch.split(separator: ",").map { tag -> String in
                let trimmed = tag.trimmingCharacters(in: .whitespaces)
                return trimmed.hasPrefix("W/") ? String(trimmed.dropFirst(2)) : trimmed
            }
            return tags.contains("*") || tags.contains(entityTag)
        }
        if let since = request.headers["if-modified-since"].flatMap(HTTPDate.parse) {
            return since <= now && modified <= since
        }
        return false
    }

    /// `page` with `script` before its last `</body>` (any case), or at the end when it has none.
    static func inject(_ script: String, into page: [UInt8]) -> [UInt8] {
        let closing = Array("</body".utf8)
        var index = page.count - closing.count
        while index >= 0 {
            var matches = true
            for offset in 0..<closing.count where page[index + offset] | 0x20 != closing[offset] | 0x20 {
                matches = false
                break
            }
            if matches { break }
            index -= 1
        }
        let insertion = index >= 0 ? index : page.count
        return Array(page[..<insertion]) + Array(script.utf8) + Array(page[insertion...])
    }

    // MARK: Errors

    /// 404 with the site's `404.html` when there is one.
    func notFound() -> HTTPResponse {
        if let page = realFile(["404.html"]), !page.isDirectory,
            let body = cache.bytes(for: page.path, version: page.version, make: {
                Self.contents(of: page.path).map { bytes in liveReloadScript.map { Self.inject($0, into: bytes) } ?? bytes }
            })
        {
            return HTTPResponse(
                status: 404,
                headers: [("Content-Type", "text/html; charset=utf-8"), ("Cache-Control", "no-cache"), ("X-Content-Type-Options", "nosniff")],
                body: .bytes(body))
        }
        // No 404.html (say, the first build failed): with live reload, an HTML page, so that the
        // script can show the build's errors and reload once it is fixed.
        if let script = liveReloadScript {
            let page = "<!DOCTYPE html>\n<html lang=\"en\"><meta charset=\"utf-8\"><title>404 Not Found</title>"
                + "<body><h1>404 Not Found</h1><p>roadtrip serve has no page here (yet).</p>\(script)</body></html>\n"
            return HTTPResponse(
                status: 404,
                headers: [("Content-Type", "text/html; charset=utf-8"), ("Cache-Control", "no-cache"), ("X-Content-Type-Options", "nosniff")],
                body: .bytes(Array(page.utf8)))
        }
        return text(404, "404 Not Found")
    }

    func text(_ status: Int, _ message: String, extra: [(name: String, value: String)] = []) -> HTTPResponse {
        HTTPResponse(
            status: status,
            headers: [("Content-Type", "text/plain; charset=utf-8"), ("Cache-Control", "no-cache"), ("X-Content-Type-Options", "nosniff")] + extra,
            body: .bytes(Array((message + "\n").utf8)))
    }
}
