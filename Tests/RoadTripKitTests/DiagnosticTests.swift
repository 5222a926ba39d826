import Foundation
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

/// A diagnostic is one line of standard error (DESIGN §7), whatever of the file its message quotes.
@Suite struct DiagnosticTests {
    /// Line breaks are written `\n` and `\r`, the other controls (C0 but tab, DEL, C1, U+2028,
    /// U+2029) as `\u{…}` in hexadecimal; tabs and everything else are kept.
    @Test func messageIsMadeOneLine() {
        let diagnostic = Diagnostic.error(
            SourceLocation(path: "a.yaml", line: 1, column: 2), "key \"a\nb\r\u{1B}[2J\u{85}\u{2028}\u{7F}\tø\"")
        #expect(diagnostic.message == #"key "a\nb\r\u{1B}[2J\u{85}\u{2028}\u{7F}"# + "\tø\"")
        #expect(diagnostic.description == #"a.yaml:1:2: error: key "a\nb\r\u{1B}[2J\u{85}\u{2028}\u{7F}"# + "\tø\"")
        #expect(Diagnostic.warning(SourceLocation(path: "a.yaml"), "plain – text").message == "plain – text")
        // Bidirectional and zero-width controls: `a\u{202E}gpj.exe` would show as `aexe.jpg`
        // (found by a second fresh-clone tester); U+200B, U+2066 likewise.
        #expect(Diagnostic.oneLine("a\u{202E}gpj.exe \u{200B}\u{2066}x\u{2069}") == #"a\u{202E}gpj.exe \u{200B}\u{2066}x\u{2069}"#)
    }

    /// A folder's name is the author's too (found by a fresh-clone tester): one holding an OSC
    /// escape (ESC ] 0 ; … BEL, which retitles a terminal) and a line break followed by a forged
    /// diagnostic is escaped in the path as in a message, so the diagnostic stays one line; the
    /// location's `path` keeps the real name.
    @Test func pathIsMadeOneLine() {
        let path = "Destinations/x\u{1B}]0;pwned\u{07}\nfake.md:1:1: error: forged/index.md"
        let diagnostic = Diagnostic.error(SourceLocation(path: path, line: 3, column: 4), "no location")
        #expect(diagnostic.description
            == #"Destinations/x\u{1B}]0;pwned\u{7}\nfake.md:1:1: error: forged/index.md:3:4: error: no location"#)
        #expect(Diagnostic.warning(SourceLocation(path: "a\rb"), "m").description == #"a\rb: warning: m"#)
        #expect(diagnostic.location.path == path)
    }

    /// Found by the `pois-json` fuzz harness: a key holding an escaped line break (`"a\nb"`) was
    /// quoted into a syntax error as a real line break, splitting the diagnostic in two.
    @Test func jsonKeyWithALineBreakStaysOnOneLine() {
        let log = DiagnosticLog()
        let pois = PointOfInterestFile.read(
            Data(#"[{"a\nb" 1}]"#.utf8), pathExtension: "json", displayPath: "Destinations/x/pois.json", log: log)
        #expect(pois == nil)
        #expect(log.diagnostics.count == 1)
        #expect(log.diagnostics.first.map { !$0.description.contains("\n") && $0.message.contains(#""a\nb""#) } == true)
    }

    /// Found by the `nmea` fuzz harness: a CR inside a sentence (not before its LF) was quoted
    /// into the checksum warning as is, which moves a terminal's cursor back over the line.
    @Test func nmeaChecksumWithACarriageReturnStaysOnOneLine() {
        let url = TripLogTestFiles.file("t.nmea", "$GPRMC*7\rx\n")
        let log = DiagnosticLog()
        _ = NMEAReader.read(url, displayPath: "trips/t.nmea", slug: "t", log: log)
        let warning = log.diagnostics.first { $0.severity == .warning && $0.location.line == 1 }
        #expect(warning?.message == #"the checksum "7\rx" is not two hex digits; sentence skipped"#)
    }

    /// Found by the `mustache` fuzz harness: a closing tag's name may span lines; the template
    /// error that quotes it is reported as one line.
    @Test func templateErrorQuotingALineBreakStaysOnOneLine() {
        do throws(TemplateError) {
            _ = try MustacheTemplate(source: "{{#a}}{{/a\nb}}", name: "page")
            Issue.record("a closing tag that does not match parsed")
        } catch {
            let diagnostic = Diagnostic.error(SourceLocation(path: "page.mustache", line: error.line, column: error.column), error.message)
            #expect(!diagnostic.description.contains("\n") && diagnostic.message.contains(#"a\nb"#))
        }
    }

    /// At most 50 errors and 50 warnings of one file are printed, then one line counts the rest
    /// (50,000 bad points of interest printed 100,003 lines): 120 warnings and 3 errors of
    /// a.json, 2 warnings of b.json and one more error of a.json print 50 + 3 + 2 + 1 lines and
    /// the count of the 70 warnings left, after the others.
    @Test func printedLinesAreBoundedPerFile() {
        var diagnostics = (1...120).map { (line: Int) in Diagnostic.warning(SourceLocation(path: "a.json", line: line), "bad \(line)") }
        diagnostics += (1...3).map { (line: Int) in Diagnostic.error(SourceLocation(path: "a.json", line: line), "broken \(line)") }
        diagnostics += (1...2).map { (line: Int) in Diagnostic.warning(SourceLocation(path: "b.json", line: line), "odd \(line)") }
        diagnostics.append(.error(SourceLocation(path: "a.json"), "one more"))
        let lines = Diagnostic.printedLines(diagnostics)
        #expect(lines.count == 50 + 3 + 2 + 1 + 1)
        #expect(lines[49] == "a.json:50:1: warning: bad 50")
        #expect(lines[50] == "a.json:1:1: error: broken 1")
        #expect(lines[55] == "a.json: error: one more")
        #expect(lines.last == "a.json: warning: 70 more warnings of this file are not shown")
        #expect(Diagnostic.printedLines(Array(diagnostics.prefix(51))).last == "a.json: warning: 1 more warning of this file is not shown")
    }
}
