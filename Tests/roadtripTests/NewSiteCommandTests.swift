import Foundation
import Testing

/// `roadtrip new site DIR`, and commands finding their project from a folder inside it, through
/// the built binary.
@Suite(.serialized) struct NewSiteCommandTests {
    /// A fresh temporary folder (not made), removed by the caller.
    func temporaryFolder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("roadtrip-newsite-\(UUID().uuidString)")
    }

    /// `new site` then `build` from the site's folder, without --source: a site with the example
    /// destination and its four POIs, and no diagnostic at all.
    @Test func newSiteThenBuildGivesASite() throws {
        let base = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: base) }
        let site = base.appendingPathComponent("nested/trip")
        let created = try CommandRunner.run(["new", "site", "nested/trip"], in: try makeFolder(base))
        #expect(created.status == 0, "\(created.standardError)")
        #expect(created.standardError.isEmpty)
        // The next two commands, with DIR as the user wrote it.
        #expect(created.standardOutput.contains("\n  cd nested/trip\n"))
        #expect(created.standardOutput.contains("\n  roadtrip serve "))
        #expect(created.standardOutput.contains("roadtrip build"))
        for file in ["Destinations/site.yaml", "Destinations/bergen/index.md", ".gitignore"] {
            #expect(FileManager.default.fileExists(atPath: site.appendingPathComponent(file).path), "\(file)")
        }
        // No Themes/: the built-in theme builds it.
        #expect(!FileManager.default.fileExists(atPath: site.appendingPathComponent("Themes").path))

        let build = try CommandRunner.run(["build"], in: site)
        #expect(build.status == 0, "\(build.standardError)")
        #expect(build.standardError.isEmpty, "\(build.standardError)")
        let page = try String(contentsOf: site.appendingPathComponent("Output/bergen/index.html"), encoding: .utf8)
        for poi in ["Bryggen", "Fisketorget", "Fløyen", "Ulriken"] { #expect(page.contains(poi)) }
        #expect(page.contains("data-annotation-id=\"poi-4\"") && !page.contains("data-annotation-id=\"poi-5\""))
        let home = try String(contentsOf: site.appendingPathComponent("Output/index.html"), encoding: .utf8)
        #expect(home.contains("bergen/"))
    }

    /// A DIR that holds anything is refused with exit 1, naming what it holds; nothing is written.
    /// A missing DIR is bad usage.
    @Test func nonEmptyFolderIsRefused() throws {
        let folder = try makeFolder(temporaryFolder())
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("mine\n".utf8).write(to: folder.appendingPathComponent("notes.txt"))
        let refused = try CommandRunner.run(["new", "site", folder.path])
        #expect(refused.status == 1)
        #expect(refused.standardOutput.isEmpty)
        #expect(refused.standardError == "roadtrip: error: \(folder.path) is not empty (it holds notes.txt); a new site "
            + "goes into an empty or new folder, so that it never mixes with other files: give another DIR (only dotfiles "
            + "such as .git/ and .gitignore, CNAME, _redirects, _headers, README and LICENSE files, and lost+found/ may be there "
            + "already)\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["notes.txt"])
        let missing = try CommandRunner.run(["new", "site"])
        #expect(missing.status == 2)
        #expect(missing.standardError.contains("new site needs a DIR"))
    }

    /// `build` from a destination's folder finds the project two levels up; --verbose says which
    /// root it uses and where the search started.
    @Test func buildFromASubfolderFindsTheRoot() throws {
        let project = try TemporaryProject()
        defer { project.remove() }
        try project.write("Destinations/bergen/index.md", BuildCommandTests.bergen)
        let subfolder = project.root.appendingPathComponent("Destinations/bergen")
        let result = try CommandRunner.run(["build", "--verbose"], in: subfolder)
        #expect(result.status == 0, "\(result.standardError)")
        let firstLine = result.standardOutput.split(separator: "\n").first.map(String.init)
        #expect(firstLine == "Project root: \(project.root.path) (found from \(subfolder.path))")
        #expect(project.exists("Output/bergen/index.html"))
        #expect(!FileManager.default.fileExists(atPath: subfolder.appendingPathComponent("Output").path))
        // Without --verbose, no such line; --source is said to be the source.
        let quiet = try CommandRunner.run(["build"], in: subfolder)
        #expect(quiet.status == 0 && !quiet.standardOutput.contains("Project root"))
        let given = try CommandRunner.run(["build", "-v", "--source", project.root.path], in: CommandRunner.outsideAnyProject)
        #expect(given.standardOutput.hasPrefix("Project root: \(project.root.path) (--source)\n"))
    }

    /// Outside any project, every command that needs one says so, naming the folder it searched
    /// from and the two ways out; exit 1 and nothing written.
    @Test func noProjectIsAClearError() throws {
        let folder = try makeFolder(temporaryFolder())
        defer { try? FileManager.default.removeItem(at: folder) }
        let expected = "roadtrip: error: no roadtrip project in \(folder.path) or any folder above it (a project is "
            + "a folder holding Destinations/); create one with 'roadtrip new site DIR', or name one with --source DIR\n"
        for arguments in [
            ["build"], ["serve", "--port", "0"], ["new", "destination", "Oslo", "--latitude", "59.9", "--longitude", "10.7"],
            ["theme", "eject"],
        ] {
            let result = try CommandRunner.run(arguments, in: folder)
            #expect(result.status == 1, "\(arguments)")
            #expect(result.standardError == expected, "\(arguments)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)

        // A file named Destinations is no project, and the message says that is why.
        try "notes\n".write(to: folder.appendingPathComponent("Destinations"), atomically: false, encoding: .utf8)
        let file = try CommandRunner.run(["build"], in: folder)
        #expect(file.status == 1)
        #expect(file.standardError == expected.replacingOccurrences(
            of: "Destinations/); create", with: "Destinations/); \(folder.path)/Destinations is a file, not a folder; create"))
    }

    /// A destination folder named `Destinations` (`Destinations/Destinations/`) does not make
    /// `Destinations/` look like a project: from `Destinations/` and from
    /// `Destinations/Destinations/` the root is the project, both destinations are built, and
    /// nothing is written inside `Destinations/`.
    @Test func aDestinationNamedDestinationsIsContentNotARoot() throws {
        let project = try TemporaryProject(copyingTheme: false)
        defer { project.remove() }
        try project.write("Destinations/bergen/index.md", BuildCommandTests.bergen)
        try project.write("Destinations/Destinations/index.md", "---\ntitle: Destinations\nlatitude: 60.0\nlongitude: 5.0\n---\n")
        for folder in ["Destinations", "Destinations/Destinations"] {
            let start = project.root.appendingPathComponent(folder)
            let result = try CommandRunner.run(["build", "-v"], in: start)
            #expect(result.status == 0, "\(folder): \(result.standardError)")
            #expect(result.standardOutput.hasPrefix("Project root: \(project.root.path) (found from \(start.path))\n"), "\(folder)")
            #expect(result.standardOutput.contains("Built 2 destinations into \(project.output.path) in"), "\(folder)")
            #expect(project.exists("Output/destinations/index.html") && project.exists("Output/bergen/index.html"))
            #expect(!project.exists("Destinations/Output") && !project.exists("Destinations/Destinations/Output"))
        }
    }

    /// `--source` must name the project root: a file inside it, or its Destinations/, is an error
    /// that names the project around it; nothing is built or written.
    @Test func sourceThatIsNoProjectRootNamesTheProject() throws {
        let project = try TemporaryProject(copyingTheme: false)
        defer { project.remove() }
        try project.write("Destinations/x/index.md", BuildCommandTests.bergen)
        let rule = "--source names the project root, the folder holding Destinations/; the project it is in is "
            + "\(project.root.path): give --source \(project.root.path), or no --source inside it\n"
        let file = try CommandRunner.run(["build", "--source", "Destinations/x/index.md"], in: project.root)
        #expect(file.status == 1)
        #expect(file.standardError == "roadtrip: error: \(project.root.path)/Destinations/x/index.md is a file, not a folder: \(rule)")
        let content = try CommandRunner.run(["build", "--source", "Destinations"], in: project.root)
        #expect(content.status == 1)
        #expect(content.standardError == "roadtrip: error: \(project.root.path)/Destinations is a project's content folder, "
            + "not its root: \(rule)")
        let inside = try CommandRunner.run(["build", "--source", "Destinations/x"], in: project.root)
        #expect(inside.standardError == "roadtrip: error: no Destinations/ folder in \(project.root.path)/Destinations/x, so it is "
            + "not a roadtrip project: \(rule)")
        #expect(!project.exists("Output") && !project.exists("Destinations/Output"))
    }

    /// The "Next:" hint prints a `cd` that works when pasted into a POSIX shell — `./-dash` for a
    /// name starting with '-', single quotes around spaces and quotes — and none when DIR is the
    /// working folder.
    @Test func theNextCommandsWorkInAShell() throws {
        let base = try makeFolder(temporaryFolder())
        defer { try? FileManager.default.removeItem(at: base) }
        for (arguments, cd) in [
            (["--", "-dash"], "cd ./-dash"), (["it's my trip"], "cd 'it'\\''s my trip'"), (["plain-name"], "cd plain-name"),
        ] {
            let created = try CommandRunner.run(["new", "site"] + arguments, in: base)
            #expect(created.status == 0, "\(arguments): \(created.standardError)")
            #expect(created.standardOutput.contains("\nNext:\n  \(cd)\n  roadtrip serve "), "\(arguments): \(created.standardOutput)")
            // The printed command, run by sh from the same folder, enters the new site.
            let shell = try CommandRunner.run(
                program: URL(fileURLWithPath: "/bin/sh"), ["-c", "\(cd) && test -d Destinations && pwd"], in: base)
            #expect(shell.status == 0, "\(cd): \(shell.standardError)")
        }
        let here = try makeFolder(base.appendingPathComponent("here"))
        let dot = try CommandRunner.run(["new", "site", "."], in: here)
        #expect(dot.status == 0, "\(dot.standardError)")
        #expect(dot.standardOutput.contains("\nNext:\n  roadtrip serve "))
        #expect(!dot.standardOutput.contains("cd "))
    }

    /// A freshly made GitHub repository (`.git/`, `README.md`, `LICENSE`) takes a site, by the
    /// rule a build's output folder follows; the files stay as they were. The help says what a
    /// DIR may hold.
    @Test func aNewRepositoryTakesASite() throws {
        let folder = try makeFolder(temporaryFolder())
        defer { try? FileManager.default.removeItem(at: folder) }
        try makeFolder(folder.appendingPathComponent(".git"))
        try Data("# My trip\n".utf8).write(to: folder.appendingPathComponent("README.md"))
        try Data("MIT\n".utf8).write(to: folder.appendingPathComponent("LICENSE"))
        let created = try CommandRunner.run(["new", "site", "."], in: folder)
        #expect(created.status == 0, "\(created.standardError)")
        #expect(try String(contentsOf: folder.appendingPathComponent("README.md"), encoding: .utf8) == "# My trip\n")
        #expect(try CommandRunner.run(["build"], in: folder).status == 0)
        // A second `new site .` says this is a site already, and writes nothing.
        let again = try CommandRunner.run(["new", "site", "."], in: folder)
        #expect(again.status == 1)
        #expect(again.standardError == "roadtrip: error: \(folder.path) is a roadtrip site already (it holds Destinations/); "
            + "build it with 'roadtrip build' or preview it with 'roadtrip serve', or give another DIR for a new site\n")

        let help = try CommandRunner.run(["new", "site", "--help"]).standardOutput
        #expect(help.contains("may hold only dotfiles and dot-folders (.git/, .gitignore, ...), CNAME, _redirects,\n"
            + "_headers, and README and LICENSE files"))
        #expect(!help.contains("not empty is refused"))
    }

    /// An existing `.gitignore` is said to get roadtrip's lines ("Created" would be untrue); one
    /// that is not UTF-8 (0xE9, Latin-1 "é", is byte 4 of line 1 in "caf\u{E9}/") or is a
    /// symbolic link (Git 2.32 and later do not follow one) is refused before anything is
    /// written, so a retry after fixing it is not refused as "not empty".
    @Test func existingGitignoreIsMergedOrRefusedFirst() throws {
        let base = try makeFolder(temporaryFolder())
        defer { try? FileManager.default.removeItem(at: base) }
        let merged = base.appendingPathComponent("merged")
        try makeFolder(merged)
        try Data("*.log\n".utf8).write(to: merged.appendingPathComponent(".gitignore"))
        let created = try CommandRunner.run(["new", "site", "merged"], in: base)
        #expect(created.status == 0, "\(created.standardError)")
        #expect(created.standardOutput.contains("  .gitignore (roadtrip's lines added)\n"))
        #expect(try String(contentsOf: merged.appendingPathComponent(".gitignore"), encoding: .utf8) == """
            *.log
            # What roadtrip generates: rebuilt by `roadtrip build`, so not worth committing.
            /Output/*
            .roadtrip-cache/
            .roadtrip-staging-*/
            .roadtrip-lock-*

            """)

        let latin1 = base.appendingPathComponent("latin1")
        try makeFolder(latin1)
        try Data([0x63, 0x61, 0x66, 0xE9, 0x2F, 0x0A]).write(to: latin1.appendingPathComponent(".gitignore"))
        let refused = try CommandRunner.run(["new", "site", "latin1"], in: base)
        #expect(refused.status == 1)
        #expect(refused.standardError == "roadtrip: error: cannot create the site in \(latin1.path): .gitignore is not valid "
            + "UTF-8 text (line 1, column 4), so roadtrip cannot add its lines to it; save it as UTF-8; nothing was written\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: latin1.path) == [".gitignore"])

        let linked = base.appendingPathComponent("linked")
        try makeFolder(linked)
        try Data("a/\n".utf8).write(to: base.appendingPathComponent("shared-gitignore"))
        try FileManager.default.createSymbolicLink(
            atPath: linked.appendingPathComponent(".gitignore").path, withDestinationPath: base.appendingPathComponent("shared-gitignore").path)
        let link = try CommandRunner.run(["new", "site", "linked"], in: base)
        #expect(link.status == 1)
        #expect(link.standardError == "roadtrip: error: cannot create the site in \(linked.path): .gitignore is a symbolic "
            + "link, which git does not read (Git 2.32 and later ignore a symbolic .gitignore); replace it with a file; "
            + "nothing was written\n")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: linked.appendingPathComponent(".gitignore").path)
            == base.appendingPathComponent("shared-gitignore").path)
        #expect(try String(contentsOf: base.appendingPathComponent("shared-gitignore"), encoding: .utf8) == "a/\n")
    }

    /// `new destination` from inside `Destinations/` writes into the project's Destinations/, not
    /// into a Destinations/ of the working folder.
    @Test func newDestinationFindsTheRoot() throws {
        let project = try TemporaryProject()
        defer { project.remove() }
        let result = try CommandRunner.run(
            ["new", "destination", "Oslo", "--latitude", "59.9139", "--longitude", "10.7522"],
            in: project.root.appendingPathComponent("Destinations"))
        #expect(result.status == 0, "\(result.standardError)")
        #expect(project.exists("Destinations/oslo/index.md"))
        #expect(!project.exists("Destinations/Destinations"))
    }

    /// `trip stats` inside a project uses the site's timeZone and trips.preset; flags override
    /// them; outside a project, UTC and the default preset (TripCommandTests has the figures:
    /// the corelocation-sample preset keeps 10 of cerknica's 296 fixes, the default 252; the
    /// first fix is 2010-08-05T14:23:59Z, 16:23 in Ljubljana's CEST).
    @Test func tripUsesTheProjectsSettings() throws {
        let project = try TemporaryProject()
        defer { project.remove() }
        try project.write("Destinations/site.yaml", "timeZone: Europe/Ljubljana\ntrips: { preset: corelocation-sample }\n")
        try project.copy(
            CommandRunner.packageRoot.appendingPathComponent(TripCommandTests.cerknica), to: "Destinations/lake/trips/lake.gpx")
        let log = project.root.appendingPathComponent("Destinations/lake/trips/lake.gpx").path
        func start(_ output: CommandRunner.Output) -> String? {
            output.standardOutput.split(separator: "\n").first { $0.hasPrefix("Start ") }.map { String($0.dropFirst(22)) }
        }
        func kept(_ output: CommandRunner.Output) -> String? {
            output.standardOutput.split(separator: "\n").first { $0.hasPrefix("Fixes ") }.map { String($0.dropFirst(22)) }
        }
        let inside = try CommandRunner.run(["trip", "stats", log, "-v"], in: project.root.appendingPathComponent("Destinations"))
        #expect(inside.status == 0, "\(inside.standardError)")
        #expect(start(inside) == "2010-08-05 16:23 CEST (+02:00)")
        #expect(kept(inside) == "10 of 296 kept")
        // --verbose goes to standard error, so standard output stays the command's data.
        #expect(inside.standardError.hasPrefix("Project root: \(project.root.path) (found from "))
        #expect(inside.standardError.contains("Time zone: Europe/Ljubljana; preset: the sidecar's, else corelocation-sample"))

        let flags = try CommandRunner.run(["trip", "stats", log, "--time-zone", "UTC", "--preset", "default"], in: project.root)
        #expect(start(flags) == "2010-08-05 14:23 UTC (+00:00)")
        // The default preset keeps 253 of the sample's 296 points (TripCommandTests.defaultPresetTable says which).
        #expect(kept(flags) == "253 of 296 kept")

        let outside = try CommandRunner.run(["trip", "stats", log], in: CommandRunner.outsideAnyProject)
        #expect(outside.status == 0 && outside.standardError.isEmpty)
        // UTC by its name (Foundation's TimeZone calls it "GMT" on Linux), as the README says.
        let outsideVerbose = try CommandRunner.run(["trip", "stats", log, "-v"], in: CommandRunner.outsideAnyProject)
        #expect(outsideVerbose.standardError.contains("\nTime zone: UTC; preset: the sidecar's, else default\n"))
        let given = try CommandRunner.run(["trip", "stats", log, "-v", "--time-zone", "UTC"], in: CommandRunner.outsideAnyProject)
        #expect(given.standardError.contains("\nTime zone: UTC; preset:"))
        #expect(start(outside) == "2010-08-05 14:23 UTC (+00:00)")
        #expect(kept(outside) == "253 of 296 kept")
        // --source names the project from anywhere.
        let source = try CommandRunner.run(["trip", "stats", log, "--source", project.root.path], in: CommandRunner.outsideAnyProject)
        #expect(start(source) == "2010-08-05 16:23 CEST (+02:00)")
    }

    @discardableResult
    func makeFolder(_ url: URL) throws -> URL {
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
