import Foundation
import RoadTripCore

/// Builds every internal URL of the site from one rule, so `baseURL`'s sub-path appears exactly once.
///
/// - With a `baseURL` (`https://example.org/trips/` or `/trips/`), links are root-relative:
///   `/trips/new-york/`. Absolute URLs (sitemap, canonical) put the scheme and host in front.
/// - Without one, links are relative to the page (`../new-york/index.html`), so the site also works
///   opened straight from disk (`file://…/Output/index.html`).
public struct SiteLinks: Sendable, Hashable {
    /// The base path with leading and trailing '/', e.g. `/trips/`, or `nil` for relative links.
    public let basePath: String?
    /// `https://example.org` (no trailing '/') when `baseURL` gave a scheme and host.
    public let origin: String?

    /// Creates the link rule for `baseURL` (`nil` or empty: relative links).
    public init(baseURL: String?) {
        guard let baseURL, !baseURL.isEmpty, let components = URLComponents(string: baseURL) else {
            basePath = nil
            origin = nil
            return
        }
        var path = components.percentEncodedPath
        if !path.hasPrefix("/") { path = "/" + path }
        if !path.hasSuffix("/") { path += "/" }
        basePath = path
        // `encodedHost`: the host as written in the URL, in IDNA ASCII form (`host` would give
        // "bücher.de" back for "xn--bcher-kva.de").
        if let scheme = components.scheme, let host = components.encodedHost ?? components.host {
            origin = "\(scheme)://\(host)" + (components.port.map { ":\($0)" } ?? "")
        } else {
            origin = nil
        }
    }

    /// The link from a page at `pageDepth` folders below the site root (0 for `index.html`, 1 for
    /// `<slug>/index.html`) to the site path `target` (no leading '/'; `""` is the home page; a path
    /// ending in '/' is a folder). Non-ASCII characters are percent-encoded (RFC 3986 §2.1).
    public func link(to target: String, fromDepth pageDepth: Int) -> String {
        let encoded = Self.percentEncoded(target)
        if let basePath { return basePath + encoded }
        let up = String(repeating: "../", count: pageDepth)
        if encoded.isEmpty || encoded.hasSuffix("/") { return up + encoded + "index.html" }
        return up + encoded
    }

    /// A URL template that is a path from the site root (`/tiles/{z}/{x}/{y}.png`) as a page
    /// `pageDepth` folders below the root uses it: under the base path (`/trips/tiles/{z}/…`), or
    /// relative to the page without a baseURL (`../tiles/{z}/…` from `<slug>/index.html`). The
    /// template's own characters are kept as written (its `{z}` must reach the page's script).
    public func sitePathTemplate(_ template: String, fromDepth pageDepth: Int) -> String {
        let path = template.drop { $0 == "/" }
        return (basePath ?? String(repeating: "../", count: pageDepth)) + path
    }

    /// The absolute URL of the site path `target` for sitemaps and canonical links: origin + base
    /// path + path, or root-relative when `baseURL` has no host, or `nil` without a `baseURL`.
    public func absolute(_ target: String) -> String? {
        guard let basePath else { return nil }
        return (origin ?? "") + basePath + Self.percentEncoded(target)
    }

    /// Percent-encodes each path segment of `path` (`Slug.percentEncodedPath`), keeping '/'.
    static func percentEncoded(_ path: String) -> String {
        // The common case, an ASCII slug's path: nothing to encode.
        if path.utf8.allSatisfy({ $0 == UInt8(ascii: "/") || Slug.isUnreserved($0) }) { return path }
        return path.split(separator: "/", omittingEmptySubsequences: false)
            .map { Slug.percentEncodedPath(String($0)) }
            .joined(separator: "/")
    }
}
