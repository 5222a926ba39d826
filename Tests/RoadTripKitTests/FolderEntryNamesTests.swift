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
    /// the folder not entered), a link to nothing, a named pipe, a file and a folder whose names
    /// are not UTF-8 (left out); nothing for a missing folder; the same through a symbolic link
    /// to the folder.
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
        // Names that are not UTF-8 (Latin-1 "é", a lone 0xFF), a file and a folder: left out. The
        // enumerator lists them with U+FFFD in place of the bad byte, a path that names no file,
        // which the theme lookup it served then skipped (nothing there is a regular file).
        for (name, isFolder) in [("card\u{E9}.mustache", false), ("d\u{FF}", true)] {
            let bytes = Array(folder.appendingPathComponent("layouts").path.utf8) + [UInt8(ascii: "/")]
                + name.unicodeScalars.map { UInt8($0.value) }
            let path = String(decoding: bytes, as: UTF8.self)  // for messages only
            let made = bytes.withUnsafeBufferPointer { buffer -> Int32 in
                let cString = Array(buffer) + [0]
                return cString.withUnsafeBufferPointer { pointer in
                    pointer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: cString.count) { name in
                        isFolder ? mkdir(name, 0o755) : creat(name, 0o644)
                    }
                }
            }
            #expect(made >= 0, "\(path)")
        }

        let walked = FolderListing.visibleEntries(below: folder.path)
        let enumerated = try #require(manager.enumerator(at: folder, includingPropertiesForKeys: nil, options: [.skipsHiddenFiles]))
        var reference: [String] = []
        for case let url as URL in enumerated { reference.append(String(url.path.dropFirst(folder.path.count + 1))) }
        #expect(walked.map(\.relativePath).sorted()
            == reference.filter { !$0.contains("\u{FFFD}") }.map { $0.hasSuffix("/") ? String($0.dropLast()) : $0 }.sorted())
        #expect(reference.filter { $0.contains("\u{FFFD}") }.count == 2)
        let kinds = Dictionary(uniqueKeysWithValues: walked.map { ($0.relativePath, $0.kind) })
        #expect(kinds == [
            "theme.yaml": .regularFile, "layouts": .directory, "layouts/base.mustache": .regularFile,
            "layouts/partials": .directory, "layouts/partials/card.mustache": .regularFile,
            "layouts/linked.mustache": .symbolicLink, "linked-folder": .symbolicLink, "assets": .directory,
            "assets/roadtrip.css": .regularFile, "assets/gone.js": .symbolicLink, "assets/pipe": .other,
        ])
        #expect(FolderListing.visibleEntries(below: folder.appendingPathComponent("absent").path).isEmpty)
        let link = folder.deletingLastPathComponent().appendingPathComponent("roadtrip-walk-link-\(UUID().uuidString)")
        try manager.createSymbolicLink(at: link, withDestinationURL: folder)
        defer { try? manager.removeItem(at: link) }
        #expect(FolderListing.visibleEntries(below: link.path).map(\.relativePath).sorted() == walked.map(\.relativePath).sorted())
    }
}
