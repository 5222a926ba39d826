import Foundation
import Testing

/// Files a new user leaves empty, links to nothing, or puts where roadtrip does not look — each
/// said in words through the built binary, never skipped without a message.
@Suite struct ProjectFileMistakeTests {
    static let bergen = NewUserMistakeTests.bergen

    func project() throws -> TemporaryProject {
        let project = try TemporaryProject(copyingTheme: false)
        try project.write("Destinations/bergen/index.md", Self.bergen)
        return project
    }

    /// An empty (or blank) file that must hold something is an error saying "the file is empty" and what
    /// belongs in it — never Foundation's "Cannot parse a NULL or zero-length data" or a JSON
    /// parser's "expected a value".
    @Test(arguments: [
        ("Destinations/Destinations.plist",
         ": error: the file is empty: the classic RoadTrip file is a property list whose root dictionary holds DestinationData"),
        ("Destinations/bergen/pois.json", ": error: the file is empty: points of interest are a JSON array of {title, latitude, longitude}"),
        ("Destinations/bergen/pois.plist", ": error: the file is empty: points of interest are a property list array of"),
        ("Destinations/bergen/index.md", ":1:1: error: the file is empty: a destination needs a location, given in the front matter its index.md starts with: a line `---`"),
        ("Destinations/bergen/trips/day1.gpx", ": error: the file is empty: a GPX document has a <gpx> root element"),
        ("Destinations/bergen/trips/day1.nmea", ": error: the file is empty: an NMEA 0183 log holds one sentence a line"),
        ("Destinations/bergen/trips/day1.json", ": error: the file is empty: a roadtrip trip log is a JSON object"),
        ("Destinations/bergen/trips/day1.csv", ": error: the file is empty: a CSV trip log needs a header line"),
    ])
    func emptyFileThatMustHoldSomething(path: String, message: String) throws {
        let project = try project()
        defer { project.remove() }
        // A file of nothing but blank lines and tabs is empty too (before, GPX said "Extra content
        // at the end of the document" and CSV read a header of blank column names).
        for text in ["", "  \n\n\t\r\n"] {
            try project.write(path, text)
            let result = try project.build()
            #expect(result.status == 1)
            // `message` carries the position, when there is one, and the severity.
            #expect(result.standardError.contains("\(path)\(message)"), "\(text.debugDescription): \(result.standardError)")
            #expect(!result.standardError.contains("zero-length") && !result.standardError.contains("expected a value"))
        }
    }

    /// A destination's `trips`, `photos` or `images` that is a file or a link to nothing is a
    /// warning saying what goes there; the build goes on without them.
    @Test func contentFoldersThatAreFiles() throws {
        let project = try project()
        defer { project.remove() }
        try project.write("Destinations/bergen/trips", "day1.gpx\n")
        try project.write("Destinations/bergen/photos", "x\n")
        try FileManager.default.createSymbolicLink(
            atPath: project.root.appendingPathComponent("Destinations/bergen/images").path, withDestinationPath: "../pictures")
        let result = try project.build()
        #expect(result.status == 0)
        #expect(result.standardError.split(separator: "\n").map(String.init) == [
            "Destinations/bergen/trips: warning: this is a file, not a folder: a destination's trip logs go into the folder "
                + "trips/; it is not read",
            "Destinations/bergen/photos: warning: this is a file, not a folder: a destination's photos go into the folder "
                + "photos/; it is not read",
            "Destinations/bergen/images: warning: this is a symbolic link to a missing folder ('../pictures'): a "
                + "destination's images (copied as they are) go into the folder images/; it is not read",
        ])
    }

    /// An `index.md` that is a named pipe, a link to `/dev/null` or a link to itself is an error in
    /// words (a pipe would otherwise block the read; Foundation says "You don’t have permission").
    @Test func indexThatIsNoRegularFile() throws {
        let project = try project()
        defer { project.remove() }
        let fileManager = FileManager.default
        for name in ["pipe", "device", "loop"] {
            try fileManager.createDirectory(at: project.root.appendingPathComponent("Destinations/\(name)"), withIntermediateDirectories: true)
        }
        #expect(mkfifo(project.root.appendingPathComponent("Destinations/pipe/index.md").path, 0o644) == 0)
        try fileManager.createSymbolicLink(
            atPath: project.root.appendingPathComponent("Destinations/device/index.md").path, withDestinationPath: "/dev/null")
        try fileManager.createSymbolicLink(
            atPath: project.root.appendingPathComponent("Destinations/loop/index.md").path, withDestinationPath: "index.md")
        let result = try project.build()
        #expect(result.status == 1)
        #expect(result.standardError.split(separator: "\n").map(String.init) == [
            "Destinations/device/index.md: error: this is not a regular file but a device; roadtrip reads only regular files",
            "Destinations/loop/index.md: error: this is a symbolic link in a loop ('index.md'), which leads to no file; "
                + "replace it with the file",
            "Destinations/pipe/index.md: error: this is not a regular file but a named pipe (FIFO); roadtrip reads only "
                + "regular files",
            "roadtrip: build failed in load-destinations: 3 errors, 0 warnings; nothing was written",
        ])
    }

    /// A destination folder that may not be searched — no execute permission (`chmod 644`), or
    /// none at all (`chmod 000`) — is an error in words at its `index.md`, never "folder has no
    /// index.md" and a skip; and when a folder built before becomes so, the output is left as it
    /// was. `Destinations/` itself unlistable (`chmod 000`, `100`) is an error too (it built an empty
    /// site and removed every page), and its `site.yaml` unreachable is not "the defaults". A
    /// folder that may be searched but not listed (`chmod 100`) is read again on every build (its
    /// fingerprint cannot see its files): an edit in it is published. The builds run as a user
    /// whom permissions bind (``PermissionBoundUser``).
    @Test func aFolderThatMayNotBeSearchedIsAnError() throws {
        let project = try project()
        defer {
            for name in ["Destinations/noexec", "Destinations/noperm", "Destinations/bergen", "Destinations"] {
                chmod(project.root.appendingPathComponent(name).path, 0o755)
            }
            project.remove()
        }
        let indexText = try String(contentsOf: project.root.appendingPathComponent("Destinations/bergen/index.md"), encoding: .utf8)
        for name in ["noexec", "noperm"] { try project.write("Destinations/\(name)/index.md", indexText) }
        guard let user = try PermissionBoundUser(owning: project) else { return }
        func build() throws -> CommandRunner.Output { try user.build(project) }
        let first = try build()
        #expect(first.status == 0, "\(first.standardError)")
        chmod(project.root.appendingPathComponent("Destinations/noexec").path, 0o644)
        chmod(project.root.appendingPathComponent("Destinations/noperm").path, 0o000)
        let second = try build()
        #expect(second.status == 1)
        #expect(second.standardError.split(separator: "\n").map(String.init) == [
            "Destinations/noexec/index.md: error: permission denied: a folder on the way to the file cannot be opened",
            "Destinations/noperm/index.md: error: permission denied: a folder on the way to the file cannot be opened",
            "roadtrip: build failed in load-destinations: 2 errors, 0 warnings; \(project.output.path) was left as it was",
        ])
        #expect(FileManager.default.fileExists(atPath: project.output.appendingPathComponent("noperm/index.html").path))

        chmod(project.root.appendingPathComponent("Destinations/noexec").path, 0o755)
        chmod(project.root.appendingPathComponent("Destinations/noperm").path, 0o755)
        let destinations = project.root.appendingPathComponent("Destinations").path
        chmod(destinations, 0o000)
        let third = try build()
        #expect(third.status == 1)
        #expect(third.standardError.split(separator: "\n").map(String.init) == [
            "Destinations/site.yaml: error: permission denied: a folder on the way to the file cannot be opened",
            "Destinations: error: cannot list the destinations in this folder: permission denied",
            "roadtrip: build failed in load-config, load-destinations: 2 errors, 0 warnings; \(project.output.path) was left as it was",
        ])
        chmod(destinations, 0o100)
        let fourth = try build()
        #expect(fourth.status == 1)
        #expect(fourth.standardError.contains("Destinations: error: cannot list the destinations in this folder: permission denied"))
        #expect(FileManager.default.fileExists(atPath: project.output.appendingPathComponent("bergen/index.html").path))
        chmod(destinations, 0o755)

        // Searchable, not listable: an edit made while it is so is published by the next build.
        let bergen = project.root.appendingPathComponent("Destinations/bergen").path
        chmod(bergen, 0o100)
        #expect(try build().status == 0)
        chmod(bergen, 0o755)
        let index = project.root.appendingPathComponent("Destinations/bergen/index.md")
        let handle = try FileHandle(forWritingTo: index)
        handle.seekToEndOfFile()
        handle.write(Data("\nA sentence written while the folder could not be listed.\n".utf8))
        try handle.close()
        chmod(bergen, 0o100)
        let fifth = try build()
        #expect(fifth.status == 0, "\(fifth.standardError)")
        let page = try String(contentsOf: project.output.appendingPathComponent("bergen/index.html"), encoding: .utf8)
        #expect(page.contains("A sentence written while the folder could not be listed."))
    }

    /// A destination's `trips/`, `photos/` or `images/` folder, or a folder below `images/`, that
    /// cannot be listed (`chmod 000`, or searchable only: `chmod 100`), or listed but not searched
    /// (`chmod 600`), is an error naming the folder, and the output is left as it was: before, it was skipped without a word, exit 0, and
    /// its published files were removed as stale (a trip log that was an error while readable was
    /// dropped in silence). A recording folder in `trips/` that may not be searched says
    /// "permission denied", not "has no Location.csv"; a trip log, a photo or a file of `images/`
    /// that cannot be read says so in words (not Foundation's; the photo was a warning and its
    /// copies were removed). Builds run as a user whom permissions bind.
    @Test func aContentFolderThatCannotBeListedIsAnError() throws {
        let project = try project()
        let bergen = project.root.appendingPathComponent("Destinations/bergen")
        let modeChanged = [
            "trips", "trips/drive", "trips/lake.gpx", "trips/tracks.kmz", "trips/day.log", "photos", "photos/hill.jpg", "images",
            "images/maps", "images/note.txt",
        ]
        defer {
            for name in modeChanged { chmod(bergen.appendingPathComponent(name).path, 0o755) }
            project.remove()
        }
        try project.copy(
            CommandRunner.packageRoot.appendingPathComponent(TripCommandTests.sensorLoggerFolder),
            to: "Destinations/bergen/trips/drive")
        try project.write("Destinations/bergen/images/note.txt", "A note.\n")
        try project.write("Destinations/bergen/images/maps/route.txt", "A route.\n")
        try project.copy(CommandRunner.packageRoot.appendingPathComponent(TripCommandTests.cerknica), to: "Destinations/bergen/trips/lake.gpx")
        // A GPX under a name that says nothing of its format, read by its content.
        try project.copy(CommandRunner.packageRoot.appendingPathComponent(TripCommandTests.cerknica), to: "Destinations/bergen/trips/day.log")
        try project.copy(
            CommandRunner.packageRoot.appendingPathComponent(TripCommandTests.fixtures + "/kmz/opentracks.kmz"),
            to: "Destinations/bergen/trips/tracks.kmz")
        try project.copy(
            CommandRunner.packageRoot.appendingPathComponent("Tests/RoadTripKitTests/Fixtures/photos/gps-north-east.jpg"),
            to: "Destinations/bergen/photos/hill.jpg")
        guard let user = try PermissionBoundUser(owning: project) else { return }
        let first = try user.build(project)
        #expect(first.status == 0, "\(first.standardError)")
        let published = [
            "bergen/images/note.txt", "bergen/images/maps/route.txt", "bergen/trips/drive/index.html",
            "bergen/trips/lake/index.html", "bergen/photos/hill.jpg",
        ]
        for path in published {
            #expect(FileManager.default.fileExists(atPath: project.output.appendingPathComponent(path).path), "\(path)")
        }
        let failed = "roadtrip: build failed in load-destinations: 1 error, 0 warnings; \(project.output.path) was left as it was"
        for (folder, holding) in [("trips", "trip logs"), ("photos", "photos"), ("images", "images"), ("images/maps", "images")] {
            // 600: the names can be read, but not one file opened (no search permission).
            for mode: mode_t in [0o000, 0o100, 0o600] {
                let result = try user.build(project, with: bergen.appendingPathComponent(folder), at: mode)
                let message = mode == 0o600
                    ? "cannot open the \(holding) in this folder: permission denied (it may be listed but not searched)"
                    : "cannot list the \(holding) in this folder: permission denied"
                #expect(result.status == 1, "\(folder) \(String(mode, radix: 8))")
                #expect(result.standardError.split(separator: "\n").map(String.init) == [
                    "Destinations/bergen/\(folder): error: " + message, failed,
                ], "\(folder) \(String(mode, radix: 8))")
            }
        }
        let recording = try user.build(project, with: bergen.appendingPathComponent("trips/drive"), at: 0o000)
        #expect(recording.standardError.split(separator: "\n").map(String.init) == [
            "Destinations/bergen/trips/drive: error: cannot open the files of this recording folder: permission denied", failed,
        ])
        // A trip log or a photo that cannot be read: an error in words (the photo was a warning,
        // and its copies were removed).
        for (file, message) in [
            ("trips/lake.gpx", "cannot open the GPX file: permission denied: the file is not readable"),
            ("trips/tracks.kmz", "permission denied: the file is not readable"),
            ("trips/day.log", "permission denied: the file is not readable"),  // not "not a trip log" and a skip
            ("photos/hill.jpg", "permission denied: the file is not readable"),
        ] {
            let result = try user.build(project, with: bergen.appendingPathComponent(file), at: 0o000, restoring: 0o644)
            #expect(result.standardError.split(separator: "\n").map(String.init) == [
                "Destinations/bergen/\(file): error: " + message, failed,
            ], "\(file)")
        }
        let unreadableImage = try user.build(
            project, with: bergen.appendingPathComponent("images/note.txt"), at: 0o000, restoring: 0o644)
        #expect(unreadableImage.status == 1)
        #expect(unreadableImage.standardError.contains(
            "Destinations/bergen/images/note.txt: error: cannot read the file to copy to 'bergen/images/note.txt': "
                + "permission denied: the file is not readable"), "\(unreadableImage.standardError)")
        for path in published {
            #expect(FileManager.default.fileExists(atPath: project.output.appendingPathComponent(path).path), "\(path)")
        }
        #expect(try user.build(project).status == 0)
    }

    /// A destination's `trips/` that is a symbolic link through a folder that may not be searched,
    /// or a trip log linked from it through one, is an error that says so — not "a link to a
    /// missing folder" (a warning, and the trip pages removed) nor "a link to a missing file";
    /// the output is left as it was. Builds run as a user whom permissions bind.
    @Test func aLinkThroughAFolderThatMayNotBeSearchedIsAnError() throws {
        let project = try project()
        let elsewhere = project.root.appendingPathComponent("elsewhere")
        defer {
            for folder in [elsewhere, elsewhere.appendingPathComponent("logs")] { chmod(folder.path, 0o755) }
            project.remove()
        }
        let cerknica = CommandRunner.packageRoot.appendingPathComponent(TripCommandTests.cerknica)
        try project.copy(cerknica, to: "elsewhere/trips/lake.gpx")
        try project.copy(cerknica, to: "elsewhere/logs/day.gpx")
        try FileManager.default.createSymbolicLink(
            atPath: project.root.appendingPathComponent("elsewhere/trips/day.gpx").path, withDestinationPath: "../logs/day.gpx")
        try FileManager.default.createSymbolicLink(
            atPath: project.root.appendingPathComponent("Destinations/bergen/trips").path, withDestinationPath: "../../elsewhere/trips")
        guard let user = try PermissionBoundUser(owning: project) else { return }
        let first = try user.build(project)
        #expect(first.status == 0, "\(first.standardError)")
        #expect(FileManager.default.fileExists(atPath: project.output.appendingPathComponent("bergen/trips/day/index.html").path))
        let failed = "roadtrip: build failed in load-destinations: 1 error, 0 warnings; \(project.output.path) was left as it was"
        for (folder, message) in [
            ("elsewhere/logs", "Destinations/bergen/trips/day.gpx: error: permission denied: this symbolic link leads through a "
                + "folder that cannot be opened ('../logs/day.gpx')"),
            ("elsewhere", "Destinations/bergen/trips: error: cannot list the trip logs in this folder: permission denied "
                + "(a folder on the way cannot be opened)"),
        ] {
            let result = try user.build(project, with: project.root.appendingPathComponent(folder), at: 0o600)
            #expect(result.status == 1, "\(folder)")
            #expect(result.standardError.split(separator: "\n").map(String.init) == [message, failed], "\(folder)")
            #expect(FileManager.default.fileExists(atPath: project.output.appendingPathComponent("bergen/trips/day/index.html").path))
        }
        #expect(try user.build(project).status == 0)
    }

    /// A symbolic link directly in `Destinations/` that leads nowhere is a warning that says which
    /// way: to something missing, or in a loop (`ln -s loop loop`); both are skipped.
    @Test func linksInDestinationsThatLeadNowhere() throws {
        let project = try project()
        defer { project.remove() }
        let fileManager = FileManager.default
        try fileManager.createSymbolicLink(
            atPath: project.root.appendingPathComponent("Destinations/gone").path, withDestinationPath: "moved-away")
        try fileManager.createSymbolicLink(
            atPath: project.root.appendingPathComponent("Destinations/loop").path, withDestinationPath: "loop")
        let result = try project.build()
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardError.split(separator: "\n").map(String.init) == [
            "Destinations/gone: warning: this is a symbolic link to a missing file or folder ('moved-away'); it is skipped",
            "Destinations/loop: warning: this is a symbolic link in a loop ('loop'), which leads to no file or folder; it is skipped",
        ])
    }

    /// An empty `site.yaml` (or one of blank lines) is a site with no settings: the defaults, no
    /// message. An empty `contacts.vcf` is a warning: the destination builds without people.
    @Test func emptyFilesThatMayBeEmpty() throws {
        let project = try project()
        defer { project.remove() }
        try project.write("Destinations/site.yaml", "\n\n")
        try project.write("Destinations/bergen/contacts.vcf", "")
        let result = try project.build()
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardError == "Destinations/bergen/contacts.vcf: warning: the file is empty: "
            + "there are no contact cards (BEGIN:VCARD … END:VCARD) to read\n")
    }

    /// `site.yaml` or `index.md` that is a symbolic link to a file that is not there (a moved
    /// Dropbox folder) is an error naming the link's target — not a build with the defaults, or
    /// a destination skipped with "folder has no index.md".
    @Test(arguments: ["Destinations/site.yaml", "Destinations/bergen/index.md", "Destinations/bergen/pois.json"])
    func danglingSymbolicLink(path: String) throws {
        let project = try project()
        defer { project.remove() }
        let link = project.root.appendingPathComponent(path)
        try? FileManager.default.removeItem(at: link)
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "/nonexistent/moved.yaml")
        let result = try project.build()
        #expect(result.status == 1)
        #expect(result.standardError.contains(
            "\(path): error: this is a symbolic link to a missing file ('/nonexistent/moved.yaml')"), "\(result.standardError)")
        #expect(!result.standardError.contains("folder has no index.md"))
        #expect(!project.exists("Output/index.html"))
    }

    /// Markdown files in `Destinations/` itself are not destinations: a warning saying where
    /// they go (a folder per destination); a file named almost like one roadtrip reads gets its
    /// name; other files a warning that they are not read. The classic plist's own images
    /// (`NewYorkCity.svg`, which it names as DestinationImage), `site.yaml`, dotfiles and a
    /// content folder's own `README.md`/`LICENSE` stay silent. The build goes on (exit 0).
    @Test func filesInDestinationsThatAreNotRead() throws {
        let project = try project()
        defer { project.remove() }
        for name in ["Destinations.plist", "NewYorkCity.svg", "SanFrancisco.svg"] {
            try project.copy(CommandRunner.packageRoot.appendingPathComponent("Destinations/\(name)"), to: "Destinations/\(name)")
        }
        try project.write("Destinations/site.yaml", "title: Trips\n")
        try project.write("Destinations/.DS_Store", "x")
        try project.write("Destinations/index.md", Self.bergen)
        try project.write("Destinations/loose.md", Self.bergen)
        try project.write("Destinations/site.yml", "title: Trips\n")
        try project.write("Destinations/notes.txt", "ideas\n")
        try project.write("Destinations/README.md", "# My trips\n")
        try project.write("Destinations/LICENSE", "CC BY 4.0\n")
        try project.write("Destinations/licence.txt", "CC BY 4.0\n")
        let result = try project.build()
        #expect(result.status == 0, "\(result.standardError)")
        let warnings = result.standardError.split(separator: "\n").map(String.init)
        #expect(warnings == [
            "Destinations/index.md: warning: a destination is a folder holding index.md; this file is not read: "
                + "move it to Destinations/<slug>/index.md (the folder name is the destination's slug)",
            "Destinations/loose.md: warning: a destination is a folder holding index.md; this file is not read: "
                + "move it to Destinations/loose/index.md (the folder name is the destination's slug)",
            "Destinations/notes.txt: warning: roadtrip does not read this file (Destinations/ holds site.yaml, "
                + "Destinations.plist and the images it names, and one folder per destination); it is skipped",
            "Destinations/site.yml: warning: roadtrip does not read this file; did you mean 'site.yaml'?",
        ])
    }

    /// A destination folder whose index file has another case or extension is named in the
    /// warning, with the rename that makes it a destination.
    @Test(arguments: ["Index.md", "index.markdown", "index.MD"])
    func indexFileWithAnotherName(name: String) throws {
        let project = try project()
        defer { project.remove() }
        try project.write("Destinations/tromso/\(name)", "---\ntitle: Tromsø\nlatitude: 69.65\nlongitude: 18.96\n---\n")
        let result = try project.build()
        #expect(result.status == 0)
        #expect(result.standardError == "Destinations/tromso: warning: folder has no index.md, so it is not a destination; "
            + "it is skipped; found \(name): rename it to index.md\n")
    }
}
