import Foundation
import Testing

/// `roadtrip build --output` at folders it must not write (issue 11 item 5), run as the built
/// binary: system folders and links to them, a non-empty folder of the user's, a publishing folder
/// holding only `.git/` and `CNAME`, and a folder roadtrip wrote before.
@Suite struct OutputFolderTests {
    /// Every name in `folder`, for "nothing was added".
    private static func names(_ folder: String) -> Set<String> {
        Set((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
    }

    /// A project with one destination, plus `files` (project-relative path → text).
    private static func bergenProject(with files: [String: String] = [:]) throws -> TemporaryProject {
        let project = try TemporaryProject()
        try project.write("Destinations/bergen/index.md", BuildCommandTests.bergen)
        for (path, text) in files { try project.write(path, text) }
        return project
    }

    @Test func systemFoldersAndLinksToThemAreRefusedBeforeAnythingIsWritten() throws {
        let project = try Self.bergenProject()
        defer { project.remove() }
        let etcBefore = Self.names("/etc")
        let missing = "roadtrip-test-\(UUID().uuidString)"
        defer { for folder in ["/etc/", "/usr/share/", "/var/lib/"] { try? FileManager.default.removeItem(atPath: folder + missing) } }
        let link = project.root.deletingLastPathComponent().appendingPathComponent("\(missing)-link-to-etc").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "/etc")
        defer { try? FileManager.default.removeItem(atPath: link) }

        let cases = [
            ("/etc", "/etc: error: refusing to use /etc as the output folder: it is a folder of the operating system; pick a folder of your own"),
            ("/etc/\(missing)", "it is inside /etc, a folder of the operating system"),
            ("/usr/share/\(missing)", "it is inside /usr, a folder of the operating system"),
            ("/var/lib/\(missing)", "it is inside /var/lib, a folder of the operating system"),
            ("/var", "it is shared by the whole system; use a new folder inside it, such as /var/www/site"),
            (link, "\(link): error: refusing to use /etc (where this path leads) as the output folder"),
        ]
        for (output, message) in cases {
            let result = try project.build(["--output", output])
            #expect(result.status == 1, "\(output)")
            #expect(result.standardError.contains(message), "\(output): \(result.standardError)")
            #expect(!result.standardOutput.contains("[1/12]"), "\(output): refused before loading anything")
        }
        #expect(Self.names("/etc") == etcBefore)
        for folder in ["/etc/", "/usr/share/", "/var/lib/"] {
            #expect(!FileManager.default.fileExists(atPath: folder + missing), "\(folder)\(missing) was created")
        }
    }

    @Test func nonEmptyFolderOfTheUsersIsRefusedAndLeftAsItWas() throws {
        let project = try Self.bergenProject(with: ["stuff/notes.txt": "my notes\n", "stuff/taxes/2024.pdf": "%PDF"])
        defer { project.remove() }
        let stuff = project.root.appendingPathComponent("stuff").path
        let result = try project.build(["--output", stuff])
        #expect(result.status == 1)
        #expect(result.standardError.contains(
            "\(stuff): error: refusing to write into this folder: it is not empty and was not written by roadtrip "
                + "(it has no .roadtrip-manifest): it holds notes.txt and taxes/; pick an empty or new folder, or remove them yourself"))
        #expect(Self.names(stuff) == ["notes.txt", "taxes"])
        #expect(Self.names(stuff + "/taxes") == ["2024.pdf"])
    }

    /// A git checkout of a Pages branch: `.git/` and `CNAME` stay, byte for byte, and the site is
    /// written beside them; the next build, with a file of the user's added, is allowed too
    /// (the folder now has a manifest).
    @Test func publishingFolderWithGitAndCNAMEIsBuiltAndKeepsThem() throws {
        let project = try Self.bergenProject(with: ["site/.git/HEAD": "ref: refs/heads/gh-pages\n", "site/CNAME": "trips.example.org\n"])
        defer { project.remove() }
        let site = project.root.appendingPathComponent("site").path
        let first = try project.build(["--output", site])
        #expect(first.status == 0, "\(first.standardError)")
        #expect(project.exists("site/index.html") && project.exists("site/bergen/index.html"))
        #expect(try project.read("site/.git/HEAD") == "ref: refs/heads/gh-pages\n")
        #expect(try project.read("site/CNAME") == "trips.example.org\n")
        let manifest = try project.read("site/.roadtrip-manifest")
        #expect(!manifest.contains("CNAME") && !manifest.contains(".git"))

        try project.write("site/notes.txt", "added after the first build\n")
        let second = try project.build(["--output", site])
        #expect(second.status == 0, "\(second.standardError)")
        #expect(try project.read("site/notes.txt") == "added after the first build\n")
    }

    /// `--output notes.txt/out`, through a file: said in words, not as errno's "Not a directory".
    @Test func outputThroughAFileIsNamed() throws {
        let project = try Self.bergenProject(with: ["notes.txt": "notes\n"])
        defer { project.remove() }
        let output = project.root.appendingPathComponent("notes.txt/out").path
        let result = try project.build(["--output", output])
        #expect(result.status == 1)
        #expect(result.standardError.hasPrefix("\(output): error: cannot use this as the output folder: "
            + "\(project.root.path)/notes.txt is a file, not a folder; move it away\n"), "\(result.standardError)")
    }

    /// `Output` left as a link to a folder that was removed (an unmounted disk): the build says
    /// so and what to do, instead of "exists and is not a folder", and neither creates the
    /// link's target nor replaces the link.
    @Test func danglingOutputLinkIsNamed() throws {
        let project = try Self.bergenProject()
        defer { project.remove() }
        let target = project.root.deletingLastPathComponent().appendingPathComponent("unmounted-\(UUID().uuidString)").path
        let output = project.root.appendingPathComponent("Output").path
        try FileManager.default.createSymbolicLink(atPath: output, withDestinationPath: target)
        let result = try project.build()
        #expect(result.status == 1)
        #expect(result.standardError.hasPrefix("\(output): error: the output folder is a symbolic link to a missing folder "
            + "('\(target)'); create that folder or remove the link\n"))
        #expect(!FileManager.default.fileExists(atPath: target))
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: output) == target)
    }

    /// `Output` a link to itself: no folder could be made where it leads, so the build says it
    /// is a loop and to remove it (not to create its target), and leaves the link as it was.
    @Test func outputLinkInALoopIsNamed() throws {
        let project = try Self.bergenProject()
        defer { project.remove() }
        let output = project.root.appendingPathComponent("Output").path
        try FileManager.default.createSymbolicLink(atPath: output, withDestinationPath: output)
        let result = try project.build()
        #expect(result.status == 1)
        #expect(result.standardError.hasPrefix("\(output): error: the output folder is a symbolic link in a loop "
            + "('\(output)'), which leads to no folder; remove the link\n"), "\(result.standardError)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: output) == output)
    }
}
