import Foundation
import Testing

/// The commands that write into a project for its author — `new site`, `new destination`, `theme
/// eject` — through the built binary: they refuse the folders a build's `--output` refuses (system
/// folders, the home folder, symbolic links judged by where they lead), write only into a project
/// they did not have to make up, never give two destinations one slug, and say in words what is in
/// the way. Nothing is written when they refuse.
@Suite(.serialized) struct ScaffoldingSafetyTests {
    /// A fresh folder under the temporary directory, made; removed by the caller.
    func makeFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("roadtrip-scaffold-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// Every name in `folder`, for "nothing was added".
    func names(_ folder: String) -> Set<String> {
        Set((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
    }

    /// `new site` in the operating system's folders is refused with build --output's reason, and
    /// nothing is made there (the folders do not exist before; a new folder inside /etc is still
    /// inside /etc).
    @Test func newSiteRefusesSystemFolders() throws {
        let name = "roadtrip-test-\(UUID().uuidString)"
        let cases = [
            ("/etc/\(name)", "it is inside /etc, a folder of the operating system; pick a folder of your own"),
            ("/usr/local/share/\(name)", "it is inside /usr, a folder of the operating system; pick a folder of your own"),
            ("/var/lib/\(name)", "it is inside /var/lib, a folder of the operating system; pick a folder of your own"),
        ]
        for (folder, reason) in cases {
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let result = try CommandRunner.run(["new", "site", folder], in: CommandRunner.outsideAnyProject)
            #expect(result.status == 1, "\(folder)")
            #expect(result.standardOutput.isEmpty)
            #expect(result.standardError == "roadtrip: error: refusing to use \(folder) as the folder of a new site: \(reason)\n")
            #expect(!FileManager.default.fileExists(atPath: folder), "\(folder) was created")
        }
    }

    /// `new site ~` with a home folder that holds only dotfiles (which `new site` would otherwise
    /// take) is refused: a Destinations/ there would make every folder under home part of one
    /// project. A folder inside home is fine.
    @Test func newSiteRefusesTheHomeFolder() throws {
        let home = try makeFolder()
        defer { try? FileManager.default.removeItem(at: home) }
        try Data("export EDITOR=vi\n".utf8).write(to: home.appendingPathComponent(".profile"))
        let environment = ["HOME": home.path]
        let refused = try CommandRunner.run(["new", "site", home.path], in: home, environment: environment)
        #expect(refused.status == 1)
        #expect(refused.standardError == "roadtrip: error: refusing to use the home folder as the folder of a new site: "
            + "it holds all your files; use a new folder inside it\n")
        #expect(names(home.path) == [".profile"])
        let dot = try CommandRunner.run(["new", "site", "."], in: home, environment: environment)
        #expect(dot.status == 1 && names(home.path) == [".profile"])

        let inside = try CommandRunner.run(["new", "site", "trip"], in: home, environment: environment)
        #expect(inside.status == 0, "\(inside.standardError)")
        #expect(FileManager.default.fileExists(atPath: home.appendingPathComponent("trip/Destinations/site.yaml").path))
    }

    /// `new destination` and `theme eject` work only on a project: a `--source` without
    /// Destinations/ (/etc, or any folder of the user's) is an error saying so, and neither
    /// command makes Destinations/ or Themes/ there.
    @Test func newDestinationAndEjectNeedAProject() throws {
        let folder = try makeFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let etcBefore = names("/etc")
        for source in ["/etc", folder.path] {
            let expected = "roadtrip: error: no Destinations/ folder in \(source), so it is not a roadtrip project: --source names "
                + "the project root, the folder holding Destinations/; create a project with 'roadtrip new site DIR'\n"
            let destination = try CommandRunner.run(
                ["new", "destination", "X", "--latitude", "1", "--longitude", "2", "--source", source],
                in: CommandRunner.outsideAnyProject)
            #expect(destination.status == 1)
            #expect(destination.standardError == expected)
            let eject = try CommandRunner.run(["theme", "eject", "--source", source], in: CommandRunner.outsideAnyProject)
            #expect(eject.status == 1)
            #expect(eject.standardError == expected)
        }
        #expect(names("/etc") == etcBefore)
        #expect(names(folder.path).isEmpty)
    }

    /// A project whose Destinations/ or Themes/ is a symbolic link into a system folder: the folder
    /// a command would write is judged by where the link leads, and refused.
    @Test func linksIntoSystemFoldersAreJudgedByWhereTheyLead() throws {
        let project = try makeFolder()
        defer { try? FileManager.default.removeItem(at: project) }
        try FileManager.default.createSymbolicLink(
            at: project.appendingPathComponent("Destinations"), withDestinationURL: URL(fileURLWithPath: "/var/lib"))
        try FileManager.default.createSymbolicLink(
            at: project.appendingPathComponent("Themes"), withDestinationURL: URL(fileURLWithPath: "/etc"))
        let varLibBefore = names("/var/lib"), etcBefore = names("/etc")
        let name = "roadtrip-test-\(UUID().uuidString.lowercased())"
        defer { try? FileManager.default.removeItem(atPath: "/var/lib/\(name)") }

        let destination = try CommandRunner.run(
            ["new", "destination", name, "--latitude", "1", "--longitude", "2", "--source", project.path])
        #expect(destination.status == 1)
        #expect(destination.standardError == "roadtrip: error: refusing to use /var/lib/\(name) (where this path leads) as the "
            + "new destination's folder: it is inside /var/lib, a folder of the operating system; pick a folder of your own\n")
        let eject = try CommandRunner.run(["theme", "eject", "--source", project.path])
        #expect(eject.status == 1)
        #expect(eject.standardError == "roadtrip: error: refusing to use /etc/default (where this path leads) as the theme's "
            + "folder: it is inside /etc, a folder of the operating system; pick a folder of your own\n")
        #expect(names("/var/lib") == varLibBefore)
        #expect(names("/etc") == etcBefore)
    }

    /// With Destinations/Tromsø/ present, `new destination "Tromsø"` would write tromso/ and the next
    /// build would fail on the pair; it is refused, naming the folder, and the project still builds.
    /// A name the classic Destinations.plist already gives ("San Francisco") is refused too.
    @Test func newDestinationRefusesASlugTheProjectHas() throws {
        let project = try TemporaryProject(copyingTheme: false)
        defer { project.remove() }
        try project.write("Destinations/Tromsø/index.md", "---\ntitle: Tromsø\nlatitude: 69.6492\nlongitude: 18.9553\n---\n")
        let tromso = try CommandRunner.run(
            ["new", "destination", "Tromsø", "--latitude", "69.6", "--longitude", "18.9", "--source", project.root.path])
        #expect(tromso.status == 1)
        #expect(tromso.standardError == "roadtrip: error: 'Tromsø' would have the slug tromso, which Destinations/Tromsø/index.md "
            + "already has, and a build refuses two destinations with one slug; edit that destination, or choose another name\n")
        #expect(!project.exists("Destinations/tromso"))
        // Another case of the same slug is the same folder on macOS, and the same slug to a build.
        let upper = try CommandRunner.run(
            ["new", "destination", "TROMSO", "--latitude", "69.6", "--longitude", "18.9", "--source", project.root.path])
        #expect(upper.status == 1 && upper.standardError.contains("which Destinations/Tromsø/index.md already has"))

        try project.write("Destinations/Destinations.plist", Self.classicPlist)
        let plist = try CommandRunner.run(
            ["new", "destination", "San Francisco", "--latitude", "37.77", "--longitude", "-122.42", "--source", project.root.path])
        #expect(plist.status == 1)
        #expect(plist.standardError == "roadtrip: error: 'San Francisco' would have the slug san-francisco, which "
            + "Destinations/Destinations.plist already gives 'San Francisco', and a build refuses two destinations with one "
            + "slug; choose another name\n")
        #expect(!project.exists("Destinations/san-francisco"))

        let build = try project.build()
        #expect(build.status == 0, "\(build.standardError)")
        let other = try CommandRunner.run(
            ["new", "destination", "Bodø", "--latitude", "67.28", "--longitude", "14.40", "--source", project.root.path])
        #expect(other.status == 0, "\(other.standardError)")
        #expect(try project.build().status == 0)
    }

    /// The classic RoadTrip app's file with one destination, San Francisco (DESIGN §2.3).
    static let classicPlist = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
            <key>DestinationData</key>
            <array>
                <dict>
                    <key>DestinationName</key>
                    <string>San Francisco</string>
                    <key>DestinationLocation</key>
                    <dict>
                        <key>Title</key>
                        <string>San Francisco</string>
                        <key>Latitude</key>
                        <real>37.7749</real>
                        <key>Longitude</key>
                        <real>-122.4194</real>
                    </dict>
                </dict>
            </array>
        </dict>
        </plist>

        """

    /// What stands in the way of `new site`, in words and before anything is written (never
    /// Foundation's "NSCocoaErrorDomain error 512", never a half-made site): a file on the way to
    /// DIR, a DIR that is a link to nothing, a folder named `.gitignore` where the file goes, and a
    /// DIR named Destinations, which roadtrip would read as content.
    @Test func newSiteSaysWhatIsInTheWay() throws {
        let base = try makeFolder()
        defer { try? FileManager.default.removeItem(at: base) }
        try Data("notes\n".utf8).write(to: base.appendingPathComponent("afile"))
        let underFile = try CommandRunner.run(["new", "site", "afile/sub"], in: base)
        #expect(underFile.status == 1)
        #expect(underFile.standardError == "roadtrip: error: cannot create the site in \(base.path)/afile/sub: "
            + "\(base.path)/afile is a file, not a folder; move it away\n")

        try FileManager.default.createSymbolicLink(
            atPath: base.appendingPathComponent("dangling").path, withDestinationPath: "/nonexistent/trip")
        let dangling = try CommandRunner.run(["new", "site", "dangling"], in: base)
        #expect(dangling.status == 1)
        #expect(dangling.standardError == "roadtrip: error: \(base.path)/dangling is a symbolic link to a missing folder "
            + "('/nonexistent/trip'); remove the link, or make the folder it points to, or give another DIR\n")

        try FileManager.default.createDirectory(at: base.appendingPathComponent("repo/.gitignore"), withIntermediateDirectories: true)
        let gitignoreFolder = try CommandRunner.run(["new", "site", "repo"], in: base)
        #expect(gitignoreFolder.status == 1)
        #expect(gitignoreFolder.standardError == "roadtrip: error: cannot create the site in \(base.path)/repo: .gitignore is a "
            + "folder, not a file; move it away; nothing was written\n")
        #expect(names(base.appendingPathComponent("repo").path) == [".gitignore"])

        let content = try CommandRunner.run(["new", "site", "pj/Destinations"], in: base)
        #expect(content.status == 1)
        #expect(content.standardError == "roadtrip: error: \(base.path)/pj/Destinations is named Destinations, the name of a "
            + "project's content folder, so roadtrip would read it as content, never as a site; give the site another name "
            + "(its content goes into DIR/Destinations/)\n")
        #expect(names(base.path) == ["afile", "dangling", "repo"])
    }

    /// What stands in the way of `theme eject`, in words and relative to the project, never
    /// Foundation's "NSCocoaErrorDomain error 512" or "A file with the same name already exists";
    /// nothing is written.
    @Test func ejectSaysWhatIsInTheWay() throws {
        let project = try TemporaryProject(copyingTheme: false)
        defer { project.remove() }
        try project.write("Themes", "a file where the folder goes\n")
        let themesFile = try CommandRunner.run(["theme", "eject"], in: project.root)
        #expect(themesFile.status == 1)
        #expect(themesFile.standardError == "roadtrip: error: cannot write the built-in theme into Themes/default/: Themes is "
            + "a file, not a folder; move it away; nothing was written\n")
        try FileManager.default.removeItem(at: project.root.appendingPathComponent("Themes"))

        try project.write("Themes/default/layouts", "a file where the folder goes\n")
        let layoutsFile = try CommandRunner.run(["theme", "eject", "--force"], in: project.root)
        #expect(layoutsFile.status == 1)
        #expect(layoutsFile.standardError == "roadtrip: error: cannot write the built-in theme into Themes/default/: "
            + "Themes/default/layouts is a file, not a folder; move it away; nothing was written\n")
        #expect(names(project.root.appendingPathComponent("Themes/default").path) == ["layouts"])
    }
}
