import Foundation
import Testing
@testable import RoadTripCore

/// `WebLink.isHTTP`: an absolute http(s) URL with a non-empty host (RFC 3986 §3: `scheme ":" "//"
/// authority path`; the scheme is case-insensitive, §3.1), and `WebLink.host(of:)`.
@Suite struct WebLinkTests {
    @Test func httpAndHTTPSURLsWithAHostAreWebLinks() {
        for link in [
            "https://www.yr.no/en", "http://example.org", "HTTPS://Example.org/a?b=c#d", "https://127.0.0.1:8000/",
            "https://user@example.org/", "https://[2001:db8::1]/", "https://example.org/%C3%A6",
            "https://xn--bcher-kva.example/",
        ] {
            #expect(WebLink.isHTTP(link), "\(link)")
        }
    }

    @Test func otherTextIsNotAWebLink() {
        for text in [
            "www.example.com", "example.org/path", "ftp://example.org/", "mailto:a@example.org", "https:///path",
            "https://", "http:example.org", "//example.org/", "https://exa mple.org/", " https://example.org",
            "https://example.org/\n", "", "images/a.jpg", "file:///etc/passwd",
        ] {
            #expect(!WebLink.isHTTP(text), "\(text)")
        }
    }

    @Test func theHostOfAWebLinkWithoutWWW() {
        #expect(WebLink.host(of: "https://www.yr.no/en") == "yr.no")
        #expect(WebLink.host(of: "https://example.org:8080/x") == "example.org")
        #expect(WebLink.host(of: "example.org") == nil)
    }
}
