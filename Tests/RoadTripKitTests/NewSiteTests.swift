import Foundation
import Testing
@testable import RoadTripKit

/// `NewSite.create` and `ProjectLocator` on temporary folders.
@Suite struct NewSiteTests {
    func temporaryFolder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("roadtrip-newsite-\(UUID().uuidString)")
    }

    @Test func createsTheFilesInAMissingFolderAndItsParents() throws {
        let base = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: base) }
        let folder = base.appendingPathComponent("a/b/trip")
        let written = try NewSite.create(at: folder)
        #expect(written == ["Destinations/site.yaml", "Destinations/bergen/index.md", ".gitignore"])
        let siteYAML = try String(contentsOf: folder.appendingPathComponent("Destinations/site.yaml"), encoding: .utf8)
        #expect(siteYAML == SiteConfigDocument.text())
        let gitignore = try String(contentsOf: folder.appendingPathComponent(".gitignore"), encoding: .utf8)
        #expect(gitignore.split(separator: "\n").contains("/Output/*"))
        #expect(gitignore.split(separator: "\n").contains(".roadtrip-cache/"))
        #expect(ProjectLocator.isProjectRoot(folder))
    }

    /// The example destination reads without a diagnostic: its four POIs, the sample site's
    /// Bergen coordinate.
    @Test func theExampleDestinationLoadsCleanly() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try NewSite.create(at: folder)
        let log = DiagnosticLog()
        let loader = SiteLoader(projectRoot: folder, log: log)
        let content = try #require(loader.load(config: loader.loadConfig()))
        #expect(log.diagnostics.isEmpty, "\(log.diagnostics)")
        let bergen = try #require(content.destinations.first)
        #expect(content.destinations.count == 1)
        #expect(bergen.slug == "bergen" && bergen.title == "Bergen")
        #expect(bergen.coordinate == Coordinate(latitude: 60.3913, longitude: 5.3221))
        #expect(bergen.pointsOfInterest.map(\.title) == ["Bryggen", "Fisketorget", "Fløyen", "Ulriken"])
    }

    @Test func refusesAFolderThatIsNotEmptyAndWritesNothing() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("mine\n".utf8).write(to: folder.appendingPathComponent("notes.txt"))
        #expect {
            try NewSite.create(at: folder)
        } throws: { error in
            let message = (error as? NewSite.Failure)?.message ?? ""
            return message.contains("\(folder.path) is not empty (it holds notes.txt)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["notes.txt"])
    }

    /// A folder after `git init` (only dotfiles) takes a site; its own `.gitignore` keeps its line
    /// `node_modules/` and gains the three of ours, each once.
    @Test func acceptsAFolderHoldingOnlyDotfilesAndKeepsItsGitignore() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent(".git"), withIntermediateDirectories: true)
        try Data("node_modules/\n/Output/*\n".utf8).write(to: folder.appendingPathComponent(".gitignore"))
        _ = try NewSite.create(at: folder)
        let lines = try String(contentsOf: folder.appendingPathComponent(".gitignore"), encoding: .utf8)
            .split(separator: "\n").map(String.init)
        #expect(lines.first == "node_modules/")
        #expect(lines.filter { $0 == "/Output/*" }.count == 1)
        #expect(lines.contains(".roadtrip-cache/") && lines.contains(".roadtrip-staging-*/"))
        #expect(ProjectLocator.isProjectRoot(folder))
    }

    @Test func refusesAFile() throws {
        let file = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: file) }
        try Data("x".utf8).write(to: file)
        #expect {
            try NewSite.create(at: file)
        } throws: { error in
            (error as? NewSite.Failure)?.message.contains("is a file, not a folder") == true
        }
    }

    /// From a destination's `trips/` folder the root is the folder holding `Destinations/`; a
    /// *file* named Destinations does not make a root; outside any project there is none.
    @Test func locatorLooksUpward() throws {
        let base = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: base) }
        let root = base.appendingPathComponent("trip")
        let trips = root.appendingPathComponent("Destinations/bergen/trips")
        try FileManager.default.createDirectory(at: trips, withIntermediateDirectories: true)
        #expect(ProjectLocator.root(searchingUpwardFrom: trips)?.path == root.path)
        #expect(ProjectLocator.root(searchingUpwardFrom: root)?.path == root.path)
        let notAProject = base.appendingPathComponent("other")
        try FileManager.default.createDirectory(at: notAProject, withIntermediateDirectories: true)
        try Data().write(to: notAProject.appendingPathComponent("Destinations"))
        #expect(!ProjectLocator.isProjectRoot(notAProject))
        // The temporary folder has no project above it (the test would be meaningless otherwise).
        try #require(ProjectLocator.root(searchingUpwardFrom: base.deletingLastPathComponent()) == nil)
        #expect(ProjectLocator.root(searchingUpwardFrom: notAProject) == nil)
    }
}
