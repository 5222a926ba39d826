import Foundation
import Testing
import TestTools
@testable import RoadTripKit
@testable import RoadTripCore
@testable import RoadTripFormats
@testable import RoadTripGeo
@testable import RoadTripContent
@testable import RoadTripCompute
@testable import RoadTripRender
@testable import RoadTripSite
@testable import RoadTripServe

/// A throw-away project folder under the temporary directory: `<base>/project` with
/// `Destinations/` and `Themes/default/assets/`, and the default output `<base>/project/Output`.
private struct Sandbox {
    let base: URL
    let project: URL
    let output: URL

    init() throws {
        base = FileManager.default.temporaryDirectory
            .appendingPathComponent("roadtrip-output-tests-\(UUID().uuidString)", isDirectory: true)
        project = base.appendingPathComponent("project", isDirectory: true)
        output = project.appendingPathComponent("Output", isDirectory: true)
        for folder in ["Destinations", "Themes/default/assets"] {
            try FileManager.default.createDirectory(
                at: project.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
    }

    /// A writer for the default output, with a home folder that is not on the way.
    func writer(output: URL? = nil) -> OutputWriter {
        OutputWriter(outputDirectory: output ?? self.output, projectRoot: project,
                     homeDirectory: base.appendingPathComponent("home"))
    }

    /// Writes `text` as UTF-8 at `url`, creating folders.
    func put(_ text: String, at url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    func text(_ relative: String) -> String? {
        (try? Data(contentsOf: output.appendingPathComponent(relative))).map { String(decoding: $0, as: UTF8.self) }
    }

    func exists(_ relative: String) -> Bool {
        (try? FileManager.default.attributesOfItem(atPath: output.appendingPathComponent(relative).path)) != nil
    }

    /// Names of staging folders left next to the output folder.
    func stagingLeftovers() -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: project.path)) ?? []
        return names.filter { $0.hasPrefix(".roadtrip-staging") }
    }

    /// Every entry under the output folder, not following symbolic links: files with their
    /// bytes and modification dates, folders, and links with their destinations.
    func snapshot() throws -> [String: String] {
        var entries: [String: String] = [:]
        for entry in try FolderWalk.entries(below: output) {
            switch entry.type {
            case .typeDirectory?:
                entries[entry.path] = "folder"
            case .typeSymbolicLink?:
                entries[entry.path] = "link → " + (try FileManager.default.destinationOfSymbolicLink(atPath: entry.url.path))
            default:
                let bytes = try Data(contentsOf: entry.url)
                let date = entry.attributes[.modificationDate] as? Date
                entries[entry.path] = "file \(bytes.base64EncodedString()) @\(date?.timeIntervalSince1970 ?? -1)"
            }
        }
        return entries
    }

    func remove() { try? FileManager.default.removeItem(at: base) }
}

/// 2001-01-01T00:00:00Z (978 307 200 s after the Unix epoch): an mtime no build could produce.
private let oldDate = Date(timeIntervalSince1970: 978_307_200)

private func attributes(_ url: URL) throws -> (date: Date?, inode: UInt64?) {
    let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
    return (attributes[.modificationDate] as? Date, (attributes[.systemFileNumber] as? NSNumber)?.uint64Value)
}

@Suite struct OutputWriterTests {
    @Test func firstWriteCreatesFilesAndManifest() throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let css = sandbox.project.appendingPathComponent("Themes/default/assets/style.css")
        try sandbox.put("body { margin: 0 }\n", at: css)

        let summary = try sandbox.writer().write([
            OutputFile(path: "index.html", contents: .text("<h1>Road Trip</h1>\n")),
            OutputFile(path: "new-york/index.html", contents: .text("<h1>New York</h1>\n")),
            OutputFile(path: "assets/style.css", contents: .copy(from: css)),
            OutputFile(path: "map.bin", contents: .data(Data([0x00, 0xFF, 0x0A]))),
        ])

        #expect(sandbox.text("index.html") == "<h1>Road Trip</h1>\n")
        #expect(sandbox.text("new-york/index.html") == "<h1>New York</h1>\n")
        #expect(sandbox.text("assets/style.css") == "body { margin: 0 }\n")
        #expect(try Data(contentsOf: sandbox.output.appendingPathComponent("map.bin")) == Data([0x00, 0xFF, 0x0A]))
        // Hand-sorted by bytes: 'a' < 'i' < 'm' < 'n'.
        #expect(sandbox.text(".roadtrip-manifest") == "assets/style.css\nindex.html\nmap.bin\nnew-york/index.html\n")
        #expect(summary.written == ["assets/style.css", "index.html", "map.bin", "new-york/index.html"])
        #expect(summary.unchanged.isEmpty && summary.removed.isEmpty)
        #expect(sandbox.stagingLeftovers().isEmpty)
    }

    @Test func identicalWriteLeavesFilesUntouchedAndChangedFileIsReplaced() throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        try sandbox.put("", at: sandbox.output.appendingPathComponent(".gitkeep"))
        let files = [
            OutputFile(path: "index.html", contents: .text("home\n")),
            OutputFile(path: "paris/index.html", contents: .text("Paris\n")),
            OutputFile(path: "paris/map.svg", contents: .text("<svg/>\n")),
        ]
        let writer = sandbox.writer()
        #expect(try writer.write(files).written.count == 3)

        var before: [String: UInt64?] = [:]
        for file in files {
            let url = sandbox.output.appendingPathComponent(file.path)
            try FileManager.default.setAttributes([.modificationDate: oldDate], ofItemAtPath: url.path)
            before[file.path] = try attributes(url).inode
        }

        let second = try writer.write(files)
        #expect(second.unchanged == ["index.html", "paris/index.html", "paris/map.svg"])
        #expect(second.written.isEmpty && second.removed.isEmpty)
        for file in files {
            let now = try attributes(sandbox.output.appendingPathComponent(file.path))
            #expect(now.date == oldDate, "\(file.path) was rewritten")
            #expect(now.inode == before[file.path], "\(file.path) was replaced")
        }

        var changed = files
        changed[1].contents = .text("Paris, France\n")
        let third = try writer.write(changed)
        #expect(third.written == ["paris/index.html"])
        #expect(third.unchanged == ["index.html", "paris/map.svg"])
        #expect(sandbox.text("paris/index.html") == "Paris, France\n")
        #expect(try attributes(sandbox.output.appendingPathComponent("paris/index.html")).date != oldDate)
        #expect(try attributes(sandbox.output.appendingPathComponent("index.html")).date == oldDate)
        #expect(sandbox.exists(".gitkeep"))
        #expect(sandbox.stagingLeftovers().isEmpty)
    }

    /// A `.produced` file (a long track's export) is written from its pieces, and compared with
    /// the file already there on disk: the same 300 KB (five 64 KiB pieces) again leave it
    /// untouched (same inode and mtime), one byte changed at the end replaces it, a shorter one too.
    @Test func producedFilesAreStreamedAndComparedOnDisk() throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        func track(_ last: UInt8, count: Int = 300_000) -> OutputFile {
            OutputFile(path: "a/trips/t/track.gpx", contents: .produced(OutputProducer { sink in
                var bytes = [UInt8](repeating: UInt8(ascii: "x"), count: count)
                bytes[count - 1] = last
                for start in stride(from: 0, to: count, by: 1000) {
                    bytes[start..<min(start + 1000, count)].withUnsafeBytes { sink.write($0) }
                }
            }))
        }
        let writer = sandbox.writer()
        let page = OutputFile(path: "index.html", contents: .text("home\n"))
        #expect(try writer.write([page, track(UInt8(ascii: "1"))]).written == ["a/trips/t/track.gpx", "index.html"])
        let url = sandbox.output.appendingPathComponent("a/trips/t/track.gpx")
        #expect(try Data(contentsOf: url) == Data(repeating: UInt8(ascii: "x"), count: 299_999) + Data("1".utf8))
        try FileManager.default.setAttributes([.modificationDate: oldDate], ofItemAtPath: url.path)
        let inode = try attributes(url).inode

        let same = try writer.write([page, track(UInt8(ascii: "1"))])
        #expect(same.unchanged == ["a/trips/t/track.gpx", "index.html"] && same.written.isEmpty)
        #expect(try attributes(url).date == oldDate && attributes(url).inode == inode)

        #expect(try writer.write([page, track(UInt8(ascii: "2"))]).written == ["a/trips/t/track.gpx"])
        #expect(try Data(contentsOf: url).last == UInt8(ascii: "2"))
        #expect(try writer.write([page, track(UInt8(ascii: "2"), count: 299_000)]).written == ["a/trips/t/track.gpx"])
        #expect(try Data(contentsOf: url).count == 299_000)
        #expect(sandbox.stagingLeftovers().isEmpty)
    }

    /// A `.link` file is the cache's file itself (one inode, link count 2), unchanged while the
    /// output's file is that file, replaced when the cache renames a new file over it, linked again
    /// over a copy, written from its `otherwise` bytes when the cache file is gone or is a symbolic
    /// link, and a copy of a file on another file system (`/dev/shm`, a tmpfs, when it is one).
    @Test func linkedFilesShareTheCachesFileAndAreCopiedAcrossFileSystems() throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        func producer(_ text: String) -> OutputProducer { OutputProducer { sink in Data(text.utf8).withUnsafeBytes { sink.write($0) } } }
        let cached = sandbox.project.appendingPathComponent(".roadtrip-cache/basemap/0/0/0.svg")
        try sandbox.put("<svg>first</svg>\n", at: cached)
        func tile(_ text: String) -> OutputFile {
            OutputFile(path: "assets/basemap/0/0/0.svg", contents: .link(fromPath: cached.path, otherwise: producer(text)))
        }
        let writer = sandbox.writer()
        #expect(try writer.write([tile("<svg>first</svg>\n")]).written == ["assets/basemap/0/0/0.svg"])
        let url = sandbox.output.appendingPathComponent("assets/basemap/0/0/0.svg")
        #expect(try attributes(url).inode == attributes(cached).inode)
        #expect(try (FileManager.default.attributesOfItem(atPath: url.path)[.referenceCount] as? NSNumber)?.intValue == 2)
        #expect(try writer.write([tile("<svg>first</svg>\n")]).unchanged == ["assets/basemap/0/0/0.svg"])

        // The cache replaces its file by renaming a new one over it: the output follows.
        let replacement = cached.deletingLastPathComponent().appendingPathComponent(".0.svg.new")
        try sandbox.put("<svg>second</svg>\n", at: replacement)
        #expect(rename(replacement.path, cached.path) == 0)
        #expect(sandbox.text("assets/basemap/0/0/0.svg") == "<svg>first</svg>\n")
        #expect(try writer.write([tile("<svg>second</svg>\n")]).written == ["assets/basemap/0/0/0.svg"])
        #expect(sandbox.text("assets/basemap/0/0/0.svg") == "<svg>second</svg>\n")
        #expect(try attributes(url).inode == attributes(cached).inode)
        // An output holding the same bytes in a file of its own is linked again.
        try FileManager.default.removeItem(at: url)
        try sandbox.put("<svg>second</svg>\n", at: url)
        #expect(try writer.write([tile("<svg>second</svg>\n")]).written == ["assets/basemap/0/0/0.svg"])
        #expect(try attributes(url).inode == attributes(cached).inode)
        // The cache file removed (a build's cache deleted while it runs), or a symbolic link to a
        // file elsewhere: the bytes come from `otherwise`, and nothing outside is linked.
        try FileManager.default.removeItem(at: cached)
        #expect(try writer.write([tile("<svg>third</svg>\n")]).written == ["assets/basemap/0/0/0.svg"])
        #expect(sandbox.text("assets/basemap/0/0/0.svg") == "<svg>third</svg>\n")
        let outside = sandbox.base.appendingPathComponent("outside.svg")
        try sandbox.put("<svg>outside</svg>\n", at: outside)
        try FileManager.default.createSymbolicLink(at: cached, withDestinationURL: outside)
        #expect(try writer.write([tile("<svg>fourth</svg>\n")]).written == ["assets/basemap/0/0/0.svg"])
        #expect(sandbox.text("assets/basemap/0/0/0.svg") == "<svg>fourth</svg>\n")
        #expect(try attributes(url).inode != attributes(outside).inode)
        try FileManager.default.removeItem(at: cached)

        var here = stat(), shared = stat()
        guard stat(sandbox.base.path, &here) == 0, stat("/dev/shm", &shared) == 0, here.st_dev != shared.st_dev,
              access("/dev/shm", W_OK) == 0
        else {
            print("linkedFilesShareTheCachesFileAndAreCopiedAcrossFileSystems: the copy across file systems is not "
                  + "checked: /dev/shm is missing, not writable or on the same file system as the temporary folder")
            return
        }
        let elsewhere = URL(fileURLWithPath: "/dev/shm/roadtrip-output-tests-\(UUID().uuidString).svg")
        defer { try? FileManager.default.removeItem(at: elsewhere) }
        try sandbox.put("<svg>fifth</svg>\n", at: elsewhere)
        let fromElsewhere = OutputFile(
            path: "assets/basemap/0/0/0.svg", contents: .link(fromPath: elsewhere.path, otherwise: producer("<svg>fifth</svg>\n")))
        #expect(try writer.write([fromElsewhere]).written == ["assets/basemap/0/0/0.svg"])
        #expect(sandbox.text("assets/basemap/0/0/0.svg") == "<svg>fifth</svg>\n")
        #expect(try (FileManager.default.attributesOfItem(atPath: url.path)[.referenceCount] as? NSNumber)?.intValue == 1)
        // A copy across file systems with the same bytes is left as it is.
        #expect(try writer.write([fromElsewhere]).unchanged == ["assets/basemap/0/0/0.svg"])
    }

    /// A first write (the staging folder becomes the output folder) stages each folder's files
    /// together: 150 tiles in one folder, 3 in another and a page, linked or written, each in its
    /// place. It reports each file's stamp as `lstat` gives it in the output afterwards (linking
    /// moved a tile's status-change time; nothing moved any since; renaming the staging folder
    /// into place moves no file's), and a cache file that is a symbolic link is not linked: its
    /// `otherwise` bytes are written (its stamp is that new file's, not the cache's).
    @Test func aFirstWriteStampsTheFilesItMadeAndNeverLinksASymbolicLink() throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        func producer(_ text: String) -> OutputProducer { OutputProducer { sink in Data(text.utf8).withUnsafeBytes { sink.write($0) } } }
        let cacheFolder = sandbox.project.appendingPathComponent(".roadtrip-cache/basemap")
        var files: [OutputFile] = [OutputFile(path: "index.html", contents: .text("<p>home</p>\n"))]
        var tilePaths: [String] = []
        for (x, count) in [(1, 150), (2, 3)] {
            for y in 0..<count {
                let cached = cacheFolder.appendingPathComponent("9/\(x)/\(y).svg")
                try sandbox.put("<svg>\(x) \(y)</svg>\n", at: cached)
                files.append(OutputFile(path: "assets/basemap/9/\(x)/\(y).svg",
                                        contents: .link(fromPath: cached.path, otherwise: producer("unused\n"))))
                tilePaths.append("assets/basemap/9/\(x)/\(y).svg")
            }
        }
        let outside = sandbox.base.appendingPathComponent("outside.svg")
        try sandbox.put("<svg>outside</svg>\n", at: outside)
        let symbolic = cacheFolder.appendingPathComponent("9/2/9.svg")
        try FileManager.default.createSymbolicLink(at: symbolic, withDestinationURL: outside)
        files.append(OutputFile(path: "assets/basemap/9/2/9.svg", contents: .link(fromPath: symbolic.path, otherwise: producer("<svg>own</svg>\n"))))

        let summary = try sandbox.writer().write(files)
        #expect(summary.written.count == 155)
        #expect(sandbox.text("index.html") == "<p>home</p>\n")
        #expect(sandbox.text("assets/basemap/9/1/149.svg") == "<svg>1 149</svg>\n")
        #expect(sandbox.text("assets/basemap/9/2/9.svg") == "<svg>own</svg>\n")
        #expect(try attributes(sandbox.output.appendingPathComponent("assets/basemap/9/2/9.svg")).inode != attributes(outside).inode)
        #expect(Set(summary.stagedStamps.keys) == Set(tilePaths + ["index.html", "assets/basemap/9/2/9.svg"]))
        for path in summary.stagedStamps.keys {
            var status = stat()
            #expect(lstat(sandbox.output.appendingPathComponent(path).path, &status) == 0)
            #expect(status.st_nlink == (tilePaths.contains(path) ? 2 : 1), "\(path)")
            #expect(summary.stagedStamps[path] == BasemapFileStamp(status), "\(path)")
        }
        #expect(sandbox.stagingLeftovers().isEmpty)
        // A later write renames what it changed into place: it reports no stamps.
        #expect(try sandbox.writer().write(Array(files.dropLast())).stagedStamps.isEmpty)
    }

    /// Files staged as they are made (``OutputStaging``, as render-pages does): text and data go
    /// into the staging folder at once and come back `.staged`, and so does a cache file linked
    /// (its stamp reported by the first write); a cache file that is a symbolic link is not linked
    /// (its own bytes are written by the write); a copy, an unusable path and a
    /// second file at a path already staged come back as they were, and nothing is written outside
    /// the staging folder. The write then publishes them (a first write, then an update that finds
    /// an identical staged page unchanged and leaves its file alone), and removes the staging
    /// folder, also when the write fails. A `.staged` file given without its staging folder is
    /// refused before anything is written.
    @Test func filesStagedAsTheyAreMadeAreWrittenComparedAndCleanedUp() throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let writer = sandbox.writer()
        let asset = sandbox.project.appendingPathComponent("Themes/default/assets/site.css")
        try sandbox.put("body {}\n", at: asset)
        func kinds(_ files: [OutputFile]) -> [String] {
            files.map {
                switch $0.contents {
                case .staged: "staged"
                case .text: "text"
                case .copy: "copy"
                default: "other"
                }
            }
        }
        let lock = try writer.lock(waits: true)
        defer { lock.release() }

        // A tile of the cache, and one that is a symbolic link to a file outside it.
        let tile = sandbox.project.appendingPathComponent(".roadtrip-cache/basemap/9/1/1.svg")
        try sandbox.put("<svg>tile</svg>\n", at: tile)
        let outside = sandbox.base.appendingPathComponent("outside.svg")
        try sandbox.put("<svg>outside</svg>\n", at: outside)
        let symbolic = sandbox.project.appendingPathComponent(".roadtrip-cache/basemap/9/1/2.svg")
        try FileManager.default.createSymbolicLink(at: symbolic, withDestinationURL: outside)
        let own = OutputProducer { sink in Data("<svg>own</svg>\n".utf8).withUnsafeBytes { sink.write($0) } }

        var staging = try writer.openStaging(holding: lock)
        let made = staging.stage([
            OutputFile(path: "a/index.html", contents: .text("<p>a</p>\n")),
            OutputFile(path: "b/data.bin", contents: .data(Data([1, 2, 3]))),
            OutputFile(path: "assets/site.css", contents: .copy(from: asset)),
            OutputFile(path: "assets/basemap/9/1/1.svg", contents: .link(fromPath: tile.path, otherwise: own)),
            OutputFile(path: "assets/basemap/9/1/2.svg", contents: .link(fromPath: symbolic.path, otherwise: own)),
            OutputFile(path: "../escape.html", contents: .text("outside\n")),
            OutputFile(path: "a/index.html", contents: .text("<p>again</p>\n")),
        ])
        #expect(kinds(made) == ["staged", "staged", "copy", "staged", "other", "text", "text"])
        #expect(try String(contentsOf: staging.folder.appendingPathComponent("site/a/index.html"), encoding: .utf8) == "<p>a</p>\n")
        #expect(!FileManager.default.fileExists(atPath: staging.folder.appendingPathComponent("escape.html").path))
        #expect(Set(staging.stagedStamps.keys) == ["a/index.html", "assets/basemap/9/1/1.svg", "b/data.bin"])
        let first = try writer.write(Array(made.prefix(5)), keeping: [], holding: lock, conflictsChecked: false, staging: staging)
        #expect(first.written == ["a/index.html", "assets/basemap/9/1/1.svg", "assets/basemap/9/1/2.svg", "assets/site.css", "b/data.bin"])
        // The tile is the cache's file; every file is stamped as it is now; the symbolic link's bytes were written.
        #expect(try attributes(sandbox.output.appendingPathComponent("assets/basemap/9/1/1.svg")).inode == attributes(tile).inode)
        #expect(Set(first.stagedStamps.keys) == Set(first.written))
        for path in first.written {
            var status = stat()
            #expect(lstat(sandbox.output.appendingPathComponent(path).path, &status) == 0)
            #expect(first.stagedStamps[path] == BasemapFileStamp(status), "\(path)")
        }
        #expect(sandbox.text("assets/basemap/9/1/2.svg") == "<svg>own</svg>\n")
        #expect(sandbox.text("a/index.html") == "<p>a</p>\n")
        #expect((try? Data(contentsOf: sandbox.output.appendingPathComponent("b/data.bin"))) == Data([1, 2, 3]))
        #expect(sandbox.text("assets/site.css") == "body {}\n")
        #expect(sandbox.stagingLeftovers().isEmpty)

        let page = sandbox.output.appendingPathComponent("a/index.html")
        let before = try attributes(page)
        staging = try writer.openStaging(holding: lock)
        let update = staging.stage([
            OutputFile(path: "a/index.html", contents: .text("<p>a</p>\n")),
            OutputFile(path: "b/data.bin", contents: .data(Data([4]))),
            OutputFile(path: "assets/site.css", contents: .copy(from: asset)),
        ])
        let second = try writer.write(update, keeping: [], holding: lock, conflictsChecked: false, staging: staging)
        #expect(second.unchanged == ["a/index.html", "assets/site.css"])
        #expect(second.written == ["b/data.bin"])
        #expect(try attributes(page).inode == before.inode)
        #expect((try? Data(contentsOf: sandbox.output.appendingPathComponent("b/data.bin"))) == Data([4]))
        #expect(sandbox.stagingLeftovers().isEmpty)

        // A failed write (an unusable path among the files) removes the staging folder too.
        staging = try writer.openStaging(holding: lock)
        let failing = staging.stage([OutputFile(path: "a/index.html", contents: .text("<p>changed</p>\n"))])
            + [OutputFile(path: "/absolute.html", contents: .text("x\n"))]
        #expect(throws: OutputWriteFailure.self) {
            try writer.write(failing, keeping: [], holding: lock, conflictsChecked: false, staging: staging)
        }
        #expect(sandbox.stagingLeftovers().isEmpty)
        #expect(sandbox.text("a/index.html") == "<p>a</p>\n")
        // `.staged` without its staging folder.
        do {
            _ = try writer.write([OutputFile(path: "a/index.html", contents: .staged)], keeping: [], holding: lock, conflictsChecked: false)
            Issue.record("a .staged file without its staging folder was accepted")
        } catch {
            #expect(error.diagnostic.message.contains("was staged for another write"), "\(error.diagnostic.message)")
        }
        #expect(sandbox.text("a/index.html") == "<p>a</p>\n")
        #expect(sandbox.stagingLeftovers().isEmpty)
    }

    @Test func removedPagesAreDeletedAndUserFilesSurvive() throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        // What a publishing folder holds before the first build, then the user's own files after it.
        let publishingFiles = ["CNAME": "trips.example.org\n", ".git/config": "[core]\n"]
        let laterFiles = ["notes.txt": "my notes\n", "paris/notes.txt": "bring a hat\n"]
        let userFiles = publishingFiles.merging(laterFiles) { first, _ in first }
        for (path, text) in publishingFiles { try sandbox.put(text, at: sandbox.output.appendingPathComponent(path)) }
        let writer = sandbox.writer()
        _ = try writer.write([
            OutputFile(path: "index.html", contents: .text("home\n")),
            OutputFile(path: "paris/index.html", contents: .text("Paris\n")),
            OutputFile(path: "rome/index.html", contents: .text("Rome\n")),
            OutputFile(path: "rome/trips/day1/index.html", contents: .text("Day 1\n")),
        ])
        for (path, text) in laterFiles { try sandbox.put(text, at: sandbox.output.appendingPathComponent(path)) }

        let second = try writer.write([
            OutputFile(path: "index.html", contents: .text("home\n")),
            OutputFile(path: "paris/index.html", contents: .text("Paris\n")),
        ])
        #expect(second.removed == ["rome/index.html", "rome/trips/day1/index.html"])
        #expect(!sandbox.exists("rome"), "folders emptied by removals are removed")
        #expect(sandbox.text(".roadtrip-manifest") == "index.html\nparis/index.html\n")

        let third = try writer.write([OutputFile(path: "index.html", contents: .text("home\n"))])
        #expect(third.removed == ["paris/index.html"])
        #expect(sandbox.text("paris/notes.txt") == "bring a hat\n", "a folder holding a user file is kept")
        for (path, text) in userFiles { #expect(sandbox.text(path) == text, "\(path) must survive") }
    }

    @Test func validateRefusesUnsafeOutputFolders() throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let home = sandbox.base.appendingPathComponent("home", isDirectory: true)
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        let linkToProject = sandbox.base.appendingPathComponent("link-to-project")
        try FileManager.default.createSymbolicLink(at: linkToProject, withDestinationURL: sandbox.project)
        let aFile = sandbox.base.appendingPathComponent("a-file")
        try sandbox.put("x", at: aFile)

        let refused: [URL] = [
            URL(fileURLWithPath: "/"),
            home,
            home.appendingPathComponent("."),
            sandbox.project,
            sandbox.project.appendingPathComponent("Output/.."),
            linkToProject,
            sandbox.base,
            sandbox.project.appendingPathComponent("Destinations/site"),
            sandbox.project.appendingPathComponent("Themes"),
            // roadtrip's cache, whose fingerprint folders it removes whole.
            sandbox.project.appendingPathComponent(".roadtrip-cache/basemap/0123456789abcdef"),
            sandbox.project.appendingPathComponent(".roadtrip-cache"),
            aFile,
        ]
        for output in refused {
            let writer = OutputWriter(outputDirectory: output, projectRoot: sandbox.project, homeDirectory: home)
            let diagnostic = #expect(throws: Diagnostic.self, "\(output.path) must be refused") { try writer.validate() }
            #expect(diagnostic?.severity == .error)
            #expect(diagnostic?.location.path == output.path)
        }

        // The real $HOME through the default initialiser.
        if let realHome = ProcessInfo.processInfo.environment["HOME"], !realHome.isEmpty {
            let writer = OutputWriter(outputDirectory: URL(fileURLWithPath: realHome), projectRoot: sandbox.project)
            #expect(throws: Diagnostic.self) { try writer.validate() }
        }

        for output in [sandbox.output, sandbox.base.appendingPathComponent("elsewhere/site")] {
            let writer = OutputWriter(outputDirectory: output, projectRoot: sandbox.project, homeDirectory: home)
            #expect(throws: Never.self, "\(output.path) is fine") { try writer.validate() }
        }
    }

    /// System folders are refused however they are reached, before anything is created: the folder
    /// itself, a folder inside it that does not exist yet, and a symbolic link leading there.
    @Test func validateRefusesSystemFoldersAndLinksToThem() throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let home = sandbox.base.appendingPathComponent("home", isDirectory: true)
        let linkToEtc = sandbox.base.appendingPathComponent("link-to-etc")
        try FileManager.default.createSymbolicLink(atPath: linkToEtc.path, withDestinationPath: "/etc")
        let missing = "roadtrip-test-\(UUID().uuidString)"
        let cases: [(given: String, message: String)] = [
            ("/etc", "refusing to use /etc as the output folder: it is a folder of the operating system; pick a folder of your own"),
            ("/etc/\(missing)/site", "refusing to use /etc/\(missing)/site as the output folder: it is inside /etc, a folder of the operating system; pick a folder of your own"),
            ("/usr/share", "refusing to use /usr/share as the output folder: it is inside /usr, a folder of the operating system; pick a folder of your own"),
            ("/var", "refusing to use /var as the output folder: it is shared by the whole system; use a new folder inside it, such as /var/www/site"),
            ("/var/lib/\(missing)", "refusing to use /var/lib/\(missing) as the output folder: it is inside /var/lib, a folder of the operating system; pick a folder of your own"),
            ("/opt", "refusing to use /opt as the output folder: it is a folder of the operating system; pick a folder of your own"),
            (linkToEtc.path, "refusing to use /etc (where this path leads) as the output folder: it is a folder of the operating system; pick a folder of your own"),
            (linkToEtc.path + "/\(missing)", "refusing to use /etc/\(missing) (where this path leads) as the output folder: it is inside /etc, a folder of the operating system; pick a folder of your own"),
        ]
        for (given, message) in cases {
            let writer = OutputWriter(outputDirectory: URL(fileURLWithPath: given), projectRoot: sandbox.project, homeDirectory: home)
            let diagnostic = #expect(throws: Diagnostic.self, "\(given) must be refused") { try writer.validate() }
            #expect(diagnostic?.description == "\(given): error: \(message)")
            #expect(throws: Diagnostic.self) { try writer.write([OutputFile(path: "index.html", contents: .text("x"))]) }
        }
        for folder in ["/bin", "/sbin", "/boot", "/dev", "/proc", "/sys", "/lib", "/run", "/tmp", "/var/tmp", "/home", "/srv"] {
            let writer = OutputWriter(outputDirectory: URL(fileURLWithPath: folder), projectRoot: sandbox.project, homeDirectory: home)
            #expect(throws: Diagnostic.self, "\(folder) must be refused") { try writer.validate() }
        }
        #expect(!FileManager.default.fileExists(atPath: "/etc/\(missing)"))
        #expect(!FileManager.default.fileExists(atPath: "/var/lib/\(missing)"))
        #expect(!FileManager.default.fileExists(atPath: "/etc/" + OutputManifest.fileName))
    }

    /// Temporary folders are where tests and throw-away builds go: a new folder below `/tmp` and
    /// `/var/tmp` is written like any other.
    @Test func foldersBelowTheTemporaryFoldersAreWritten() throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        #expect(sandbox.output.path.hasPrefix(FileManager.default.temporaryDirectory.path))
        #expect(throws: Never.self) { try sandbox.writer().write([OutputFile(path: "index.html", contents: .text("tmp\n"))]) }
        #expect(sandbox.text("index.html") == "tmp\n")

        let varTmp = URL(fileURLWithPath: "/var/tmp/roadtrip-output-tests-\(UUID().uuidString)", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: varTmp) }
        let output = varTmp.appendingPathComponent("Output", isDirectory: true)
        let writer = sandbox.writer(output: output)
        #expect(throws: Never.self) { try writer.write([OutputFile(path: "index.html", contents: .text("var tmp\n"))]) }
        #expect(try String(contentsOf: output.appendingPathComponent("index.html"), encoding: .utf8) == "var tmp\n")
    }

    /// A folder of the user's that holds files and no manifest is refused before anything is
    /// staged or written; the message names what is in it and what to do.
    @Test func nonEmptyFolderRoadtripDidNotWriteIsRefused() throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        for (path, text) in ["notes.txt": "my notes\n", "index.html": "<p>my page</p>\n", "photos/a.jpg": "jpeg",
                             ".git/HEAD": "ref: refs/heads/main\n", "CNAME": "trips.example.org\n"] {
            try sandbox.put(text, at: sandbox.output.appendingPathComponent(path))
        }
        let before = try sandbox.snapshot()
        let writer = sandbox.writer()
        let expected = sandbox.output.path + ": error: refusing to write into this folder: it is not empty and was "
            + "not written by roadtrip (it has no .roadtrip-manifest): it holds index.html, notes.txt and photos/; "
            + "pick an empty or new folder, or remove them yourself (only dotfiles such as .git/ and .gitignore, "
            + "CNAME, _redirects, _headers, README and LICENSE files, and lost+found/ may be there before the first build)"
        let validated = #expect(throws: Diagnostic.self) { try writer.validate() }
        #expect(validated?.description == expected)
        let written = #expect(throws: Diagnostic.self) {
            try writer.write([OutputFile(path: "index.html", contents: .text("home\n"))])
        }
        #expect(written?.description == expected)
        #expect(try sandbox.snapshot() == before)
        #expect(sandbox.stagingLeftovers().isEmpty)

        // More than four entries: the first three by name, then a count.
        for name in ["a.txt", "b.txt"] { try sandbox.put("x", at: sandbox.output.appendingPathComponent(name)) }
        let many = #expect(throws: Diagnostic.self) { try writer.validate() }
        #expect(many?.message.contains("it holds a.txt, b.txt, index.html and 2 more; pick") == true)
        // One entry.
        let single = sandbox.base.appendingPathComponent("single", isDirectory: true)
        try sandbox.put("x", at: single.appendingPathComponent("notes.txt"))
        let one = #expect(throws: Diagnostic.self) { try sandbox.writer(output: single).validate() }
        #expect(one?.message.contains("it holds notes.txt; pick an empty or new folder, or remove it yourself") == true)
    }

    /// What a publishing folder holds before its first build (a git checkout of a Pages branch)
    /// does not stop the build, and survives it byte for byte, unlisted in the manifest.
    @Test func publishingFolderWithGitAndCNAMEIsWrittenAndKept() throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let publishing = [
            ".git/HEAD": "ref: refs/heads/gh-pages\n", ".git/config": "[core]\n", "CNAME": "trips.example.org\n",
            ".nojekyll": "", "README.md": "# Trips\n", "LICENSE": "CC BY 4.0\n", "_redirects": "/old /new 301\n",
        ]
        for (path, text) in publishing { try sandbox.put(text, at: sandbox.output.appendingPathComponent(path)) }
        let kept = try sandbox.snapshot()
        let summary = try sandbox.writer().write([
            OutputFile(path: "index.html", contents: .text("home\n")),
            OutputFile(path: "rome/index.html", contents: .text("Rome\n")),
        ])
        #expect(summary.written == ["index.html", "rome/index.html"])
        let after = try sandbox.snapshot()
        for (path, entry) in kept { #expect(after[path] == entry, "\(path) must survive unchanged") }
        #expect(sandbox.text(".roadtrip-manifest") == "index.html\nrome/index.html\n")
    }

    /// An existing empty folder (what `serve` creates before its first build) is written.
    @Test func emptyExistingFolderIsWritten() throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        try FileManager.default.createDirectory(at: sandbox.output, withIntermediateDirectories: true)
        #expect(try sandbox.writer().write([OutputFile(path: "index.html", contents: .text("home\n"))]).written == ["index.html"])
    }

    @Test func failedStagingLeavesPreviousOutputByteForByte() throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        try sandbox.put("trips.example.org\n", at: sandbox.output.appendingPathComponent("CNAME"))
        let writer = sandbox.writer()
        _ = try writer.write([
            OutputFile(path: "index.html", contents: .text("home\n")),
            OutputFile(path: "rome/index.html", contents: .text("Rome\n")),
        ])
        let before = try sandbox.snapshot()

        let missing = sandbox.project.appendingPathComponent("Themes/default/assets/missing.css")
        let diagnostic = #expect(throws: Diagnostic.self) {
            try writer.write([
                OutputFile(path: "index.html", contents: .text("home, changed\n")),
                OutputFile(path: "lisbon/index.html", contents: .text("Lisbon\n")),
                OutputFile(path: "assets/missing.css", contents: .copy(from: missing)),
            ])
        }
        #expect(diagnostic?.location.path == "Themes/default/assets/missing.css")
        #expect(try sandbox.snapshot() == before)
        #expect(sandbox.stagingLeftovers().isEmpty)
    }

    @Test func userFileInTheWayFailsBeforeTouchingOutput() throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let writer = sandbox.writer()
        _ = try writer.write([OutputFile(path: "index.html", contents: .text("home\n"))])
        try sandbox.put("the user's own file\n", at: sandbox.output.appendingPathComponent("about"))
        let before = try sandbox.snapshot()

        let diagnostic = #expect(throws: Diagnostic.self) {
            try writer.write([
                OutputFile(path: "index.html", contents: .text("home, changed\n")),
                OutputFile(path: "about/index.html", contents: .text("About\n")),
            ])
        }
        #expect(diagnostic?.location.path == sandbox.output.path + "/about/index.html")
        #expect(try sandbox.snapshot() == before)
        #expect(sandbox.stagingLeftovers().isEmpty)
    }

    @Test func staleFileAndFolderMakeWayForNewPaths() throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let writer = sandbox.writer()
        _ = try writer.write([
            OutputFile(path: "about", contents: .text("old about\n")),
            OutputFile(path: "blog/index.html", contents: .text("old blog\n")),
            OutputFile(path: "blog/2024/index.html", contents: .text("old 2024\n")),
        ])
        let summary = try writer.write([
            OutputFile(path: "about/index.html", contents: .text("About\n")),
            OutputFile(path: "blog", contents: .text("Blog\n")),
        ])
        #expect(sandbox.text("about/index.html") == "About\n")
        #expect(sandbox.text("blog") == "Blog\n")
        #expect(summary.removed == ["about", "blog/2024/index.html", "blog/index.html"])
        #expect(sandbox.text(".roadtrip-manifest") == "about/index.html\nblog\n")
    }

    @Test func removalNeverFollowsSymbolicLinksOrLeavesTheOutputFolder() throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let writer = sandbox.writer()
        _ = try writer.write([
            OutputFile(path: "index.html", contents: .text("home\n")),
            OutputFile(path: "assets/site.css", contents: .text("old css\n")),
        ])
        // The user swaps assets/ for a link to their own folder holding a site.css.
        let elsewhere = sandbox.base.appendingPathComponent("elsewhere", isDirectory: true)
        try sandbox.put("the user's css\n", at: elsewhere.appendingPathComponent("site.css"))
        try FileManager.default.removeItem(at: sandbox.output.appendingPathComponent("assets"))
        try FileManager.default.createSymbolicLink(
            at: sandbox.output.appendingPathComponent("assets"), withDestinationURL: elsewhere)
        // A hand-edited manifest naming a file outside the output folder.
        let victim = sandbox.project.appendingPathComponent("victim.txt")
        try sandbox.put("keep me\n", at: victim)
        try sandbox.put("assets/site.css\nindex.html\n../victim.txt\n/etc/hostname\n",
                        at: sandbox.output.appendingPathComponent(".roadtrip-manifest"))

        let summary = try writer.write([OutputFile(path: "index.html", contents: .text("home\n"))])
        #expect(summary.removed.isEmpty)
        #expect(try String(contentsOf: elsewhere.appendingPathComponent("site.css"), encoding: .utf8) == "the user's css\n")
        #expect(try String(contentsOf: victim, encoding: .utf8) == "keep me\n")
        #expect(FileManager.default.fileExists(atPath: "/etc/hostname"))
    }

    @Test func writeRejectsUnusableAndConflictingPaths() throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let writer = sandbox.writer()
        for paths in [["../escape.html"], ["/abs.html"], ["a//b.html"], [".roadtrip-manifest"], ["x\ny.html"],
                      ["Paris/index.html", "paris/index.html"], ["same.html", "same.html"]] {
            #expect(throws: Diagnostic.self, "\(paths)") {
                try writer.write(paths.map { OutputFile(path: $0, contents: .text("x")) })
            }
        }
        #expect(!FileManager.default.fileExists(atPath: sandbox.output.path))
        #expect(!FileManager.default.fileExists(atPath: sandbox.project.appendingPathComponent("escape.html").path))
    }

    /// The folders on the way to a path, outermost first, as the path spells them.
    @Test func ancestorsAreTheFoldersOnTheWay() {
        #expect(OutputFile.ancestors(of: "index.html").isEmpty)
        #expect(OutputFile.ancestors(of: "assets/basemap/12/2108/1180.svg")
            == ["assets", "assets/basemap", "assets/basemap/12", "assets/basemap/12/2108"])
        #expect(OutputFile.ancestors(of: "ålesund/photos/ø.jpg") == ["ålesund", "ålesund/photos"])
        #expect(OutputFile.ancestors(of: "a//b") == ["a", "a/"])
        // Of many paths together: each folder once.
        #expect(OutputFile.folders(of: ["a/b/c.svg", "a/b/d.svg", "a/e.svg", "f.html", "g/h/i/j.svg"])
            == ["a", "a/b", "g", "g/h", "g/h/i"])
    }

    /// The manifest lists its paths in the order of their UTF-8 bytes, one a line, whatever the
    /// set's order: "Z" (0x5A) < "a" (0x61) < "a/z" (a longer path after its prefix) < "ab" ('/' is
    /// 0x2F, 'b' 0x62) < "b" < "é" (0xC3 0xA9, after every ASCII byte) < "ö" (0xC3 0xB6). Swift's
    /// own String order would agree here; it is the bytes that are specified.
    @Test func manifestTextSortsPathsByTheirUTF8Bytes() {
        let manifest = OutputManifest(paths: ["b", "ö", "a/z", "a", "é", "Z", "ab"])
        #expect(manifest.text == "Z\na\na/z\nab\nb\né\nö\n")
        #expect(OutputManifest(paths: []).text == "")
        #expect(OutputManifest(parsing: manifest.text) == manifest)
        // From paths already sorted (a clean build's): the same text, a repeated path once.
        #expect(OutputManifest.text(ofSortedPaths: ["Z", "a", "a", "a/z", "ab", "b", "é", "ö", "ö"]) == manifest.text)
        #expect(OutputManifest.text(ofSortedPaths: []) == "")
    }

    @Test func conflictingPathsFindsCaseAndFolderConflicts() {
        let conflicts = OutputWriter.conflictingPaths([
            "A/index.html", "b.html", "a/index.html", "About", "about/index.html", "c.html", "c.html",
            "a.html", "ab/index.html", "Café.html", "cafe\u{301}.html",
        ]).map { "\($0.0) | \($0.1)" }
        // "Café" (precomposed é) and "cafe" + combining acute are canonically equivalent.
        #expect(conflicts == [
            "A/index.html | a/index.html",
            "c.html | c.html",
            "Café.html | cafe\u{301}.html",
            "About | about/index.html",
        ])
        #expect(OutputWriter.conflictingPaths(["a/index.html", "a.html", "ab/index.html", "index.html"]).isEmpty)
    }

    @Test func manifestDropsUnsafeLinesAndSortsPaths() {
        let manifest = OutputManifest(parsing: "b/index.html\n\n/etc/passwd\na/../x\n../y\na.html\n")
        #expect(manifest.paths == ["a.html", "b/index.html"])
        #expect(manifest.text == "a.html\nb/index.html\n")
        // By UTF-8 bytes: Z (5A) < a (61) < a/ then ab (2F < 62) < f (66) < é (C3 A9) < ø (C3 B8).
        let bytes = OutputManifest(paths: ["ø.html", "é.html", "f.html", "ab.html", "a/x.html", "Z.html"])
        #expect(bytes.text == "Z.html\na/x.html\nab.html\nf.html\né.html\nø.html\n")
    }

    /// Found by a tester: a manifest with one byte that is not UTF-8 was read as empty, and a
    /// build left every file of the one before behind. The line with the bad byte is dropped; the
    /// other two are read.
    @Test func aManifestLineThatIsNotUTF8IsDroppedAndTheOthersRead() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("manifest-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("alta/index.html\n".utf8 + [0xFF, 0x0A] + "index.html\n".utf8)
            .write(to: folder.appendingPathComponent(OutputManifest.fileName))
        #expect(OutputManifest(contentsOf: folder).paths == ["alta/index.html", "index.html"])
    }

    /// Found by a tester: a sparse manifest of 64 GiB (`truncate -s 64G`) was read whole and the
    /// build did not end. One past ``OutputManifest/largestFile`` reads as empty (sparse: no
    /// blocks written), as does a named pipe where the manifest goes (the read would block); one
    /// that fits and is a symbolic link to a regular file is read.
    @Test func aManifestTooLargeOrNoRegularFileReadsAsEmpty() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("manifest-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let manifest = folder.appendingPathComponent(OutputManifest.fileName)
        try Data("index.html\n".utf8).write(to: manifest)
        #expect(truncate(manifest.path, off_t(OutputManifest.largestFile + 1)) == 0)
        #expect(OutputManifest(contentsOf: folder).paths.isEmpty)
        try FileManager.default.removeItem(at: manifest)
        #expect(mkfifo(manifest.path, 0o644) == 0)
        #expect(OutputManifest(contentsOf: folder).paths.isEmpty)
        try FileManager.default.removeItem(at: manifest)
        let elsewhere = folder.appendingPathComponent("kept-manifest")
        try Data("alta/index.html\n".utf8).write(to: elsewhere)
        try FileManager.default.createSymbolicLink(at: manifest, withDestinationURL: elsewhere)
        #expect(OutputManifest(contentsOf: folder).paths == ["alta/index.html"])
    }

    /// Each kind of unusable path, and names that look close to one but are fine.
    @Test func pathProblemNamesWhatIsWrong() {
        #expect(OutputFile.pathProblem("") == "the path is empty")
        #expect(OutputFile.pathProblem("/etc/passwd") == "the path is absolute; it must be relative to the output folder")
        // A NUL or line break is named first, also after an empty, '.' or '..' component.
        for path in ["a\u{0}b", "a\nb", "a\rb", "a\r\nb", "a//b\u{0}", "../x\n", "./\r", "a/\u{0}"] {
            #expect(OutputFile.pathProblem(path) == "the path contains a NUL or line-break character", "\(path)")
        }
        for path in ["a//b", "a/", "a/b/"] { #expect(OutputFile.pathProblem(path) == "the path has an empty component", "\(path)") }
        for path in [".", "a/./b", "a/."] { #expect(OutputFile.pathProblem(path) == "the path has a '.' component", "\(path)") }
        for path in ["..", "../y", "a/../x", "a/.."] { #expect(OutputFile.pathProblem(path) == "the path has a '..' component", "\(path)") }
        for path in [".../x", ".well-known/a.txt", "a/..b/c", "café/é..", "ålesund/index.html"] {
            #expect(OutputFile.pathProblem(path) == nil, "\(path)")
        }
        #expect(OutputFile.pathProblem(".roadtrip-manifest") == "the path is reserved for roadtrip's manifest")
        #expect(OutputFile.pathProblem(".roadtrip-lock-Output")?.hasPrefix("names starting with '.roadtrip-'") == true)
    }

    /// A manifest edited to list the user's `.git/`, `CNAME`, `_redirects` or README: a build never
    /// removes them (a fresh-clone tester's hand-edited manifest had a build delete `.git/config`
    /// and `CNAME`). A destination called `readme` is roadtrip's folder and stays listed.
    @Test func manifestNeverNamesTheUsersFiles() throws {
        let manifest = OutputManifest(parsing: ".git/config\n.git/hooks\nCNAME\n_redirects\nREADME.md\nlicense\n"
            + "README-ja.md\nLICENSE-MIT\nCOPYING\nlost+found/x\nreadme/index.html\nindex.html\n")
        #expect(manifest.paths == ["index.html", "readme/index.html"])

        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        _ = try sandbox.writer().write([OutputFile(path: "index.html", contents: .text("home"))])
        try sandbox.put("[core]\n", at: sandbox.output.appendingPathComponent(".git/config"))
        try sandbox.put("trips.example.org\n", at: sandbox.output.appendingPathComponent("CNAME"))
        let manifestURL = sandbox.output.appendingPathComponent(OutputManifest.fileName)
        let listed = try String(contentsOf: manifestURL, encoding: .utf8)
        try Data((listed + ".git/config\nCNAME\n").utf8).write(to: manifestURL)
        let summary = try sandbox.writer().write([OutputFile(path: "index.html", contents: .text("home 2"))])
        #expect(summary.removed.isEmpty)
        #expect(sandbox.text(".git/config") == "[core]\n" && sandbox.text("CNAME") == "trips.example.org\n")
    }
}

/// A failure inside the apply phase says whether the output folder had already changed: then it
/// holds a mix of two builds and the build must not claim it was left as it was.
@Suite struct OutputSwapFailureTests {
    /// Two moves, `a.json` then `b.json` (UTF-8 order); only `a.json` is staged, so the second
    /// rename fails (ENOENT) after the first replaced the output's `a.json`. With nothing staged at
    /// all, the first rename fails and the output is untouched.
    @Test func aFailureSaysWhetherTheOutputChanged() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("roadtrip-swap-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let staging = root.appendingPathComponent("staging"), output = root.appendingPathComponent("Output")
        for folder in [staging.appendingPathComponent("site"), output] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        try Data("old a".utf8).write(to: output.appendingPathComponent("a.json"))
        let swap = OutputSwap(
            widenedManifest: nil, narrowedManifest: nil, clearingFiles: [], clearingFolders: [],
            moves: [.init(path: "b.json", isFolder: false), .init(path: "a.json", isFolder: false)], stale: [])

        #expect {
            try swap.apply(staging: staging, output: output)
        } throws: { error in
            (error as? OutputSwap.Failure).map { !$0.outputChanged && $0.path == "a.json" } ?? false
        }
        #expect(try String(contentsOf: output.appendingPathComponent("a.json"), encoding: .utf8) == "old a")

        try Data("new a".utf8).write(to: staging.appendingPathComponent("site/a.json"))
        #expect {
            try swap.apply(staging: staging, output: output)
        } throws: { error in
            (error as? OutputSwap.Failure).map { $0.outputChanged && $0.path == "b.json" } ?? false
        }
        #expect(try String(contentsOf: output.appendingPathComponent("a.json"), encoding: .utf8) == "new a")
    }
}
