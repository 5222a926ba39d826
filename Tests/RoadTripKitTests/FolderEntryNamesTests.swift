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
}
