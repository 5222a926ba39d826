import Foundation
import Testing
@testable import RoadTripCore

/// `concurrentMap` and `FileIdentity`, the two helpers the build's parallel loops and its stored
/// identities share.
@Suite struct ConcurrentMapTests {
    /// Every index once, in index order, whichever core ran it: the squares of 0…9,999 as a
    /// sequential `map` makes them; nothing for a count of 0.
    @Test func keepsIndexOrder() {
        #expect(concurrentMap(count: 10_000) { $0 * $0 } == (0..<10_000).map { $0 * $0 })
        #expect(concurrentMap(count: 0) { $0 }.isEmpty)
    }

    /// The identity holds the inode and size Foundation reports, changes when the file is written
    /// again, and is `nil` for a path with nothing there.
    @Test func fileIdentityFollowsTheFile() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("roadtrip-identity-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data("one".utf8).write(to: file)
        let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
        let first = try #require(FileIdentity.of(path: file.path))
        #expect(first.split(separator: ":")[1...2].map(String.init) == ["\(attributes[.systemFileNumber]!)", "3"])
        try Data("three".utf8).write(to: file)
        #expect(FileIdentity.of(path: file.path) != first)
        #expect(FileIdentity.of(path: file.path + "-absent") == nil)
    }
}
