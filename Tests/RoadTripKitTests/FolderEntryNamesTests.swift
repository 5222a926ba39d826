import Foundation
import Testing
@testable import RoadTripContent
@testable import RoadTripCore

/// `FolderEntryNames`: which names a destination folder may hold, from one listing.
@Suite struct FolderEntryNamesTests {
    /// A folder holding `Pois.JSON`, a `trips/` folder and a symbolic link `photos` to nothing:
    /// each is a name it may hold (in any case; the link is listed although `stat` finds nothing
    /// behind it, so its warning stays), and `contacts.vcf` and `images` are not.
    @Test func listsWhatIsThereInAnyCase() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("roadtrip-entries-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("trips"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("[]".utf8).write(to: folder.appendingPathComponent("Pois.JSON"))
        try FileManager.default.createSymbolicLink(
            atPath: folder.appendingPathComponent("photos").path, withDestinationPath: "missing")
        let entries = FolderEntryNames(of: folder)
        #expect(entries.mayHold("pois.json"))
        #expect(entries.mayHold("trips"))
        #expect(entries.mayHold("photos"))
        #expect(!entries.mayHold("contacts.vcf"))
        #expect(!entries.mayHold("images"))
    }

    /// A folder that cannot be listed (here: none there) says nothing is absent, so the loader
    /// looks for every name as it did without a listing.
    @Test func unlistableFolderMayHoldAnything() {
        let entries = FolderEntryNames(of: URL(fileURLWithPath: "/nonexistent-roadtrip-\(UUID().uuidString)"))
        #expect(entries.mayHold("pois.json"))
        #expect(entries.mayHold("trips"))
    }

    /// `FolderListing` lists what `FileManager.contentsOfDirectory(atPath:)` lists (the
    /// reference): dotfiles, folders, a symbolic link to nothing, a name in NFD ("e" + U+0301) kept
    /// as its bytes; not `.` and `..`; `nil` for what is absent or not a folder.
    @Test func folderListingListsWhatFoundationLists() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("roadtrip-listing-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("trips"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for name in ["index.md", ".index.md.swp", "Cafe\u{301}.md"] {
            try Data("x".utf8).write(to: folder.appendingPathComponent(name))
        }
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("photos").path, withDestinationPath: "missing")
        let listed = try #require(FolderListing.names(atPath: folder.path))
        #expect(listed.sorted() == (try FileManager.default.contentsOfDirectory(atPath: folder.path)).sorted())
        #expect(Set(listed.map { Array($0.utf8) }) == Set(["index.md", ".index.md.swp", "Cafe\u{301}.md", "trips", "photos"].map { Array($0.utf8) }))
        #expect(FolderListing.names(atPath: folder.appendingPathComponent("index.md").path) == nil)
        #expect(FolderListing.names(atPath: folder.appendingPathComponent("absent").path) == nil)
    }

    /// `FolderListing.visibleEntries(below:)` lists what Foundation's enumerator with
    /// `.skipsHiddenFiles` lists (the reference it replaced in the theme lookup), each with its kind
    /// as `lstat` gives it: files at three depths, a folder, a hidden file and a hidden folder (left
    /// out, with what is inside), a symbolic link to a file and one to a folder (listed as links,
    /// the folder not entered), a link to nothing, a named pipe; nothing for a missing folder.
    @Test func visibleEntriesAreWhatTheEnumeratorVisits() throws {
        let manager = FileManager.default
        let folder = manager.temporaryDirectory.appendingPathComponent("roadtrip-walk-\(UUID().uuidString)")
        defer { try? manager.removeItem(at: folder) }
        for path in ["layouts/partials", ".git/objects", "assets/.cache"] {
            try manager.createDirectory(at: folder.appendingPathComponent(path), withIntermediateDirectories: true)
        }
        for path in ["theme.yaml", "layouts/base.mustache", "layouts/partials/card.mustache", ".DS_Store", ".git/HEAD",
                     "assets/.cache/x.css", "assets/roadtrip.css"] {
            try Data("x".utf8).write(to: folder.appendingPathComponent(path))
        }
        try manager.createSymbolicLink(atPath: folder.appendingPathComponent("layouts/linked.mustache").path, withDestinationPath: "base.mustache")
        try manager.createSymbolicLink(atPath: folder.appendingPathComponent("linked-folder").path, withDestinationPath: "layouts")
        try manager.createSymbolicLink(atPath: folder.appendingPathComponent("assets/gone.js").path, withDestinationPath: "missing.js")
        #expect(mkfifo(folder.appendingPathComponent("assets/pipe").path, 0o644) == 0)

        let walked = FolderListing.visibleEntries(below: folder.path)
        let enumerated = try #require(manager.enumerator(at: folder, includingPropertiesForKeys: nil, options: [.skipsHiddenFiles]))
        var reference: [String] = []
        for case let url as URL in enumerated { reference.append(String(url.path.dropFirst(folder.path.count + 1))) }
        #expect(walked.map(\.relativePath).sorted() == reference.map { $0.hasSuffix("/") ? String($0.dropLast()) : $0 }.sorted())
        let kinds = Dictionary(uniqueKeysWithValues: walked.map { ($0.relativePath, $0.kind) })
        #expect(kinds == [
            "theme.yaml": .regularFile, "layouts": .folder, "layouts/base.mustache": .regularFile,
            "layouts/partials": .folder, "layouts/partials/card.mustache": .regularFile,
            "layouts/linked.mustache": .symbolicLink, "linked-folder": .symbolicLink, "assets": .folder,
            "assets/roadtrip.css": .regularFile, "assets/gone.js": .symbolicLink, "assets/pipe": .other,
        ])
        #expect(FolderListing.visibleEntries(below: folder.appendingPathComponent("absent").path).isEmpty)
    }
}
