import Foundation
import Testing

/// Folders that a command fills inside a project — each folder of an ejected theme, the photo
/// cache — judged by where they lead, through the built binary: a symbolic link into a system
/// folder or out of the project is refused before anything is written, a file where the cache
/// folder goes is named in words, and a working folder that was deleted is an error, not a search
/// upward that never ends.
@Suite(.serialized) struct WriteThroughLinkTests {
    /// A fresh folder under the temporary directory, made; removed by the caller.
    func makeFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("roadtrip-links-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    func link(_ project: TemporaryProject, _ path: String, to target: String) throws {
        let url = project.root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: url.path, withDestinationPath: target)
    }

    /// `Themes/default/assets` linked to /var/lib and `Themes/default/layouts` linked to a folder
    /// of the user's outside the project: `theme eject` refuses both and writes nothing, neither
    /// through the links nor beside them.
    @Test func ejectRefusesLinkedThemeFolders() throws {
        let project = try TemporaryProject(copyingTheme: false)
        defer { project.remove() }
        let varLibBefore = try FileManager.default.contentsOfDirectory(atPath: "/var/lib")
        try link(project, "Themes/default/assets", to: "/var/lib")
        let intoSystem = try CommandRunner.run(["theme", "eject"], in: project.root)
        #expect(intoSystem.status == 1)
        #expect(intoSystem.standardError == "roadtrip: error: refusing to use /var/lib (where this path leads) as a folder of "
            + "the theme: it is a folder of the operating system; pick a folder of your own; nothing was written\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: "/var/lib") == varLibBefore)
        #expect(!project.exists("Themes/default/theme.yaml"))

        let elsewhere = try makeFolder()
        defer { try? FileManager.default.removeItem(at: elsewhere) }
        try FileManager.default.removeItem(at: project.root.appendingPathComponent("Themes/default/assets"))
        try link(project, "Themes/default/layouts", to: elsewhere.path)
        let outOfProject = try CommandRunner.run(["theme", "eject", "--force"], in: project.root)
        #expect(outOfProject.status == 1)
        #expect(outOfProject.standardError == "roadtrip: error: refusing to write a folder of the theme through "
            + "Themes/default/layouts: it is a symbolic link to \(elsewhere.path), outside the project, and roadtrip "
            + "writes only inside the project; replace the link with a folder; nothing was written\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path).isEmpty)
        #expect(!project.exists("Themes/default/theme.yaml"))
    }

    /// A project with one photo; `.roadtrip-cache` is then made a file, a link into /var/lib, a
    /// link out of the project and a link to nothing: each build fails at `.roadtrip-cache` with
    /// the reason in words (never Foundation's "NSCocoaErrorDomain error 512"), writes no photo
    /// copy, and leaves no Output/.
    @Test func buildRefusesABadPhotoCache() throws {
        let project = try TemporaryProject(copyingTheme: false)
        defer { project.remove() }
        try project.write("Destinations/bled/index.md", "---\ntitle: Bled\nlatitude: 46.37\nlongitude: 14.11\n---\n")
        try project.copy(
            PhotosTests.fixtures.appendingPathComponent("gps-north-east.jpg"), to: "Destinations/bled/photos/hill.jpg")
        let cache = project.root.appendingPathComponent(".roadtrip-cache")
        let prefix = ".roadtrip-cache: error: cannot keep the photos' copies in .roadtrip-cache/photos/: "

        try project.write(".roadtrip-cache", "not a folder\n")
        let file = try project.build()
        #expect(file.status == 1)
        #expect(file.standardError.hasPrefix(prefix + ".roadtrip-cache is a file, not a folder; move it away\n"))
        try FileManager.default.removeItem(at: cache)

        let varLibBefore = try FileManager.default.contentsOfDirectory(atPath: "/var/lib")
        try link(project, ".roadtrip-cache", to: "/var/lib")
        let system = try project.build()
        #expect(system.status == 1)
        #expect(system.standardError.hasPrefix(prefix + "refusing to use /var/lib/photos (where this path leads) as "
            + "roadtrip's cache: it is inside /var/lib, a folder of the operating system; pick a folder of your own\n"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: "/var/lib") == varLibBefore)
        try FileManager.default.removeItem(at: cache)

        let elsewhere = try makeFolder()
        defer { try? FileManager.default.removeItem(at: elsewhere) }
        try link(project, ".roadtrip-cache", to: elsewhere.path)
        let outside = try project.build()
        #expect(outside.status == 1)
        #expect(outside.standardError.hasPrefix(prefix + "refusing to write roadtrip's cache through .roadtrip-cache: it is "
            + "a symbolic link to \(elsewhere.path), outside the project, and roadtrip writes only inside the project; "
            + "replace the link with a folder\n"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path).isEmpty)
        try FileManager.default.removeItem(at: cache)

        try link(project, ".roadtrip-cache", to: "missing-folder")
        let dangling = try project.build()
        #expect(dangling.status == 1)
        #expect(dangling.standardError.hasPrefix(prefix + ".roadtrip-cache is a symbolic link to nothing; remove it\n"))
        #expect(!project.exists("Output"))

        // A cache folder of its own (the link removed) builds, with the two copies in it and the
        // file of their pixel sizes, each with the stamp it was written with (`CacheFileStamp`).
        try FileManager.default.removeItem(at: cache)
        let fine = try project.build()
        #expect(fine.status == 0, "\(fine.standardError)")
        let cached = try FileManager.default.contentsOfDirectory(atPath: cache.appendingPathComponent("photos").path)
        let stamps = cached.filter { $0.hasSuffix(".stamp") }, files = cached.filter { !$0.hasSuffix(".stamp") }
        #expect(files.count == 3 && files.filter { $0.hasSuffix("-sizes.txt") }.count == 1, "\(cached)")
        #expect(Set(stamps) == Set(files.map { $0 + ".stamp" }), "\(cached)")
    }

    /// A shell still in a folder that was deleted: every command that needs the working folder
    /// says so and exits 1 (before, the search for a project walked upward forever). `/bin/sh`
    /// enters the folder, removes it and then runs roadtrip there.
    @Test func aDeletedWorkingFolderIsAnError() throws {
        let base = try makeFolder()
        defer { try? FileManager.default.removeItem(at: base) }
        let gone = base.appendingPathComponent("gone")
        let commands = [
            ["build"], ["serve"], ["theme", "eject"], ["new", "site", "trip"],
            ["new", "destination", "Bled", "--latitude", "46.37", "--longitude", "14.11"],
            ["trip", "stats", "log.gpx"],
        ]
        for command in commands {
            try FileManager.default.createDirectory(at: gone, withIntermediateDirectories: true)
            let script = "cd \"$1\" && export PWD && rmdir \"$1\" && shift && exec \"$@\""
            let result = try CommandRunner.run(
                program: URL(fileURLWithPath: "/bin/sh"),
                ["-c", script, "sh", gone.path, CommandRunner.executable.path] + command)
            #expect(result.status == 1, "\(command)")
            #expect(result.standardError == "roadtrip: error: the current folder no longer exists (\(gone.path) was deleted "
                + "or moved after this shell entered it); cd into a folder that exists and run the command again\n",
                "\(command)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: base.path).isEmpty)
    }
}
