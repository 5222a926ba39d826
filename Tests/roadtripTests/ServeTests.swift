import Foundation
import Testing

/// `roadtrip serve` (issue 5), run as the built binary on a temporary project and spoken to over
/// real sockets on 127.0.0.1. Expected values come from RFC 9110 (status codes, validators,
/// ranges), the site's own files on disk (bodies, sizes) and DESIGN §7 (diagnostics, the events
/// endpoint).
@Suite(.serialized) struct ServeTests {
    /// Where `serve` builds when `--output` is not given, relative to the project root (README
    /// "Previewing with `roadtrip serve`").
    static let served = ".roadtrip-cache/serve/"

    /// A project with one destination, served, plus files the tests add to the served folder after
    /// the first build (the writer leaves files it did not create alone).
    static func servedProject(watch: Bool = false) throws -> (TemporaryProject, ServerProcess) {
        let project = try TemporaryProject()
        try project.write("Destinations/bergen/index.md", BuildCommandTests.bergen)
        let server = try ServerProcess(root: project.root, extra: watch ? [] : ["--no-watch"])
        return (project, server)
    }

    @Test func pagesHeadersAndInjectedScript() throws {
        let (project, server) = try Self.servedProject()
        defer { _ = server.stop(); project.remove() }
        let home = try RawHTTP.request(port: server.port, "/")
        let onDisk = try project.read(Self.served + "index.html")
        #expect(home.status == 200)
        #expect(home.headers["content-type"] == "text/html; charset=utf-8")
        #expect(home.headers["cache-control"] == "no-cache")
        #expect(home.headers["content-length"] == String(home.body.count))
        #expect(home.headers["etag"] != nil && home.headers["last-modified"] != nil)
        // Served with the live-reload script; the file on disk never has it.
        #expect(home.bodyText.contains("<script src=\"/__roadtrip/livereload.js\"></script></body>"))
        #expect(!onDisk.contains("__roadtrip"))
        #expect(home.bodyText.replacingOccurrences(of: "<script src=\"/__roadtrip/livereload.js\"></script>", with: "") == onDisk)

        let script = try RawHTTP.request(port: server.port, "/__roadtrip/livereload.js")
        #expect(script.status == 200 && script.headers["content-type"] == "text/javascript; charset=utf-8")
        #expect(script.bodyText.contains("new EventSource(\"/__roadtrip/events\")"))
    }

    @Test func mediaTypesAndNamesWithSpacesAndUnicode() throws {
        let (project, server) = try Self.servedProject()
        defer { _ = server.stop(); project.remove() }
        try project.write(Self.served + "files/with space.gpx", "<gpx/>")
        try project.write(Self.served + "files/Tromsø.geojson", "{}")
        try project.write(Self.served + "files/font.woff2", "w")
        let cases: [(String, String, String)] = [
            ("/bergen/map.svg", "image/svg+xml", try project.read(Self.served + "bergen/map.svg")),
            ("/sitemap.xml", "application/xml; charset=utf-8", try project.read(Self.served + "sitemap.xml")),
            ("/assets/roadtrip.css", "text/css; charset=utf-8", try project.read(Self.served + "assets/roadtrip.css")),
            ("/assets/roadtrip.js", "text/javascript; charset=utf-8", try project.read(Self.served + "assets/roadtrip.js")),
            ("/files/with%20space.gpx", "application/gpx+xml", "<gpx/>"),
            ("/files/Troms%C3%B8.geojson", "application/geo+json", "{}"),
            ("/files/font.woff2", "font/woff2", "w"),
        ]
        for (target, type, body) in cases {
            let response = try RawHTTP.request(port: server.port, target)
            #expect(response.status == 200, "\(target)")
            #expect(response.headers["content-type"] == type, "\(target)")
            #expect(response.bodyText == body, "\(target)")
        }
        // `+` is a plus sign in a path, not a space.
        try project.write(Self.served + "files/a+b.txt", "plus")
        #expect(try RawHTTP.request(port: server.port, "/files/a+b.txt").bodyText == "plus")
    }

    @Test func traversalNeverLeavesTheOutputFolder() throws {
        let (project, server) = try Self.servedProject()
        defer { _ = server.stop(); project.remove() }
        try FileManager.default.createSymbolicLink(
            atPath: project.root.appendingPathComponent(Self.served + "etc-link").path, withDestinationPath: "/etc")
        try FileManager.default.createSymbolicLink(
            atPath: project.root.appendingPathComponent(Self.served + "passwd-link").path, withDestinationPath: "/etc/passwd")
        let notFoundPage = try project.read(Self.served + "404.html")
        for target in [
            "/../../../../etc/passwd", "/%2e%2e/%2e%2e/%2e%2e/etc/passwd", "/..%2f..%2f..%2fetc/passwd",
            "/%2E%2E%2F%2E%2E%2Fetc%2Fpasswd", "/bergen/../../../etc/passwd", "http://127.0.0.1/../../etc/passwd",
            "/etc-link/passwd", "/passwd-link", "//etc/passwd",
        ] {
            let response = try RawHTTP.request(port: server.port, target)
            #expect(response.status == 404, "\(target)")
            #expect(!response.bodyText.contains("root:"), "\(target)")
            #expect(response.bodyText.contains(notFoundPage.prefix(200)), "\(target) serves the site's 404 page")
        }
        // A target that is not a path at all.
        #expect(try RawHTTP.request(port: server.port, "etc/passwd").status == 400)
    }

    @Test func statusCodesForMethodsEscapesFoldersAndMissingFiles() throws {
        let (project, server) = try Self.servedProject()
        defer { _ = server.stop(); project.remove() }
        let post = try RawHTTP.request(port: server.port, "POST", "/")
        #expect(post.status == 405 && post.headers["allow"] == "GET, HEAD")
        #expect(try RawHTTP.request(port: server.port, "DELETE", "/index.html").status == 405)
        #expect(try RawHTTP.request(port: server.port, "/bergen/%zz").status == 400)
        #expect(try RawHTTP.request(port: server.port, "/bergen/%2").status == 400)
        #expect(try RawHTTP.request(port: server.port, "/a%00b").status == 400)
        let folder = try RawHTTP.request(port: server.port, "/bergen?x=1")
        #expect(folder.status == 301 && folder.headers["location"] == "/bergen/?x=1")
        // Rebuilt from the decoded path: `//bergen` must not redirect to the host "bergen", and
        // bytes that cannot go into a header are escaped.
        #expect(try RawHTTP.request(port: server.port, "//bergen").headers["location"] == "/bergen/")
        #expect(try RawHTTP.request(port: server.port, "/bergen?a\u{7f}b%20").headers["location"] == "/bergen/?a%7Fb%20")
        // A file asked for as a folder does not exist (its relative links would break).
        #expect(try RawHTTP.request(port: server.port, "/index.html/").status == 404)
        let index = try RawHTTP.request(port: server.port, "/bergen/")
        #expect(index.status == 200 && index.bodyText.contains("Bryggen"))
        let missing = try RawHTTP.request(port: server.port, "/no/such/page")
        #expect(missing.status == 404)
        #expect(missing.headers["content-type"] == "text/html; charset=utf-8")
        #expect(missing.bodyText.contains(try project.read(Self.served + "404.html").prefix(200)))
    }

    @Test func headRangesAndRevalidation() throws {
        let (project, server) = try Self.servedProject()
        defer { _ = server.stop(); project.remove() }
        let css = try project.read(Self.served + "assets/roadtrip.css")
        let size = css.utf8.count
        let get = try RawHTTP.request(port: server.port, "/assets/roadtrip.css")
        let head = try RawHTTP.request(port: server.port, "HEAD", "/assets/roadtrip.css")
        #expect(head.status == 200 && head.body.isEmpty)
        #expect(head.headers["content-length"] == String(size))
        #expect(head.headers["etag"] == get.headers["etag"] && head.headers["accept-ranges"] == "bytes")

        let first = try RawHTTP.request(port: server.port, "/assets/roadtrip.css", headers: ["Range": "bytes=0-9"])
        #expect(first.status == 206 && first.headers["content-range"] == "bytes 0-9/\(size)")
        #expect(first.bodyText == String(css.prefix(10)))
        let suffix = try RawHTTP.request(port: server.port, "/assets/roadtrip.css", headers: ["Range": "bytes=-5"])
        #expect(suffix.status == 206 && suffix.bodyText == String(css.suffix(5)))
        let tail = try RawHTTP.request(port: server.port, "/assets/roadtrip.css", headers: ["Range": "bytes=\(size - 3)-"])
        #expect(tail.headers["content-range"] == "bytes \(size - 3)-\(size - 1)/\(size)" && tail.body.count == 3)
        let beyond = try RawHTTP.request(port: server.port, "/assets/roadtrip.css", headers: ["Range": "bytes=\(size)-"])
        #expect(beyond.status == 416 && beyond.headers["content-range"] == "bytes */\(size)")
        // If-Range with another validator: the whole file (RFC 9110 §13.1.5).
        let stale = try RawHTTP.request(
            port: server.port, "/assets/roadtrip.css", headers: ["Range": "bytes=0-9", "If-Range": "\"other\""])
        #expect(stale.status == 200 && stale.body.count == size)
        // If-Range with a date applies only when it is exactly Last-Modified.
        let later = try RawHTTP.request(
            port: server.port, "/assets/roadtrip.css", headers: ["Range": "bytes=0-9", "If-Range": "Fri, 01 Jan 2100 00:00:00 GMT"])
        #expect(later.status == 200)
        let exact = try RawHTTP.request(
            port: server.port, "/assets/roadtrip.css", headers: ["Range": "bytes=0-9", "If-Range": try #require(get.headers["last-modified"])])
        #expect(exact.status == 206)

        let etag = try #require(get.headers["etag"])
        let notModified = try RawHTTP.request(port: server.port, "/assets/roadtrip.css", headers: ["If-None-Match": etag])
        #expect(notModified.status == 304 && notModified.body.isEmpty)
        let changedTag = try RawHTTP.request(port: server.port, "/assets/roadtrip.css", headers: ["If-None-Match": "\"nope\""])
        #expect(changedTag.status == 200)
        let lastModified = try #require(get.headers["last-modified"])
        #expect(try RawHTTP.request(port: server.port, "/assets/roadtrip.css", headers: ["If-Modified-Since": lastModified]).status == 304)
        #expect(
            try RawHTTP.request(port: server.port, "/assets/roadtrip.css", headers: ["If-Modified-Since": "Sun, 06 Nov 1994 08:49:37 GMT"])
                .status == 200)
    }

    @Test func editingMarkdownRebuildsAndSendsReload() throws {
        let (project, server) = try Self.servedProject(watch: true)
        defer { _ = server.stop(); project.remove() }
        let events = try EventStreamClient(port: server.port)
        defer { events.close() }
        #expect(events.waitUntilOpen())
        try project.write("Destinations/bergen/index.md", BuildCommandTests.bergen + "\n\nFish market at dawn.\n")
        #expect(events.waitFor(event: "reload"), "no reload event; server said: \(server.output) \(server.errors)")
        let page = try RawHTTP.request(port: server.port, "/bergen/")
        #expect(page.bodyText.contains("Fish market at dawn."))
        #expect(!(try project.read(Self.served + "bergen/index.html")).contains("__roadtrip"))
    }

    /// Only the stylesheet changed: `css`, so the page re-fetches it without reloading. A layout
    /// change rebuilds every page: `reload`.
    @Test func stylesheetAndThemeChanges() throws {
        let (project, server) = try Self.servedProject(watch: true)
        defer { _ = server.stop(); project.remove() }
        let events = try EventStreamClient(port: server.port)
        defer { events.close() }
        #expect(events.waitUntilOpen())
        let css = try project.read("Themes/default/assets/roadtrip.css")
        try project.write("Themes/default/assets/roadtrip.css", css + "\n.roadtrip-test { color: red }\n")
        #expect(events.waitFor(event: "css"), "no css event: \(events.text)")
        #expect(try RawHTTP.request(port: server.port, "/assets/roadtrip.css").bodyText.hasSuffix(".roadtrip-test { color: red }\n"))
        #expect(!events.text.contains("event: reload"))

        let layout = try project.read("Themes/default/layouts/destination.mustache")
        try project.write("Themes/default/layouts/destination.mustache", layout.replacingOccurrences(of: "<article class=\"destination\">", with: "<article class=\"destination\"><p>theme-edit</p>"))
        #expect(events.waitFor(event: "reload"))
        #expect(try RawHTTP.request(port: server.port, "/bergen/").bodyText.contains("theme-edit"))
    }

    /// A project with no `Themes/` is served with the built-in theme; a stylesheet override
    /// appearing (and with it `Themes/`) is watched and sent as `css`, and so is its removal,
    /// which brings back the built-in stylesheet.
    @Test func overridingTheBuiltInStylesheet() throws {
        let project = try TemporaryProject(copyingTheme: false)
        try project.write("Destinations/bergen/index.md", BuildCommandTests.bergen)
        let server = try ServerProcess(root: project.root)
        defer { _ = server.stop(); project.remove() }
        let builtIn = try RawHTTP.request(port: server.port, "/assets/roadtrip.css").bodyText
        #expect(builtIn == (try String(
            contentsOf: CommandRunner.packageRoot.appendingPathComponent("Themes/default/assets/roadtrip.css"), encoding: .utf8)))
        let events = try EventStreamClient(port: server.port)
        defer { events.close() }
        #expect(events.waitUntilOpen())
        try project.write("Themes/default/assets/roadtrip.css", "body { color: rebeccapurple }\n")
        #expect(events.waitFor(event: "css"), "no css event: \(events.text); server said: \(server.output) \(server.errors)")
        #expect(try RawHTTP.request(port: server.port, "/assets/roadtrip.css").bodyText == "body { color: rebeccapurple }\n")

        try FileManager.default.removeItem(at: project.root.appendingPathComponent("Themes"))
        #expect(events.waitFor(event: "css", count: 2), "no second css event: \(events.text)")
        #expect(try RawHTTP.request(port: server.port, "/assets/roadtrip.css").bodyText == builtIn)
        #expect(!events.text.contains("event: reload"))
    }

    @Test func brokenThenFixedFrontMatter() throws {
        try Self.expectRebuildFailsThenRecovers(
            breaking: { project in
                // Line 3 of the file: `subtitle: [unclosed` — a YAML flow sequence that never ends.
                try project.write("Destinations/bergen/index.md",
                    "---\ntitle: Bergen\nsubtitle: [unclosed\nlatitude: 60.39\nlongitude: 5.32\n---\n")
            },
            diagnostic: "Destinations/bergen/index.md:",
            whileBroken: { server in
                // A page opened now gets the error at once.
                let late = try EventStreamClient(port: server.port)
                defer { late.close() }
                #expect(late.waitFor(event: "build-error"))
                #expect(late.text.contains("data: Destinations/bergen/index.md:"))
            },
            fixing: { try $0.write("Destinations/bergen/index.md", BuildCommandTests.bergen + "\n\nFixed.\n") },
            page: "/bergen/", showing: "Fixed.")
    }

    /// Saving a `pois.plist` that once crashed the reader (a byte that is not UTF-8 in an
    /// element name: exit 132 in Foundation's `XMLParser`) while `serve` runs: the rebuild fails
    /// with the error at its line and column — `<plist><k` is 9 characters, so 0xFF is column 10
    /// of line 1 — and the server lives on to rebuild once the file is fixed (with `<?a?>`, which
    /// crashed too, in it) and to stop with status 0.
    @Test func plistThatOnceCrashedKeepsTheServerAlive() throws {
        try Self.expectRebuildFailsThenRecovers(
            breaking: { project in
                try project.write("Destinations/oslo/index.md", "---\ntitle: Oslo\nlatitude: 59.91\nlongitude: 10.75\n---\n")
                try project.write("Destinations/oslo/pois.plist", bytes: Array("<plist><k".utf8) + [0xFF] + Array("/></plist>".utf8))
            },
            diagnostic: "Destinations/oslo/pois.plist:1:10: error: not a valid property list",
            fixing: { project in
                try project.write("Destinations/oslo/pois.plist",
                    "<plist><?a?><array><dict><key>title</key><string>Opera House</string><key>latitude</key>"
                        + "<real>59.9075</real><key>longitude</key><real>10.7531</real></dict></array></plist>")
            },
            page: "/oslo/", showing: "Opera House")
    }

    /// Serves the one-destination project with watching, applies `breaking`, and expects a
    /// `build-error` event and a diagnostic containing `diagnostic` (with ": error: ") while the
    /// last good `/bergen/` is still served and `whileBroken` holds; then applies `fixing` and
    /// expects a `reload` and `page` containing `showing`, and the server to stop on SIGINT with
    /// status 0 (it never died on the way).
    static func expectRebuildFailsThenRecovers(
        breaking: (TemporaryProject) throws -> Void, diagnostic: String,
        whileBroken: (ServerProcess) throws -> Void = { _ in },
        fixing: (TemporaryProject) throws -> Void, page: String, showing: String
    ) throws {
        let (project, server) = try servedProject(watch: true)
        defer { _ = server.stop(); project.remove() }
        let events = try EventStreamClient(port: server.port)
        defer { events.close() }
        #expect(events.waitUntilOpen())
        let before = try RawHTTP.request(port: server.port, "/bergen/").bodyText
        try breaking(project)
        #expect(events.waitFor(event: "build-error"), "server said: \(server.errors)")
        #expect(server.waitForError { $0.contains(diagnostic) && $0.contains(": error: ") }, "\(server.errors)")
        #expect(server.process.isRunning)
        #expect(try RawHTTP.request(port: server.port, "/bergen/").bodyText == before)
        try whileBroken(server)
        try fixing(project)
        #expect(events.waitFor(event: "reload"), "server said: \(server.errors)")
        #expect(try RawHTTP.request(port: server.port, page).bodyText.contains(showing))
        #expect(server.stop() == 0)
    }

    /// `build --base-url` then `serve`: the published `Output/` keeps its absolute links byte for
    /// byte, through the first build and a rebuild, while the preview is built with relative links
    /// into its own folder; the server's own writes there never trigger a rebuild.
    @Test func previewNeverTouchesAPublishedBuild() throws {
        let project = try TemporaryProject()
        defer { project.remove() }
        try project.write("Destinations/bergen/index.md", BuildCommandTests.bergen)
        let published = try project.build(["--base-url", "https://example.org/"])
        #expect(published.status == 0, "\(published.standardError)")
        let before = try project.snapshot("Output")
        #expect(try project.read("Output/index.html").contains("<link rel=\"stylesheet\" href=\"/assets/roadtrip.css"))

        let server = try ServerProcess(root: project.root)
        defer { _ = server.stop() }
        #expect(server.output.contains("Building into .roadtrip-cache/serve with relative links"))
        let home = try RawHTTP.request(port: server.port, "/")
        #expect(home.status == 200)
        #expect(home.bodyText.contains("<link rel=\"stylesheet\" href=\"assets/roadtrip.css"))
        #expect(!home.bodyText.contains("https://example.org/"))
        let script = "<script src=\"/__roadtrip/livereload.js\"></script>"
        #expect(home.bodyText.replacingOccurrences(of: script, with: "") == (try project.read(Self.served + "index.html")))

        let events = try EventStreamClient(port: server.port)
        defer { events.close() }
        #expect(events.waitUntilOpen())
        try project.write("Destinations/bergen/index.md", BuildCommandTests.bergen + "\n\nRebuilt for the preview.\n")
        #expect(events.waitFor(event: "reload"), "no reload event; server said: \(server.output) \(server.errors)")
        #expect(try RawHTTP.request(port: server.port, "/bergen/").bodyText.contains("Rebuilt for the preview."))
        #expect(try project.read(Self.served + "bergen/index.html").contains("Rebuilt for the preview."))
        let changes = server.output.split(separator: "\n").filter { $0.hasPrefix("Change: ") }
        #expect(!changes.isEmpty && changes.allSatisfy { $0.hasPrefix("Change: Destinations/") }, "\(changes)")
        #expect(server.stop() == 0)
        #expect(try project.snapshot("Output") == before)
    }

    /// `serve --output DIR` builds into DIR, and neither `Output/` nor the cache folder is made.
    @Test func outputOptionChoosesTheServedFolder() throws {
        let project = try TemporaryProject()
        defer { project.remove() }
        try project.write("Destinations/bergen/index.md", BuildCommandTests.bergen)
        let preview = project.root.appendingPathComponent("preview").path
        let server = try ServerProcess(root: project.root, extra: ["--no-watch", "--output", preview])
        defer { _ = server.stop() }
        let page = try RawHTTP.request(port: server.port, "/bergen/")
        #expect(page.status == 200 && page.bodyText.contains("Bryggen"))
        #expect(try project.read("preview/bergen/index.html").contains("Bryggen"))
        #expect(!project.exists("Output") && !project.exists(".roadtrip-cache"))
    }

    @Test func interruptStopsAndFreesThePort() throws {
        let (project, server) = try Self.servedProject()
        defer { project.remove() }
        let events = try EventStreamClient(port: server.port)
        #expect(events.waitUntilOpen())
        #expect(server.stop(signal: SIGINT) == 0)
        #expect(server.output.contains("Stopped."))
        // The port is free again: a new server can take it.
        let again = try CommandRunner.runUntilServing(["serve", "--source", project.root.path, "--no-watch", "--port", String(server.port)])
        #expect(again.contains("Serving http://127.0.0.1:\(server.port)/"))
        events.close()
    }

    /// `serve` refuses the output folders `build` refuses (the project's own folders, system folders,
    /// a non-empty folder roadtrip did not write), before it listens or creates anything.
    @Test func refusedOutputFolderIsAnErrorBeforeServing() throws {
        let project = try TemporaryProject()
        defer { project.remove() }
        try project.write("Destinations/bergen/index.md", BuildCommandTests.bergen)
        try project.write("stuff/notes.txt", "my notes\n")
        let refused = ["/", project.root.path, project.root.appendingPathComponent("Destinations").path,
                       "/etc", "/usr/share/roadtrip-test-\(UUID().uuidString)", project.root.appendingPathComponent("stuff").path]
        for output in refused {
            let result = try CommandRunner.run(["serve", "--source", project.root.path, "--port", "0", "--output", output])
            #expect(result.status == 1, "\(output)")
            #expect(result.standardError.contains("refusing"), "\(output)")
            #expect(!result.standardOutput.contains("Serving"), "\(output)")
        }
        #expect(!FileManager.default.fileExists(atPath: refused[4]))
        #expect(try FileManager.default.contentsOfDirectory(atPath: refused[5]) == ["notes.txt"])
    }

    /// When even the first build fails there is no 404.html: the 404 answer is still a page with
    /// the live-reload script, so the error overlay shows and the fix reloads it.
    @Test func firstBuildFailingStillServesTheScript() throws {
        let project = try TemporaryProject()
        defer { project.remove() }
        try project.write("Destinations/bergen/index.md", "---\ntitle: [unclosed\n---\n")
        let server = try ServerProcess(root: project.root)
        defer { _ = server.stop() }
        let home = try RawHTTP.request(port: server.port, "/")
        #expect(home.status == 404 && home.headers["content-type"] == "text/html; charset=utf-8")
        #expect(home.bodyText.contains("<script src=\"/__roadtrip/livereload.js\"></script>"))
        let events = try EventStreamClient(port: server.port)
        defer { events.close() }
        #expect(events.waitFor(event: "build-error"))
        try project.write("Destinations/bergen/index.md", BuildCommandTests.bergen)
        #expect(events.waitFor(event: "reload"))
        #expect(try RawHTTP.request(port: server.port, "/").status == 200)
    }

    @Test func busyPortIsAClearError() throws {
        let (project, server) = try Self.servedProject()
        defer { _ = server.stop(); project.remove() }
        let second = try CommandRunner.run(["serve", "--source", project.root.path, "--no-watch", "--port", String(server.port)])
        #expect(second.status == 1)
        #expect(second.standardError.contains("port \(server.port) on 127.0.0.1 is already in use"))
        let usage = try CommandRunner.run(["serve", "--source", project.root.path, "--port", "70000"])
        #expect(usage.status == 2)
    }

    @Test func malformedRequestsDoNotHurtTheServer() throws {
        let (project, server) = try Self.servedProject()
        defer { _ = server.stop(); project.remove() }
        // Garbage instead of a request line.
        let garbage = try RawHTTP.connect(port: server.port)
        RawHTTP.send(garbage, "\u{01}\u{02}GARBAGE \u{7f}\r\n\r\n")
        let garbageAnswer = String(decoding: RawHTTP.readAll(garbage), as: UTF8.self)
        close(garbage)
        #expect(garbageAnswer.isEmpty || garbageAnswer.hasPrefix("HTTP/1.1 400"))
        // A 100 KB header: refused (431) or the connection closed, never a crash.
        let huge = try RawHTTP.connect(port: server.port)
        RawHTTP.send(huge, "GET / HTTP/1.1\r\nHost: x\r\nX-Big: " + String(repeating: "a", count: 100_000) + "\r\n\r\n")
        let hugeAnswer = String(decoding: RawHTTP.readAll(huge), as: UTF8.self)
        close(huge)
        #expect(hugeAnswer.isEmpty || hugeAnswer.hasPrefix("HTTP/1.1 431") || hugeAnswer.hasPrefix("HTTP/1.1 413"))
        // A slow client that sends half a request and waits: others are still served meanwhile.
        let slow = try RawHTTP.connect(port: server.port)
        RawHTTP.send(slow, "GET / HTTP/1.1\r\nHost:")
        #expect(try RawHTTP.request(port: server.port, "/").status == 200)
        close(slow)
        // Binary junk and a request with no headers at all.
        let junk = try RawHTTP.connect(port: server.port)
        RawHTTP.send(junk, (0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 7919) })
        _ = RawHTTP.readAll(junk)
        close(junk)
        #expect(server.process.isRunning)
        #expect(try RawHTTP.request(port: server.port, "/").status == 200)
    }
}

extension TemporaryProject {
    /// Every entry under the folder at `relativePath`: files with their bytes, modification date and
    /// inode (so that a file rewritten with the same bytes still differs), and folders.
    func snapshot(_ relativePath: String) throws -> [String: String] {
        let folder = root.appendingPathComponent(relativePath)
        var entries: [String: String] = [:]
        let enumerator = FileManager.default.enumerator(atPath: folder.path)
        while let path = enumerator?.nextObject() as? String {
            let url = folder.appendingPathComponent(path)
            let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
            if attributes[.type] as? FileAttributeType == .typeDirectory {
                entries[path] = "folder"
            } else {
                let date = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? -1
                let inode = (attributes[.systemFileNumber] as? NSNumber)?.uint64Value ?? 0
                entries[path] = "\(try Data(contentsOf: url).base64EncodedString()) @\(date) #\(inode)"
            }
        }
        return entries
    }
}

extension CommandRunner {
    /// Runs `roadtrip <arguments>` until it prints "Serving …", then interrupts it; what it printed.
    static func runUntilServing(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        var text = ""
        let deadline = Date(timeIntervalSinceNow: 30)
        while Date() < deadline && !text.contains("Serving") && process.isRunning {
            let data = pipe.fileHandleForReading.availableData
            text += String(decoding: data, as: UTF8.self)
        }
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
        return text
    }
}
