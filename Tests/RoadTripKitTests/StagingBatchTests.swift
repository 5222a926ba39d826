import Testing
@testable import RoadTripSite

/// `StagingBatch.batches(of:)`: a folder's files together, in the order the folders first appear,
/// cut every 64 files.
@Suite struct StagingBatchTests {
    @Test func filesAreBatchedByFolderInOrderAndCutEverySixtyFourFiles() {
        // Positions: 0 index.html; 1–130 in a/ (130 files: 64 + 64 + 2); 131 b/x.svg;
        // 132 index.xml (the top again); 133 a/late.svg (a/'s last batch has room).
        var paths = ["index.html"]
        paths += (0..<130).map { "a/\($0).svg" }
        paths += ["b/x.svg", "index.xml", "a/late.svg"]
        let batches = StagingBatch.batches(of: paths)
        #expect(batches == [
            StagingBatch(folder: "", files: [0, 132]),
            StagingBatch(folder: "a", files: Array(1...64)),
            StagingBatch(folder: "a", files: Array(65...128)),
            StagingBatch(folder: "a", files: [129, 130, 133]),
            StagingBatch(folder: "b", files: [131]),
        ])
        #expect(batches.flatMap(\.files).sorted() == Array(0..<paths.count))
    }

    @Test func aNestedFolderIsItsOwnBatch() {
        #expect(StagingBatch.batches(of: ["a/b/c.txt", "a/d.txt", "a/b/e.txt"]) == [
            StagingBatch(folder: "a/b", files: [0, 2]),
            StagingBatch(folder: "a", files: [1]),
        ])
        #expect(StagingBatch.batches(of: [String]()).isEmpty)
    }
}
