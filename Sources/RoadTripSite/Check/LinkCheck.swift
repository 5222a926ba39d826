import Dispatch
import Foundation
import Synchronization
import RoadTripFormats

/// `roadtrip check`: whether every internal link and asset reference of a built site resolves, as
/// `zola check` does for a Zola site. Reads every page (`.html`), SVG (`.svg`) and stylesheet
/// (`.css`) of the output folder (not the `.roadtrip-` staging and lock entries), takes each
/// reference (`DocumentReferences`; `url(…)` in stylesheets) and resolves it the way a browser
/// would from that file:
/// - `#fragment` alone: an element of that `id` in the same file;
/// - a URL with a scheme or `//host`: external (`http`/`https` listed; `mailto:`, `tel:`, `data:`,
///   `geo:`… ignored) — except one under the site's own origin and base path (`baseURL`'s, such as
///   a page's canonical link or its `og:image`, which must be absolute), checked as that path;
/// - `/path`: from the site's base path (`baseURL`'s path; `/` without one); a path outside it is
///   broken;
/// - anything else: relative to the file's folder (RFC 3986 §5.2), percent-decoded, query dropped;
///   a folder means its `index.html`; `page#fragment` needs that `id` in that page.
/// A reference that leaves the output folder (`../` above its top) is broken.
public enum LinkCheck {
    /// A reference that does not resolve.
    public struct BrokenReference: Sendable, Hashable {
        /// The file, relative to the output folder.
        public var file: String
        public var line: Int
        /// 1-based column of the reference's value on its line (of the attribute when the value is
        /// not found as written).
        public var column: Int
        public var url: String
        /// Why: "no file 'x/index.html' in the site", "no element with id 'y' in 'x/index.html'", …
        public var reason: String
    }

    /// An external URL and where it is first used.
    public struct ExternalReference: Sendable, Hashable {
        public var url: String
        public var file: String
        public var line: Int
        /// How many references name it.
        public var count: Int
    }

    /// What the check found.
    public struct Report: Sendable {
        /// In file order, then line.
        public var broken: [BrokenReference] = []
        /// The external links (`<a>`, `<area>`), each once, in order of first use.
        public var externalLinks: [ExternalReference] = []
        /// External resources (images, tiles, scripts) by host, with their count, by host name.
        public var externalResourceHosts: [(host: String, count: Int)] = []
        /// Files read, and internal references resolved.
        public var filesChecked = 0, internalReferences = 0
    }

    /// Checks the site in `outputFolder`, whose root-relative links start with `basePath`
    /// (`/trips/`; `nil` or `/` for a site at the root of its host) and whose absolute URLs start
    /// with `origin` and that path (`https://example.org`, from `baseURL`; `nil` when it has no host).
    public static func check(outputFolder: URL, basePath: String?, origin: String? = nil) -> Report {
        let root = outputFolder.standardizedFileURL.path
        let (files, folders) = listing(of: root)
        let documents = files.filter { $0.hasSuffix(".html") || $0.hasSuffix(".svg") || $0.hasSuffix(".css") }.sorted()
        // Read and parse every document across the cores.
        let scanned = Mutex([String: Scanned]())
        DispatchQueue.concurrentPerform(iterations: documents.count) { position in
            let path = documents[position]
            guard let data = FileManager.default.contents(atPath: root + "/" + path) else { return }
            let result = scan(data, path: path)
            scanned.withLock { $0[path] = result }
        }
        let documentsScanned = scanned.withLock { $0 }
        var report = Report()
        report.filesChecked = documentsScanned.count
        var externalLinks: [String: ExternalReference] = [:], linkOrder: [String] = []
        var hosts: [String: Int] = [:]
        let base = basePath.map { $0.hasSuffix("/") ? $0 : $0 + "/" } ?? "/"
        for path in documents {
            guard let document = documentsScanned[path] else { continue }
            // A <base href> moves every relative reference of the page (HTML §4.2.3).
            var from = path
            if let baseElement = document.references.first(where: { $0.element == "base" }) {
                switch resolve(baseElement.url, from: path, basePath: base) {
                case .internalPath(let target, _):
                    from = (target.isEmpty || target.hasSuffix("/") ? target : target.split(separator: "/").dropLast().joined(separator: "/") + "/") + "index.html"
                case .external, .ignored, .broken:
                    from = ""
                }
            }
            for reference in document.references where reference.element != "base" {
                let url = sitePath(of: reference.url, origin: origin, basePath: base) ?? reference.url
                let resolution = from.isEmpty && !url.hasPrefix("/") && !url.contains(":")
                    ? Resolution.ignored : resolve(url, from: from, basePath: base)
                switch resolution {
                case .ignored:
                    continue
                case .external(let url, let host):
                    if reference.kind == .link {
                        if externalLinks[url] == nil {
                            externalLinks[url] = ExternalReference(url: url, file: path, line: reference.line, count: 0)
                            linkOrder.append(url)
                        }
                        externalLinks[url]!.count += 1
                    } else {
                        hosts[host, default: 0] += 1
                    }
                case .broken(let reason):
                    report.broken.append(broken(reference, in: path, document: document, reason: reason))
                case .internalPath(let target, let fragment):
                    report.internalReferences += 1
                    var file = target
                    if file.isEmpty || file.hasSuffix("/") || folders.contains(file) {
                        file = file.isEmpty || file.hasSuffix("/") ? file + "index.html" : file + "/index.html"
                    }
                    if !files.contains(file) {
                        report.broken.append(broken(reference, in: path, document: document, reason: "no file '\(file)' in the site"))
                    } else if let fragment, !fragment.isEmpty, fragment.lowercased() != "top",
                              let target = documentsScanned[file], !target.ids.contains(fragment) {
                        report.broken.append(broken(
                            reference, in: path, document: document, reason: "no element with id '\(fragment)' in '\(file)'"))
                    }
                }
            }
        }
        report.externalLinks = linkOrder.map { externalLinks[$0]! }
        report.externalResourceHosts = hosts.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
        return report
    }

    /// The root-relative path (`/trips/bergen/og.png`) of `url` when it is an absolute URL of the
    /// site itself — `origin` (compared without regard to case, as schemes and hosts are, RFC 3986
    /// §6.2.2.1) followed by `basePath` — else `nil`.
    static func sitePath(of url: String, origin: String?, basePath: String) -> String? {
        guard let origin, url.count > origin.count,
              url.prefix(origin.count).lowercased() == origin.lowercased()
        else { return nil }
        let path = String(url.dropFirst(origin.count))
        return path.hasPrefix(basePath) || path + "/" == basePath ? path : nil
    }

    /// A scanned document: its references, ids and lines (for columns).
    struct Scanned: Sendable {
        var references: [DocumentReference]
        var ids: Set<String>
        var lines: [Substring]
    }

    static func scan(_ data: Data, path: String) -> Scanned {
        let text = String(decoding: data, as: UTF8.self)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        if path.hasSuffix(".css") {
            let references = DocumentReferences.cssReferences(in: text).filter { !$0.url.isEmpty }.map {
                DocumentReference(url: $0.url, kind: .resource, line: $0.line, element: "css", attribute: "url")
            }
            return Scanned(references: references, ids: [], lines: lines)
        }
        let found = DocumentReferences.scan(data, isXML: path.hasSuffix(".svg"))
        return Scanned(references: found?.references ?? [], ids: found?.ids ?? [], lines: lines)
    }

    private static func broken(_ reference: DocumentReference, in path: String, document: Scanned, reason: String) -> BrokenReference {
        var column = 1
        if reference.line >= 1, reference.line <= document.lines.count {
            let line = document.lines[reference.line - 1]
            let written = [reference.url, HTMLEscaping.escape(reference.url), reference.attribute + "="]
            for candidate in written {
                if let range = line.range(of: candidate) {
                    column = line.distance(from: line.startIndex, to: range.lowerBound) + 1
                    break
                }
            }
        }
        return BrokenReference(file: path, line: reference.line, column: column, url: reference.url, reason: reason)
    }

    /// Where a reference leads.
    enum Resolution: Equatable {
        case ignored
        case external(url: String, host: String)
        /// A path from the output folder's root (no leading `/`, percent-decoded), and its fragment.
        case internalPath(String, fragment: String?)
        case broken(String)
    }

    /// Resolves `url`, written in the file `path` (relative to the output folder), for a site
    /// whose root-relative links start with `basePath` (`/` or `/trips/`).
    static func resolve(_ url: String, from path: String, basePath: String) -> Resolution {
        if url.hasPrefix("//") {
            let host = url.dropFirst(2).prefix { $0 != "/" && $0 != "?" && $0 != "#" }
            return .external(url: "https:" + url, host: String(host))
        }
        if let scheme = url.firstMatch(of: #/^([A-Za-z][A-Za-z0-9+.\-]*):/#) {
            let name = scheme.1.lowercased()
            guard name == "http" || name == "https" else { return .ignored }
            return .external(url: url, host: URLComponents(string: url)?.host ?? "")
        }
        var rest = Substring(url), fragment: String?
        if let hash = rest.firstIndex(of: "#") {
            fragment = String(rest[rest.index(after: hash)...]).removingPercentEncoding
            rest = rest[..<hash]
        }
        if let question = rest.firstIndex(of: "?") { rest = rest[..<question] }
        let folder = path.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        var joined: String
        if rest.isEmpty {
            joined = path
        } else if rest.hasPrefix("/") {
            guard rest.hasPrefix(basePath) || rest + "/" == basePath else {
                return .broken("outside the site's base path '\(basePath)'")
            }
            joined = String(rest.dropFirst(min(basePath.count, rest.count)))
        } else {
            joined = folder.isEmpty ? String(rest) : folder + "/" + rest
        }
        let endsInFolder = joined.hasSuffix("/") || joined.hasSuffix("/.") || joined.hasSuffix("/..") || joined == "." || joined == ".."
        var segments: [String] = []
        for segment in joined.split(separator: "/", omittingEmptySubsequences: true) {
            switch segment {
            case ".": continue
            case "..":
                guard !segments.isEmpty else { return .broken("leads outside the site") }
                segments.removeLast()
            default:
                guard let decoded = String(segment).removingPercentEncoding else { return .broken("bad percent-encoding") }
                segments.append(decoded)
            }
        }
        let target = segments.joined(separator: "/") + (endsInFolder && !segments.isEmpty ? "/" : "")
        return .internalPath(target, fragment: fragment)
    }

    /// Every regular file and folder below `root`, as paths relative to it, skipping roadtrip's own
    /// `.roadtrip-` entries at the top.
    private static func listing(of root: String) -> (files: Set<String>, folders: Set<String>) {
        var files: Set<String> = [], folders: Set<String> = []
        guard let enumerator = FileManager.default.enumerator(atPath: root) else { return ([], []) }
        while let relative = enumerator.nextObject() as? String {
            if relative.hasPrefix(".roadtrip-") {
                enumerator.skipDescendants()
                continue
            }
            var status = stat()
            guard stat(root + "/" + relative, &status) == 0 else { continue }
            if status.st_mode & S_IFMT == S_IFDIR { folders.insert(relative) } else if status.st_mode & S_IFMT == S_IFREG { files.insert(relative) }
        }
        return (files, folders)
    }
}
