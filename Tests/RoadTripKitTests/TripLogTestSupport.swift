import Foundation
import TestTools

/// Scratch files for trip-log reader tests: each call gets its own temporary folder.
enum TripLogTestFiles {
    /// A new empty temporary folder (``TestScratch``: removed when the test process exits).
    static func folder() -> URL {
        TestScratch.folder("triplog")
    }

    /// Writes `files` (name → text) into a new temporary folder and returns the folder.
    static func folder(with files: [String: String]) -> URL {
        let url = folder()
        for (name, text) in files {
            try! Data(text.utf8).write(to: url.appendingPathComponent(name))
        }
        return url
    }

    /// Writes `text` to a new temporary file called `name`.
    static func file(_ name: String, _ text: String) -> URL {
        folder(with: [name: text]).appendingPathComponent(name)
    }

    /// `../shared/fixtures/triplogs/<path>` next to the package, when present (GPL files that
    /// must not be copied into the repository).
    static func shared(_ path: String) -> URL? {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }  // Tests/RoadTripKitTests/x.swift → package root
        for candidate in [url.deletingLastPathComponent().appendingPathComponent("shared"), URL(fileURLWithPath: "/work/shared")] {
            let file = candidate.appendingPathComponent("fixtures/triplogs").appendingPathComponent(path)
            if FileManager.default.fileExists(atPath: file.path) { return file }
        }
        return nil
    }
}
