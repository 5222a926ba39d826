import Foundation
import Testing
import TestTools
@testable import RoadTripSite

/// How a cache file is replaced (`CacheFileReplacement.replace`): a new file renamed over the old
/// one, unless the old one already holds exactly the new bytes.
@Suite struct CacheFileReplacementTests {
    /// The same bytes leave the file alone (same inode, and the stat returned is the file's);
    /// other bytes of the same length, or another length, give a new inode with those bytes; a
    /// missing file is made.
    @Test func aFileHoldingTheBytesIsLeftAsItIs() throws {
        let folder = TestScratch.folder("replace")
        let path = folder.appendingPathComponent("shard").path
        func inode() -> UInt64 {
            var status = stat()
            return lstat(path, &status) == 0 ? UInt64(status.st_ino) : 0
        }
        guard case .success(let made) = CacheFileReplacement.replace(path, with: Data("abcdef".utf8)) else {
            Issue.record("a missing file was not made")
            return
        }
        #expect(UInt64(made.st_ino) == inode())
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data("abcdef".utf8))

        let first = inode()
        guard case .success(let kept) = CacheFileReplacement.replace(path, with: Data("abcdef".utf8)) else {
            Issue.record("replacing with the same bytes failed")
            return
        }
        #expect(inode() == first)
        #expect(UInt64(kept.st_ino) == first && kept.st_size == 6)

        _ = CacheFileReplacement.replace(path, with: Data("abcdeX".utf8))
        #expect(inode() != first)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data("abcdeX".utf8))

        let second = inode()
        _ = CacheFileReplacement.replace(path, with: Data("abc".utf8))
        #expect(inode() != second)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data("abc".utf8))
    }

    /// A symbolic link at the target holding the same bytes is not taken for the file: it is
    /// replaced by a regular file (the rename takes the link's name), and the link's target is
    /// left as it was.
    @Test func aLinkIsReplacedEvenToTheSameBytes() throws {
        let folder = TestScratch.folder("replace-link")
        let target = folder.appendingPathComponent("elsewhere").path
        let path = folder.appendingPathComponent("shard").path
        try Data("same".utf8).write(to: URL(fileURLWithPath: target))
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: target)
        _ = CacheFileReplacement.replace(path, with: Data("same".utf8))
        var status = stat()
        #expect(lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFREG)
        #expect(try Data(contentsOf: URL(fileURLWithPath: target)) == Data("same".utf8))
    }
}
