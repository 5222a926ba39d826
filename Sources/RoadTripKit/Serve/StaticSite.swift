import Foundation

/// Answers requests for the files of one output folder, the way `roadtrip serve` serves them during
/// development (issue 5): GET and HEAD only, the path percent-decoded and confined to the folder
/// (after resolving symbolic links), folders through their `index.html`, the site's own `404.html`,
/// validators and byte ranges, and nothing cached by the browser without asking (`no-cache`).
///
/// Rules, in order:
/// 1. A method other than GET or HEAD: 405 with `Allow: GET, HEAD` (RFC 9110 §15.5.6).
/// 2. A malformed target (`RequestPath.Problem.malformed`): 400.
/// 3. A `..` segment, or a path whose real path (symbolic links resolved) is not inside the folder:
///    404 — outside files are never opened.
/// 4. A folder: without a trailing slash, 301 to the same path with one, rebuilt from the decoded
///    segments (so `//host` never redirects off the site; query kept, unsafe bytes escaped); with
///    it, its `index.html` (404 when there is none).
/// 5. A file: 304 when `If-None-Match` matches its ETag (or, without that header, when
///    `If-Modified-Since` is not older than its modification time; RFC 9110 §13.1.1–§13.1.3);
///    else 200, or 206/416 for a `Range` header (`ByteRange`), which `If-Range` voids when it does not
///    match exactly (§13.1.5). HTML pages get the live-reload script when `liveReloadScript` is set, and are
///    then always sent whole.
/// 6. Anything else — including a file asked for with a trailing slash — 404 with the folder's
///    `404.html` when it exists (the live-reload script included), else a short page that carries
///    the script (or plain text without live reload).
///
/// Every response carries `Cache-Control: no-cache` and `X-Content-Type-Options: nosniff`; files
/// carry `Content-Type` (`MediaType`), `Last-Modified`, `ETag` and `Accept-Ranges: bytes`.
public struct StaticSite: Sendable {
    /// The served folder's real path (symbolic links resolved), without a trailing slash.
    public let rootPath: String
    /// The `<script>` element put before `</body>` of every HTML page, or `nil` to serve pages as
    /// they are.
    public let liveReloadScript: String?
    /// Pages with the script injected, and files up to `inMemoryLimit` bytes, between requests.
    private let cache = FileCache()
    /// Files up to this size (bytes) are sent from memory with their headers in one write; larger
    /// ones with sendfile.
    public static let inMemoryLimit: UInt64 = 1024 * 1024

    /// Serves the folder at `root` (it must exist; its real path is taken now).
    public init(root: URL, liveReloadScript: String? = nil) {
        let resolved = root.withUnsafeFileSystemRepresentation { path -> String? in
            guard let path, let real = realpath(path, nil) else { return nil }
            defer { free(real) }
            return String(cString: real)
        }
        var rootPath = resolved ?? root.path
        while rootPath.count > 1 && rootPath.hasSuffix("/") { rootPath.removeLast() }
        self.rootPath = rootPath
        self.liveReloadScript = liveReloadScript
    }

    /// The response to `request`.
    public func respond(to request: HTTPRequest) -> HTTPResponse {
        guard request.method == "GET" || request.method == "HEAD" else {
            return text(405, "405 Method Not Allowed: this server answers GET and HEAD only", extra: [("Allow", "GET, HEAD")])
        }
        let path: RequestPath
        switch RequestPath.parse(request.target) {
        case .success(let parsed): path = parsed
        case .failure(.malformed(let reason)): return text(400, "400 Bad Request: \(reason)")
        case .failure(.outsideTheSite): return notFound()
        }
        guard let found = realFile(path.segments) else { return notFound() }
        if found.isDirectory {
            guard path.hasTrailingSlash || path.segments.isEmpty else {
                // Rebuilt from the decoded segments, never from the target as sent, so that
                // `//host` cannot become a redirect to another site; the query keeps only safe bytes.
                let location = "/" + path.segments.map(Slug.percentEncodedPath).joined(separator: "/") + "/"
                    + (path.query.map { "?" + Self.safeQuery($0) } ?? "")
                return text(301, "301 Moved Permanently: \(location)", extra: [("Location", location)])
            }
            guard let index = realFile(path.segments + ["index.html"]), !index.isDirectory else { return notFound() }
            return file(index, request: request, status: 200)
        }
        // A file named like a folder (`/index.html/`) does not exist, as nginx and Apache say.
        guard !path.hasTrailingSlash else { return notFound() }
        return file(found, request: request, status: 200)
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

    /// The file at `segments` below the root, when its real path lies inside the root.
    func realFile(_ segments: [String]) -> FoundFile? {
        let joined = ([rootPath] + segments).joined(separator: "/")
        guard let real = realpath(joined, nil) else { return nil }
        defer { free(real) }
        let realPath = String(cString: real)
        guard realPath == rootPath || realPath.hasPrefix(rootPath == "/" ? "/" : rootPath + "/") else { return nil }
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
    /// only without `If-None-Match`).
    func isNotModified(_ request: HTTPRequest, entityTag: String, modified: Date) -> Bool {
        if let noneMatch = request.headers["if-none-match"] {
            let tags = noneMatch.split(separator: ",").map { tag -> String in
                let trimmed = tag.trimmingCharacters(in: .whitespaces)
                return trimmed.hasPrefix("W/") ? String(trimmed.dropFirst(2)) : trimmed
            }
            return tags.contains("*") || tags.contains(entityTag)
        }
        if let since = request.headers["if-modified-since"].flatMap(HTTPDate.parse) {
            return modified <= since
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
