import Foundation
import Synchronization
import Testing
@testable import RoadTripKit
@testable import RoadTripCore
@testable import RoadTripFormats
@testable import RoadTripGeo
@testable import RoadTripContent
@testable import RoadTripCompute
@testable import RoadTripRender
@testable import RoadTripSite
@testable import RoadTripServe

/// The HTTP pieces of `roadtrip serve`, without a socket. Expected values from RFC 3986 §2.1
/// (percent-encoding), RFC 9110 §5.6.7 (dates; its own example instant), §14.1.2 (ranges, with its
/// examples for a 10,000-byte representation), §13.1 (validators) and WHATWG HTML §9.2 (the event
/// stream format).
@Suite struct ServeHTTPTests {
    func path(_ target: String) -> RequestPath? { try? RequestPath.parse(target).get() }

    @Test func requestPaths() {
        #expect(path("/")?.segments == [])
        #expect(path("/trips/lake%20loop/")?.segments == ["trips", "lake loop"])
        #expect(path("/trips/lake%20loop/")?.hasTrailingSlash == true)
        #expect(path("/Troms%C3%B8/index.html")?.segments == ["Tromsø", "index.html"])
        #expect(path("/a+b")?.segments == ["a+b"])  // '+' is not a space in a path
        #expect(path("/a//./b?x=1&y=%2F")?.segments == ["a", "b"])
        #expect(path("/a//./b?x=1&y=%2F")?.query == "x=1&y=%2F")
        #expect(path("http://example.org/x/y")?.segments == ["x", "y"])
        #expect(path("http://example.org")?.segments == [])
        for outside in ["/../etc/passwd", "/a/../../b", "/%2e%2e/x", "/%2E%2E", "/..%2fetc", "/a%2Fb"] {
            #expect(RequestPath.parse(outside) == .failure(.outsideTheSite), "\(outside)")
        }
        for malformed in ["/%", "/%2", "/%zz", "/a%00b", "/%C3", "relative", "*"] {
            guard case .failure(.malformed) = RequestPath.parse(malformed) else {
                Issue.record("\(malformed) should be malformed")
                continue
            }
        }
    }

    /// RFC 3986 §5.2.4 (remove_dot_segments): its step 2B turns a final `/.` into `/`, so
    /// `/index.html/.` is `/index.html/`; `%2E` is `.` (§6.2.2.2, unreserved characters).
    @Test func dotSegmentsLeaveATrailingSlash() {
        for (target, segments, slash) in [
            ("/index.html/.", ["index.html"], true), ("/index.html/", ["index.html"], true),
            ("/index.html", ["index.html"], false), ("/a/%2e", ["a"], true), ("/a/%2E?x=1", ["a"], true),
            ("/a/./", ["a"], true), ("/a/./b", ["a", "b"], false), ("/.", [], true), ("/a/b/.", ["a", "b"], true),
        ] {
            #expect(path(target)?.segments == segments, "\(target)")
            #expect(path(target)?.hasTrailingSlash == slash, "\(target)")
        }
        // `..` stays refused, also at the end.
        #expect(RequestPath.parse("/a/..") == .failure(.outsideTheSite))
    }

    /// RFC 9112 §3.2.2: an absolute-form target's authority replaces `Host`.
    @Test func absoluteFormAuthority() {
        #expect(path("http://example.org:8000/x")?.authority == "example.org:8000")
        #expect(path("HTTP://[::1]:8000")?.authority == "[::1]:8000")
        #expect(path("HTTP://[::1]:8000")?.segments == [])
        #expect(path("/x")?.authority == nil)
    }

    /// Any segment starting with `.` is hidden, decoded or not; dots elsewhere are not.
    @Test func hiddenSegments() {
        for hidden in ["/.git/config", "/.roadtrip-manifest", "/.roadtrip-staging-1/x", "/a/.hidden", "/%2egit/config",
            "/.well-known/security.txt", "/a/.b/"]
        {
            #expect(path(hidden)?.hasHiddenSegment == true, "\(hidden)")
        }
        for visible in ["/", "/a.b/c", "/a/b.", "/index.html", "/a/./b", "/a/."] {
            #expect(path(visible)?.hasHiddenSegment == false, "\(visible)")
        }
    }

    /// RFC 9110 §14.1.2's examples for a 10,000-byte representation.
    @Test func byteRanges() {
        #expect(ByteRange.parse("bytes=0-499", size: 10_000) == .part(first: 0, last: 499))
        #expect(ByteRange.parse("bytes=500-999", size: 10_000) == .part(first: 500, last: 999))
        #expect(ByteRange.parse("bytes=-500", size: 10_000) == .part(first: 9_500, last: 9_999))
        #expect(ByteRange.parse("bytes=9500-", size: 10_000) == .part(first: 9_500, last: 9_999))
        #expect(ByteRange.parse("bytes=0-99999", size: 10_000) == .part(first: 0, last: 9_999))
        #expect(ByteRange.parse("bytes=-20000", size: 10_000) == .part(first: 0, last: 9_999))
        #expect(ByteRange.parse("bytes=10000-", size: 10_000) == .unsatisfiable)
        #expect(ByteRange.parse("bytes=-0", size: 10_000) == .unsatisfiable)
        #expect(ByteRange.parse(nil, size: 10_000) == .whole)
        #expect(ByteRange.parse("bytes=0-0,-1", size: 10_000) == .whole)  // several ranges: ignored
        #expect(ByteRange.parse("items=0-5", size: 10_000) == .whole)
        #expect(ByteRange.parse("bytes=5-1", size: 10_000) == .whole)
        #expect(ByteRange.parse("bytes=a-b", size: 10_000) == .whole)
    }

    /// RFC 9110 §5.6.7: "Sun, 06 Nov 1994 08:49:37 GMT" in all three forms is Unix 784111777
    /// (`date -u -d '1994-11-06 08:49:37' +%s`).
    @Test func httpDates() {
        let instant = Date(timeIntervalSince1970: 784_111_777)
        #expect(HTTPDate.format(instant) == "Sun, 06 Nov 1994 08:49:37 GMT")
        #expect(HTTPDate.format(Date(timeIntervalSince1970: 0)) == "Thu, 01 Jan 1970 00:00:00 GMT")
        #expect(HTTPDate.parse("Sun, 06 Nov 1994 08:49:37 GMT") == instant)
        #expect(HTTPDate.parse("Sunday, 06-Nov-94 08:49:37 GMT") == instant)
        #expect(HTTPDate.parse("Sun Nov  6 08:49:37 1994") == instant)
        #expect(HTTPDate.parse("yesterday") == nil)
        #expect(HTTPDate.parse("Sun, 06 Foo 1994 08:49:37 GMT") == nil)
    }

    /// Found by the `http-date` fuzz harness: a year before 1000 was written with fewer than the
    /// grammar's four digits (`year = 4DIGIT`, RFC 9110 §5.6.7), which no parser reads back.
    /// Python's proleptic Gregorian `datetime`: 0275-09-16T02:47:47Z is a Thursday, Unix
    /// −53,466,729,133; 0001-02-06T09:48:48Z is a Tuesday, Unix −62,132,451,072.
    @Test func httpDatesBeforeTheYear1000HaveFourDigits() {
        let year275 = Date(timeIntervalSince1970: -53_466_729_133)
        #expect(HTTPDate.format(year275) == "Thu, 16 Sep 0275 02:47:47 GMT")
        #expect(HTTPDate.parse("Thu, 16 Sep 0275 02:47:47 GMT") == year275)
        let year1 = Date(timeIntervalSince1970: -62_132_451_072)
        #expect(HTTPDate.format(year1) == "Tue, 06 Feb 0001 09:48:48 GMT")
        #expect(HTTPDate.parse("Tue, 06 Feb 0001 09:48:48 GMT") == year1)
    }

    /// Found by the `http-date` fuzz harness: a year of 17 digits in an `If-Modified-Since` date
    /// overflowed the day count and trapped, which killed `roadtrip serve`. Years outside
    /// 0000–9999, and RFC 850 years that are not two digits, are not dates.
    @Test func httpDatesWithHugeYearsAreNotDates() {
        #expect(HTTPDate.parse("Suny, 06-Nov-94444444444444444 08:49:37 GMT") == nil)
        #expect(HTTPDate.parse("Sun, 06 Nov 94444444444444444 08:49:37 GMT") == nil)
        #expect(HTTPDate.parse("Sun Nov  6 08:49:37 9223372036854775807") == nil)
        #expect(HTTPDate.parse("Sun, 06 Nov 10000 08:49:37 GMT") == nil)
    }

    /// Found by the `http-date` fuzz harness: the leap second 23:59:60 on 31 Dec 9999 read as
    /// 10000-01-01T00:00:00Z, which `format` writes with a five-digit year that does not read back.
    /// It is not a date; the second before it, 253,402,300,799 s after 1970 (2,932,897 days
    /// × 86,400 s − 1), still is, and is written back as itself.
    @Test func leapSecondAtTheEndOfYear9999IsNotADate() throws {
        #expect(HTTPDate.parse("Fri, 31 Dec 9999 23:59:60 GMT") == nil)
        let last = try #require(HTTPDate.parse("Fri, 31 Dec 9999 23:59:59 GMT"))
        #expect(last.timeIntervalSince1970 == 253_402_300_799)
        #expect(HTTPDate.format(last) == "Fri, 31 Dec 9999 23:59:59 GMT")
        // A leap second on any other day still reads, as the next day's midnight (RFC 9110 allows :60).
        #expect(HTTPDate.parse("Sat, 31 Dec 2016 23:59:60 GMT")?.timeIntervalSince1970 == 1_483_228_800)
    }

    @Test func mediaTypes() {
        #expect(MediaType.forFile(named: "index.html") == "text/html; charset=utf-8")
        #expect(MediaType.forFile(named: "map.SVG") == "image/svg+xml")
        #expect(MediaType.forFile(named: "track.geojson") == "application/geo+json")
        #expect(MediaType.forFile(named: "track.gpx") == "application/gpx+xml")
        #expect(MediaType.forFile(named: "sitemap.xml") == "application/xml; charset=utf-8")
        #expect(MediaType.forFile(named: "roadtrip.js") == "text/javascript; charset=utf-8")
        #expect(MediaType.forFile(named: "photo.jpeg") == "image/jpeg")
        #expect(MediaType.forFile(named: "README") == "application/octet-stream")
        #expect(MediaType.forFile(named: ".hidden") == "application/octet-stream")
    }

    @Test func scriptGoesBeforeTheLastClosingBody() {
        let script = "<script src=\"/x.js\"></script>"
        func injected(_ page: String) -> String {
            String(decoding: StaticSite.inject(script, into: Array(page.utf8)), as: UTF8.self)
        }
        #expect(injected("<p>a</p></body></html>") == "<p>a</p>\(script)</body></html>")
        #expect(injected("<pre></body></pre></BODY>") == "<pre></body></pre>\(script)</BODY>")
        #expect(injected("<p>no body end") == "<p>no body end\(script)")
        #expect(injected("") == script)
    }

    /// Everything queued on `stream` now (the connection would then be suspended); `nil` when the
    /// stream is finished.
    func drain(_ stream: EventStream, maximum: Int = 4096) -> String? {
        var text = ""
        while true {
            switch stream.read(maximum: maximum, suspend: {}, resume: {}) {
            case .bytes(let bytes):
                #expect(bytes.count <= maximum)
                text += String(decoding: bytes, as: UTF8.self)
            case .waiting: return text
            case .finished: return text.isEmpty ? nil : text
            }
        }
    }

    /// The event stream's wire format (WHATWG HTML §9.2.5): `event:` then one `data:` line per
    /// line of data, then a blank line; a new client first gets `retry:` and, after a failed
    /// build, the error; keep-alive comments every interval.
    @Test func liveReloadEvents() throws {
        let hub = LiveReload(keepAliveInterval: 0.05)
        let stream = hub.connect()
        #expect(hub.clientCount == 1)
        #expect(drain(stream) == "retry: 1000\n: roadtrip live reload\n\n")
        // Nothing queued: the connection is suspended, and resumed by the keep-alive comment.
        let resumed = Mutex(0)
        var suspended = 0
        #expect(stream.read(maximum: 10, suspend: { suspended += 1 }, resume: { resumed.withLock { $0 += 1 } }) == .waiting)
        let deadline = Date(timeIntervalSinceNow: 5)
        while resumed.withLock({ $0 }) == 0 && Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        #expect(suspended == 1 && resumed.withLock { $0 } == 1)
        #expect(drain(stream)?.hasPrefix(": keep-alive\n\n") == true)

        hub.publishFailure("a.md:3:1: error: x\nb.md:1:1: error: y")
        let failure = "event: build-error\ndata: a.md:3:1: error: x\ndata: b.md:1:1: error: y\n\n"
        #expect(drain(stream)?.replacingOccurrences(of: ": keep-alive\n\n", with: "") == failure)
        let late = hub.connect()
        #expect(drain(late)?.hasSuffix(failure) == true)

        // After the failure, even an unchanged rebuild reloads (to clear the overlay).
        hub.publishBuild(written: [], removed: [])
        #expect(drain(stream)?.replacingOccurrences(of: ": keep-alive\n\n", with: "") == "event: reload\ndata: \n\n")
        hub.publishBuild(written: ["assets/roadtrip.css"], removed: [])
        #expect(drain(stream)?.replacingOccurrences(of: ": keep-alive\n\n", with: "") == "event: css\ndata: \n\n")
        hub.publishBuild(written: [], removed: [])  // nothing changed: nothing sent
        #expect(drain(stream)?.replacingOccurrences(of: ": keep-alive\n\n", with: "") == "")

        hub.disconnect(late)
        #expect(hub.clientCount == 1)
        hub.closeAll(timeout: 0)
        #expect(drain(stream) == nil)
        #expect(hub.connect().isClosed)
    }

    /// Data with line ends of every kind (WHATWG HTML §9.2.5: CRLF, LF and CR each end a line)
    /// becomes one `data:` line per line, so a folder named `a\revent: reload` cannot start a field
    /// of its own; NUL becomes U+FFFD. Expected texts written out by hand.
    @Test func eventDataCannotForgeFields() {
        #expect(EventStream.eventText(name: "build-error", data: "a\revent: reload") == "event: build-error\ndata: a\ndata: event: reload\n\n")
        #expect(EventStream.eventText(name: "x", data: "a\nevent: reload\n") == "event: x\ndata: a\ndata: event: reload\ndata: \n\n")
        #expect(EventStream.eventText(name: "x", data: "a\r\nb") == "event: x\ndata: a\ndata: b\n\n")
        #expect(EventStream.eventText(name: "x", data: "a\r\rb") == "event: x\ndata: a\ndata: \ndata: b\n\n")
        #expect(EventStream.eventText(name: "x", data: "a\n\rb") == "event: x\ndata: a\ndata: \ndata: b\n\n")
        #expect(EventStream.eventText(name: "x", data: "a\u{0}b") == "event: x\ndata: a\u{FFFD}b\n\n")
        #expect(EventStream.eventText(name: "reload", data: "") == "event: reload\ndata: \n\n")
        // No CR is ever sent, whatever the data.
        #expect(!EventStream.eventText(name: "x", data: "\r\r\n\n\r").unicodeScalars.contains("\r"))
    }

    /// With `maximumStreams` open, a new client closes the oldest: what it had queued is still
    /// sent, then it ends, and it no longer gets events.
    @Test func liveReloadKeepsTheNewestStreams() {
        let hub = LiveReload(keepAliveInterval: 60, maximumStreams: 2)
        let first = hub.connect(), second = hub.connect()
        #expect(hub.clientCount == 2 && !first.isClosed)
        let third = hub.connect()
        #expect(hub.clientCount == 2)
        #expect(first.isClosed && !second.isClosed && !third.isClosed)
        #expect(drain(first) == "retry: 1000\n: roadtrip live reload\n\n")
        #expect(drain(first) == nil)
        hub.publishBuild(written: ["index.html"], removed: [])
        #expect(drain(second)?.hasSuffix("event: reload\ndata: \n\n") == true)
        #expect(drain(third)?.hasSuffix("event: reload\ndata: \n\n") == true)
        hub.disconnect(first)  // its connection ends later: nothing else is forgotten
        #expect(hub.clientCount == 2)
        hub.closeAll(timeout: 0)
    }

    /// A small `maximum` hands the queue over in pieces, in order.
    @Test func eventStreamReadsInPieces() {
        let stream = EventStream()
        stream.send(event: "reload", data: "")
        #expect(drain(stream, maximum: 5) == "event: reload\ndata: \n\n")
        stream.close()
        #expect(drain(stream) == nil)
    }
}
