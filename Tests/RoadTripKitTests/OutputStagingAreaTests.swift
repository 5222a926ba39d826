import Foundation
import Testing
@testable import RoadTripSite
@testable import RoadTripCore
import RoadTripRender

/// The staging folders a killed build leaves beside an output folder, and which of them the next
/// build (holding the lock) removes.
@Suite struct OutputStagingAreaTests {
    /// A project folder with `Output/` not yet built, so the area is the project folder itself.
    private func makeArea() throws -> (area: OutputStagingArea, base: URL) {
        let base = FileManager.default.temporaryDirectory
            .appendingPathComponent("roadtrip-staging-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
        let canonical = base.resolvingSymlinksInPath().appendingPathComponent("Output", isDirectory: true)
        return (OutputStagingArea(output: canonical), base)
    }

    private func folder(_ area: OutputStagingArea, _ name: String, files: [String: String]) throws -> URL {
        let url = area.folder.appendingPathComponent(name, isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
        for (file, text) in files { try Data(text.utf8).write(to: url.appendingPathComponent(file)) }
        return url
    }

    /// An output folder's name of up to 200 bytes names its lock file and staging folders whole; a
    /// longer one (a tester's 235-byte name made `.roadtrip-staging-<name>-<pid>` 259 bytes, over
    /// the 255 a name may have, and the build failed) is cut to its first characters (183 bytes,
    /// never inside a character) and the FNV-1a 64 of the whole name, so two long names that start
    /// alike get two lock files. A writer then builds into such a folder, twice.
    @Test func longOutputFolderNamesGiveNamesThatFit() throws {
        #expect(OutputStagingArea.tag(of: "Output") == "Output")
        let twoHundred = String(repeating: "a", count: 200)
        #expect(OutputStagingArea.tag(of: twoHundred) == twoHundred)
        let long = String(repeating: "o", count: 235)
        // 183 bytes, "-", 16 hexadecimal digits: 200 bytes.
        let tag = OutputStagingArea.tag(of: long)
        #expect(tag == String(repeating: "o", count: 183) + "-" + FNV1a.hex64(long))
        #expect(tag.utf8.count == 200)
        #expect(OutputStagingArea.tag(of: long + "x") != tag)
        // "é" is 2 bytes: 91 of them (182 bytes) fit in 183, a 92nd would not.
        let accented = String(repeating: "é", count: 127)
        #expect(OutputStagingArea.tag(of: accented).hasPrefix(String(repeating: "é", count: 91) + "-"))
        #expect(OutputStagingArea.tag(of: accented).utf8.count == 199)

        let base = FileManager.default.temporaryDirectory
            .appendingPathComponent("roadtrip-staging-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: base) }
        let output = base.resolvingSymlinksInPath().appendingPathComponent(long, isDirectory: true)
        let area = OutputStagingArea(output: output)
        #expect(area.lockFile.lastPathComponent.utf8.count <= 255)
        #expect(area.stagingFolder(processIdentifier: 2_147_483_647).lastPathComponent.utf8.count <= 255)
        let writer = OutputWriter(outputDirectory: output, projectRoot: base, homeDirectory: base.appendingPathComponent("home"))
        for text in ["first\n", "second\n"] {
            _ = try writer.write([OutputFile(path: "index.html", contents: .text(text))])
            #expect(try String(contentsOf: output.appendingPathComponent("index.html"), encoding: .utf8) == text)
        }
    }

    /// Names are compared byte for byte: for an output folder `café` spelled with a combining
    /// accent (`e` U+0301), the staging folder of a build of `café` spelled precomposed (U+00E9),
    /// another folder on Linux, is not this folder's and stays, even though Swift's `==` and
    /// `hasPrefix` take the two spellings for one (a tester's build removed such a folder while
    /// its build ran); this spelling's own abandoned folder is removed.
    @Test func aFolderOfAnotherUnicodeSpellingIsNotTakenForThisOnes() throws {
        let base = FileManager.default.temporaryDirectory
            .appendingPathComponent("roadtrip-staging-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: base) }
        let decomposed = "cafe\u{301}", precomposed = "caf\u{E9}"
        #expect(decomposed == precomposed && Array(decomposed.utf8) != Array(precomposed.utf8))
        let area = OutputStagingArea(output: base.resolvingSymlinksInPath().appendingPathComponent(decomposed, isDirectory: true))
        let marker = [OutputStagingArea.markerName: OutputStagingArea.markerText]
        let others = try folder(area, ".roadtrip-staging-" + precomposed + "-4242", files: marker)
        let own = try folder(area, ".roadtrip-staging-" + decomposed + "-4243", files: marker)
        #expect(area.removeAbandonedStagingFolders().map(\.lastPathComponent.utf8).map(Array.init) == [Array(own.lastPathComponent.utf8)])
        let left = try FileManager.default.contentsOfDirectory(atPath: area.folder.path).map { Array($0.utf8) }
        #expect(left == [Array(others.lastPathComponent.utf8)])
    }

    /// A build killed between creating its staging folder and finishing its marker file leaves
    /// the folder empty or with the start of the marker: both are roadtrip's and are removed. A
    /// folder with the name but anything else in it (a user's file, a marker that is not ours, a
    /// marker beside a file of the user's) is left alone.
    @Test func unfinishedStagingFoldersAreRemovedAndNothingElse() throws {
        let (area, base) = try makeArea()
        defer { try? FileManager.default.removeItem(at: base) }
        let marker = OutputStagingArea.markerName
        let text = OutputStagingArea.markerText
        let empty = try folder(area, ".roadtrip-staging-Output-101", files: [:])
        let emptyMarker = try folder(area, ".roadtrip-staging-Output-102", files: [marker: ""])
        let halfMarker = try folder(area, ".roadtrip-staging-Output-103", files: [marker: String(text.prefix(20))])
        let whole = try folder(area, ".roadtrip-staging-Output-104", files: [marker: text, "site": "x"])
        let users = try folder(area, ".roadtrip-staging-Output-105", files: ["notes.txt": "mine"])
        let otherMarker = try folder(area, ".roadtrip-staging-Output-106", files: [marker: "not roadtrip's"])
        let halfWithFile = try folder(area, ".roadtrip-staging-Output-107", files: [marker: String(text.prefix(5)), "a": "b"])
        let notDigits = try folder(area, ".roadtrip-staging-Output-x", files: [:])

        let removed = Set(area.removeAbandonedStagingFolders().map(\.lastPathComponent))

        #expect(removed == Set([empty, emptyMarker, halfMarker, whole].map(\.lastPathComponent)))
        for kept in [users, otherMarker, halfWithFile, notDigits] {
            #expect(FileManager.default.fileExists(atPath: kept.path), "\(kept.lastPathComponent) must be kept")
        }
        #expect(try String(contentsOf: users.appendingPathComponent("notes.txt"), encoding: .utf8) == "mine")
    }
}
