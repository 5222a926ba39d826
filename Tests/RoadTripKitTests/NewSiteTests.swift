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
        let content = try #require(loader.load(config: loader.loadConfig(), geocoder: TableGeocoder.testville))
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
        #expect(lines.contains(".roadtrip-cache/") && lines.contains(".roadtrip-staging-*/") && lines.contains(".roadtrip-lock-*"))
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

    /// The folders a build's --output refuses are refused for a new site too, and nothing is made:
    /// the home folder (here a stand-in with only a dotfile, which a site would otherwise take), a
    /// folder inside /etc. A repository as GitHub makes it (.git/, README.md, LICENSE) takes a
    /// site, as it would take a first build.
    @Test func refusesTheFoldersABuildRefusesAndTakesANewRepository() throws {
        let home = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: home) }
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        try Data("x\n".utf8).write(to: home.appendingPathComponent(".bashrc"))
        func message(_ folder: URL) -> String? {
            do { _ = try NewSite.create(at: folder, homeDirectory: home); return nil } catch { return error.message }
        }
        #expect(message(home) == "refusing to use the home folder as the folder of a new site: it holds all your files; "
            + "use a new folder inside it")
        #expect(try FileManager.default.contentsOfDirectory(atPath: home.path) == [".bashrc"])
        let etc = URL(fileURLWithPath: "/etc/roadtrip-test-\(UUID().uuidString)")
        #expect(message(etc)?.hasSuffix("it is inside /etc, a folder of the operating system; pick a folder of your own") == true)
        #expect(!FileManager.default.fileExists(atPath: etc.path))

        let repository = home.appendingPathComponent("trip")
        try FileManager.default.createDirectory(at: repository.appendingPathComponent(".git"), withIntermediateDirectories: true)
        for name in ["README.md", "LICENSE"] { try Data("mine\n".utf8).write(to: repository.appendingPathComponent(name)) }
        #expect(message(repository) == nil)
        #expect(ProjectLocator.isProjectRoot(repository))
        #expect(try String(contentsOf: repository.appendingPathComponent("README.md"), encoding: .utf8) == "mine\n")
    }

    /// `Destinations/` and everything in it is content: a destination folder called Destinations
    /// (or holding one) never makes the search stop below the project.
    @Test func locatorPassesOverContentFolders() throws {
        let base = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: base) }
        let root = base.appendingPathComponent("trip")
        let nested = root.appendingPathComponent("Destinations/Destinations")
        let deep = root.appendingPathComponent("Destinations/bergen/Destinations/x")
        for folder in [nested, deep] { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
        // bergen is a destination (it has its index.md), so Destinations/ holds a project's content.
        try Data("---\ntitle: Bergen\n---\n".utf8).write(to: root.appendingPathComponent("Destinations/bergen/index.md"))
        for start in [root.appendingPathComponent("Destinations"), nested, deep, deep.deletingLastPathComponent().deletingLastPathComponent()] {
            #expect(ProjectLocator.root(searchingUpwardFrom: start)?.path == root.path, "\(start.path)")
        }
        #expect(ProjectLocator.isContent(nested) && ProjectLocator.isContent(root.appendingPathComponent("Destinations")))
        #expect(!ProjectLocator.isContent(root))
        // A folder of projects that is merely called Destinations holds no content: the
        // projects in it are found, and a new one may go there.
        let shelf = base.appendingPathComponent("Destinations")
        let project = shelf.appendingPathComponent("trip-2025")
        try FileManager.default.createDirectory(
            at: project.appendingPathComponent("Destinations/tromso"), withIntermediateDirectories: true)
        #expect(!ProjectLocator.isContent(project))
        #expect(ProjectLocator.root(searchingUpwardFrom: project.appendingPathComponent("Destinations/tromso"))?.path
            == project.path)
        #expect(throws: Never.self) { try NewSite.create(at: shelf.appendingPathComponent("trip-2026")) }
        // So a new site there, which no search would find, is refused.
        let inside = root.appendingPathComponent("Destinations/other-trip")
        #expect {
            try NewSite.create(at: inside)
        } throws: { error in
            (error as? NewSite.Failure)?.message == "\(inside.path) is inside a folder named Destinations, which roadtrip "
                + "reads as a project's content, so no command would find the new site there; give a folder outside it "
                + "('roadtrip new destination NAME' adds a destination)"
        }
        #expect(!FileManager.default.fileExists(atPath: inside.path))
    }

    /// Why a folder given as the root is none, naming the project around it when there is one.
    @Test func problemsOfAGivenRoot() throws {
        let base = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: base) }
        let root = base.appendingPathComponent("trip")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("Destinations/x"), withIntermediateDirectories: true)
        try Data("---\n".utf8).write(to: root.appendingPathComponent("Destinations/x/index.md"))
        let rule = "--source names the project root, the folder holding Destinations/"
        let around = "; the project it is in is \(root.path): give --source \(root.path), or no --source inside it"
        #expect(ProjectLocator.problem(withGivenRoot: root) == nil)
        #expect(ProjectLocator.problem(withGivenRoot: root.appendingPathComponent("Destinations/x/index.md"))
            == "\(root.path)/Destinations/x/index.md is a file, not a folder: \(rule)\(around)")
        #expect(ProjectLocator.problem(withGivenRoot: root.appendingPathComponent("Destinations"))
            == "\(root.path)/Destinations is a project's content folder, not its root: \(rule)\(around)")
        #expect(ProjectLocator.problem(withGivenRoot: base)
            == "no Destinations/ folder in \(base.path), so it is not a roadtrip project: \(rule); create a project with 'roadtrip new site DIR'")
        #expect(ProjectLocator.problem(withGivenRoot: base.appendingPathComponent("missing"))
            == "the project folder \(base.path)/missing does not exist (--source names the folder holding Destinations/)")
    }

    /// A new destination's slug against the project's: a folder whose name gives it (any case,
    /// letters folded as the build folds them), never the folder of the slug itself.
    @Test func newDestinationSlugConflicts() throws {
        let root = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let destinations = root.appendingPathComponent("Destinations")
        for name in ["Ålesund", "bergen"] {
            try FileManager.default.createDirectory(at: destinations.appendingPathComponent(name), withIntermediateDirectories: true)
        }
        try Data("---\n".utf8).write(to: destinations.appendingPathComponent("Ålesund/index.md"))
        #expect(NewDestination.slugConflict("alesund", name: "Alesund", in: destinations, projectRoot: root)
            == "'Alesund' would have the slug alesund, which Destinations/Ålesund/index.md already has, and a build refuses "
                + "two destinations with one slug; edit that destination, or choose another name")
        // bergen/ is the folder the new destination goes into (it has no index.md yet).
        #expect(NewDestination.slugConflict("bergen", name: "Bergen", in: destinations, projectRoot: root) == nil)
        try FileManager.default.createDirectory(at: destinations.appendingPathComponent("Tromsø"), withIntermediateDirectories: true)
        #expect(NewDestination.slugConflict("tromso", name: "Tromso", in: destinations, projectRoot: root)
            == "'Tromso' would have the slug tromso, which the folder Destinations/Tromsø/ already has; write its index.md "
                + "there yourself, or choose another name")
        #expect(NewDestination.slugConflict("oslo", name: "Oslo", in: destinations, projectRoot: root) == nil)
    }
}
