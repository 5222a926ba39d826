import Foundation
import Testing
@testable import RoadTripSite

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
