import Foundation
import Testing

/// `roadtrip check`: broken internal links and assets of a built site are errors at their file,
/// line and column (exit 1); external links are listed, and tried with `--external`.
@Suite struct CheckCommandTests {
    static let destination = ItineraryCommandTests.destination

    @Test func aBuiltSiteChecksCleanAndEachBreakIsNamed() throws {
        let project = try TemporaryProject()
        defer { project.remove() }
        try project.write("Destinations/site.yaml", "title: Norway\nbaseURL: /trip/\n")
        try project.write(
            "Destinations/bergen/index.md",
            Self.destination("Bergen", 60.3913, 5.3221, "tags: [fjords]\n") + "See [the fish market](https://example.org/fish).\n")
        try project.write("Destinations/alesund/index.md", Self.destination("Ålesund", 62.4723, 6.1549, ""))
        #expect(try project.build(["--quiet"]).status == 0)
        let clean = try CommandRunner.run(["check", "--source", project.root.path])
        #expect(clean.status == 0, "\(clean.standardError)")
        #expect(clean.standardOutput.contains(": none broken; 1 external link (not requested; --external tries them)"), "\(clean.standardOutput)")
        #expect(clean.standardOutput.contains("external: https://example.org/fish  (Output/bergen/index.html:"))

        // A page of the user's with one reference of each kind that breaks (line 2 onwards), and
        // a destination's map removed.
        try project.write("Output/extra.html", """
            <!DOCTYPE html><html><head><title>x</title></head><body>
            <a href="missing/">a folder without index.html</a>
            <img alt="" src="/trip/bergen/map.svg" srcset="/trip/bergen/map.svg 1x, nothere.png 2x">
            <a href="/elsewhere/">outside the base path</a>
            <a href="../../../etc/passwd">above the site</a>
            <a href="bergen/#nowhere">no such id</a> <a href="#top">the top</a>
            <span style="background-image:url('assets/none.svg')"></span>
            <a href="bergen/">fine</a> <a href="mailto:a@example.org">ignored</a>
            </body></html>
            """)
        try FileManager.default.removeItem(at: project.output.appendingPathComponent("alesund/map.svg"))
        let broken = try CommandRunner.run(["check", "--source", project.root.path])
        #expect(broken.status == 1)
        let errors = broken.standardError.split(separator: "\n").map(String.init)
        // Columns: where each value starts on its line, counted by hand from the text above (line
        // 3: `<img alt="" src="` is 17 characters, the src value 20, `" srcset="` 10, the first
        // candidate `/trip/bergen/map.svg 1x, ` 25: nothere.png starts at 73).
        #expect(errors.contains { $0.hasPrefix("Output/alesund/index.html:") && $0.hasSuffix(
            ": error: broken reference '/trip/alesund/map.svg': no file 'alesund/map.svg' in the site") }, "\(errors)")
        #expect(errors.contains("Output/extra.html:2:10: error: broken reference 'missing/': no file 'missing/index.html' in the site"), "\(errors)")
        #expect(errors.contains("Output/extra.html:3:73: error: broken reference 'nothere.png': no file 'nothere.png' in the site"), "\(errors)")
        #expect(errors.contains("Output/extra.html:4:10: error: broken reference '/elsewhere/': outside the site's base path '/trip/'"), "\(errors)")
        #expect(errors.contains("Output/extra.html:5:10: error: broken reference '../../../etc/passwd': leads outside the site"), "\(errors)")
        #expect(errors.contains("Output/extra.html:6:10: error: broken reference 'bergen/#nowhere': no element with id 'nowhere' in 'bergen/index.html'"), "\(errors)")
        // `#top` is no error: with no element of that id, it is the top of the page (HTML §7.4.6.4).
        #expect(!errors.contains { $0.contains("'#top'") }, "\(errors)")
        #expect(errors.contains("Output/extra.html:7:36: error: broken reference 'assets/none.svg': no file 'assets/none.svg' in the site"), "\(errors)")
        // The trip book shows Ålesund's map too: 2 + 6 broken references.
        #expect(errors.contains { $0.hasPrefix("Output/book/index.html:") && $0.hasSuffix("'/trip/alesund/map.svg': no file 'alesund/map.svg' in the site") })
        #expect(errors.last?.hasSuffix(": 8 broken references; 1 external link (not requested; --external tries them)") == true, "\(errors)")
        #expect(!broken.standardError.contains("mailto"))
    }

    /// What a fresh-clone tester found the first version got wrong: `url()` in a `<style>`
    /// element and `@import "…"` were not read, `url()` in a CSS comment was, `<a name>` and
    /// `#top` are fragment targets, a `<textarea>` holds text, SVG `fill="url(#…)"` and `<form
    /// action>` refer, and `<base href>` moves every relative reference.
    @Test func whatBrowsersReadIsWhatIsChecked() throws {
        let project = try TemporaryProject()
        defer { project.remove() }
        try project.write("Destinations/bergen/index.md", Self.destination("Bergen", 60.3913, 5.3221, ""))
        #expect(try project.build(["--quiet"]).status == 0)
        try project.write("Output/css.html", """
            <!DOCTYPE html><html><head><title>x</title><style>.z{background:url(nothere-style.png)} /* url(commented.png) */ @import "nothere-import.css";</style></head><body>
            <a name="anchor"></a><a href="#anchor">ok</a> <a href="#top">ok</a> <textarea><a href="typed.html">text</a></textarea>
            <svg><rect fill="url(#nogradient)" width="1" height="1"/></svg><form action="nothere-form.html"></form>
            <style>
              .q::after { content: "url(in-a-string.png)"; }
              .r { background: url(nothere-line-6.png); }
            </style>
            </body></html>
            """)
        try project.write("Output/based.html", """
            <!DOCTYPE html><html><head><title>x</title><base href="bergen/"></head><body>
            <a href="annotations.geojson">exists under bergen/</a> <a href="nothere.html">missing under bergen/</a>
            </body></html>
            """)
        let result = try CommandRunner.run(["check", "--source", project.root.path])
        let errors = result.standardError.split(separator: "\n").map(String.init).filter { $0.contains(": error: ") }
        // Columns: where each value starts on its line (Python's str.index + 1 on the lines above).
        #expect(errors.sorted() == [
            "Output/based.html:2:65: error: broken reference 'nothere.html': no file 'bergen/nothere.html' in the site",
            "Output/css.html:1:69: error: broken reference 'nothere-style.png': no file 'nothere-style.png' in the site",
            "Output/css.html:1:123: error: broken reference 'nothere-import.css': no file 'nothere-import.css' in the site",
            "Output/css.html:3:22: error: broken reference '#nogradient': no element with id 'nogradient' in 'css.html'",
            "Output/css.html:3:78: error: broken reference 'nothere-form.html': no file 'nothere-form.html' in the site",
            // At its own line inside a <style> element (not the element's), and not the string's.
            "Output/css.html:6:24: error: broken reference 'nothere-line-6.png': no file 'nothere-line-6.png' in the site",
        ].sorted(), "\(errors)")
    }

    /// `--external` asks each external link's server (here a local one: 200, 404, and a port
    /// nothing listens on): the failures are warnings, the exit status stays 0.
    @Test func externalLinksAreTriedWithTheFlag() throws {
        guard let python = ["/usr/bin/python3", "/usr/local/bin/python3"].first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            print("skipped: no python3 for the local web server")
            return
        }
        let served = FileManager.default.temporaryDirectory.appendingPathComponent("roadtrip-served-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: served, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: served) }
        try Data("here".utf8).write(to: served.appendingPathComponent("ok.html"))
        let server = try RunningCommand(
            ["-u", "-c", "import http.server, functools, sys; s = http.server.ThreadingHTTPServer(('127.0.0.1', 0), functools.partial(http.server.SimpleHTTPRequestHandler, directory=sys.argv[1])); print(s.server_address[1]); s.serve_forever()", served.path],
            program: URL(fileURLWithPath: python))
        defer { server.send(SIGTERM) }
        #expect(server.waitForOutput(20) { $0.contains("\n") })
        let port = try #require(Int(server.output.split(separator: "\n").first ?? ""))
        let project = try TemporaryProject()
        defer { project.remove() }
        try project.write("Destinations/bergen/index.md", Self.destination("Bergen", 60.3913, 5.3221, "")
            + "[ok](http://127.0.0.1:\(port)/ok.html) [gone](http://127.0.0.1:\(port)/gone.html) [closed](http://127.0.0.1:9/)\n")
        #expect(try project.build(["--quiet"]).status == 0)
        let result = try CommandRunner.run(["check", "--source", project.root.path, "--external"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardError.contains("warning: external link 'http://127.0.0.1:\(port)/gone.html' answered 404"), "\(result.standardError)")
        #expect(result.standardError.contains("warning: external link 'http://127.0.0.1:9/' did not answer: "), "\(result.standardError)")
        #expect(!result.standardError.contains("ok.html"))
        #expect(result.standardOutput.contains("3 external links (2 failures)"), "\(result.standardOutput)")
    }

    /// No built site: an error saying so.
    /// A site built with `--base-url` is checked with the same flag (a fresh-clone tester got 104
    /// false "broken references" for a site built with `--base-url /trips/`: check read only
    /// site.yaml's); a malformed one is a usage error, as for build.
    @Test func aSiteBuiltWithBaseURLIsCheckedWithIt() throws {
        let project = try TemporaryProject()
        defer { project.remove() }
        try project.write("Destinations/bergen/index.md", Self.destination("Bergen", 60.3913, 5.3221, ""))
        #expect(try project.build(["--quiet", "--base-url", "/trips/"]).status == 0)
        let without = try CommandRunner.run(["check", "--source", project.root.path])
        #expect(without.status == 1 && without.standardError.contains("broken reference '/trips/assets/roadtrip.js'"))
        let with = try CommandRunner.run(["check", "--source", project.root.path, "--base-url", "/trips/"])
        #expect(with.status == 0, "\(with.standardError)")
        #expect(with.standardOutput.contains(": none broken;"), "\(with.standardOutput)")
        // Written with `//`, as build collapses it (from a second fresh-clone tester).
        #expect(try project.build(["--quiet", "--base-url", "https://example.org//trips/"]).status == 0)
        let doubled = try CommandRunner.run(["check", "--source", project.root.path, "--base-url", "https://example.org//trips/"])
        #expect(doubled.status == 0, "\(doubled.standardError)")
        let bad = try CommandRunner.run(["check", "--source", project.root.path, "--base-url", "trips"])
        #expect(bad.status == 2, "\(bad.standardError)")
    }

    @Test func nothingBuiltIsAnError() throws {
        let project = try TemporaryProject()
        defer { project.remove() }
        let result = try CommandRunner.run(["check", "--source", project.root.path])
        #expect(result.status == 1)
        #expect(result.standardError.contains("Output: error: no built site here (run 'roadtrip build' first, or give --output DIR)"))
    }
}
