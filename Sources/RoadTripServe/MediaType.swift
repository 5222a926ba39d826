/// The `Content-Type` a file is served with, by its extension (case-insensitive). Text types carry
/// `charset=utf-8` (roadtrip writes UTF-8). Sources: the IANA media-type registry; RFC 7946 §12
/// (`application/geo+json`); RFC 9239 (`text/javascript`); the GPX 1.1 schema's
/// `application/gpx+xml`; RFC 7303 (`application/xml`, `image/svg+xml`); RFC 8081 (fonts).
public enum MediaType {
    /// The media type for a file named `fileName`; `application/octet-stream` when unknown.
    public static func forFile(named fileName: String) -> String {
        guard let dot = fileName.lastIndex(of: "."), dot != fileName.startIndex else { return "application/octet-stream" }
        return byExtension[fileName[fileName.index(after: dot)...].lowercased()] ?? "application/octet-stream"
    }

    private static let byExtension: [String: String] = [
        "html": "text/html; charset=utf-8", "htm": "text/html; charset=utf-8",
        "css": "text/css; charset=utf-8", "js": "text/javascript; charset=utf-8",
        "mjs": "text/javascript; charset=utf-8", "json": "application/json",
        "geojson": "application/geo+json", "gpx": "application/gpx+xml", "xml": "application/xml; charset=utf-8",
        "svg": "image/svg+xml", "txt": "text/plain; charset=utf-8", "md": "text/markdown; charset=utf-8",
        "csv": "text/csv; charset=utf-8", "webmanifest": "application/manifest+json",
        "png": "image/png", "jpg": "image/jpeg", "jpeg": "image/jpeg", "gif": "image/gif",
        "webp": "image/webp", "avif": "image/avif", "heic": "image/heic", "ico": "image/vnd.microsoft.icon",
        "woff": "font/woff", "woff2": "font/woff2", "ttf": "font/ttf", "otf": "font/otf",
        "pdf": "application/pdf", "wasm": "application/wasm", "mp4": "video/mp4", "webm": "video/webm",
    ]
}
