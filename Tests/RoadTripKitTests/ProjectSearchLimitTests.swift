import Foundation
import Testing
@testable import RoadTripKit
@testable import RoadTripCore
@testable import RoadTripFormats
@testable import RoadTripGeo
@testable import RoadTripContent
@testable import RoadTripCompute
@testable import RoadTripRender
@testable import RoadTripSite
@testable import RoadTripServe

/// Where the upward search for a project root stops (``ProjectLocator/searchLimit(above:homeDirectory:)``):
/// the file-system root, the home folder and the folders holding it, and the shared folders are
/// never roots, so a stray `~/Destinations/` does not make every folder under home one project.
@Suite struct ProjectSearchLimitTests {
    func temporaryFolder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("roadtrip-limit-\(UUID().uuidString)")
    }

    /// The folders the issue names are limits, for any folder below them; a folder inside one is
    /// not (it may be a project).
    @Test(arguments: [
        ("/", "the file-system root"), ("/home", "a folder shared by the whole system"),
        ("/tmp", "a folder shared by the whole system"), ("/mnt", "a folder shared by the whole system"),
        ("/media", "a folder shared by the whole system"), ("/srv", "a folder shared by the whole system"),
        ("/root", "a folder shared by the whole system"), ("/var/tmp", "a folder shared by the whole system"),
    ])
    func sharedFoldersAreNeverRoots(folder: String, kind: String) {
        let url = URL(fileURLWithPath: folder, isDirectory: true)
        #expect(OutputFolderPolicy.holderOfUnrelatedFolders(url, homeDirectory: nil) == kind)
        let below = url.appendingPathComponent("trip-\(UUID().uuidString)/Destinations/bergen")
        #expect(ProjectLocator.searchLimit(above: below, homeDirectory: nil)?.folder.path == folder)
        #expect(OutputFolderPolicy.holderOfUnrelatedFolders(url.appendingPathComponent("trip"), homeDirectory: nil) == nil)
    }

    /// A home folder (a stand-in under the temporary folder) holding a stray Destinations/ with a
    /// destination: from a folder of notes inside it no root is found, while a project inside home
    /// is found from its own content. `--source` naming the home folder is refused, saying why.
    @Test func theHomeFolderIsNeverARoot() throws {
        let home = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: home) }
        let fileManager = FileManager.default
        try fileManager.createDirectory(at: home.appendingPathComponent("Destinations/bergen"), withIntermediateDirectories: true)
        try Data("---\ntitle: B\nlatitude: 1\nlongitude: 2\n---\n".utf8)
            .write(to: home.appendingPathComponent("Destinations/bergen/index.md"))
        let notes = home.appendingPathComponent("notes/2025")
        try fileManager.createDirectory(at: notes, withIntermediateDirectories: true)
        try #require(ProjectLocator.isProjectRoot(home))

        #expect(ProjectLocator.root(searchingUpwardFrom: notes, homeDirectory: home) == nil)
        #expect(ProjectLocator.root(searchingUpwardFrom: home, homeDirectory: home) == nil)
        let limit = try #require(ProjectLocator.searchLimit(above: notes, homeDirectory: home))
        #expect(limit.folder.standardizedFileURL.path == home.standardizedFileURL.path && limit.kind == "your home folder")
        // The temporary folder holding the stand-in home holds home, so it is a limit too.
        #expect(OutputFolderPolicy.holderOfUnrelatedFolders(home.deletingLastPathComponent(), homeDirectory: home)
            == "a folder holding your home folder")

        let trip = home.appendingPathComponent("trip")
        try fileManager.createDirectory(at: trip.appendingPathComponent("Destinations/oslo/trips"), withIntermediateDirectories: true)
        #expect(ProjectLocator.root(searchingUpwardFrom: trip.appendingPathComponent("Destinations/oslo/trips"), homeDirectory: home)?
            .path == trip.path)

        let problem = ProjectLocator.problem(withGivenRoot: home, homeDirectory: home)
        #expect(problem == "\(home.path) is your home folder, which is never a project root (its Destinations/ would make "
            + "every folder under it one project): --source names the project root, the folder holding Destinations/; keep "
            + "a project in a folder of its own, such as \(home.appendingPathComponent("trip").path) ('roadtrip new site DIR' "
            + "makes one)")
    }

    /// `ancestors(of:)` ends after as many folders as the path has, with `/`: for `/a/b`, `/a/b`,
    /// `/a`, `/`, so every walk upward over it ends.
    @Test func ancestorsEnd() {
        #expect(ProjectLocator.ancestors(of: URL(fileURLWithPath: "/a/b")).map(\.path) == ["/a/b", "/a", "/"])
        #expect(ProjectLocator.ancestors(of: URL(fileURLWithPath: "/")).map(\.path) == ["/"])
    }
}
