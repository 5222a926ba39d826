import RoadTripFormats

/// The `sitemap.xml` of a built site, in the Sitemaps 0.9 protocol (https://www.sitemaps.org/protocol.html).
public enum Sitemap {
    /// The sitemaps.org 0.9 namespace, the `xmlns` of `<urlset>`.
    public static let namespace = "http://www.sitemaps.org/schemas/sitemap/0.9"

    /// A UTF-8 `<urlset>` document with one `<url>` per entry, in the order given.
    ///
    /// - Parameter urls: `location` is the page's absolute URL (`<loc>`, already percent-encoded as a
    ///   URL; the protocol caps it at 2,048 characters and a file at 50,000 URLs — callers split
    ///   larger sites); `lastModified` is an optional W3C Datetime (`2024-05-01` or
    ///   `2024-05-01T10:00:00+00:00`, `<lastmod>`). Both are XML-escaped here, exactly once.
    /// - Returns: the document text, starting with `<?xml version="1.0" encoding="UTF-8"?>`.
    public static func xml(urls: [(location: String, lastModified: String?)]) -> String {
        XMLDocumentWriter.document { writer in
            writer.element("urlset", attributes: [("xmlns", namespace)]) {
                for url in urls {
                    writer.element("url") {
                        writer.element("loc", text: url.location)
                        if let lastModified = url.lastModified {
                            writer.element("lastmod", text: lastModified)
                        }
                    }
                }
            }
        }
    }
}
