import RoadTripRender

/// Files the output writer stages together on one thread (`OutputWriter`): files of one folder of
/// the output, at most ``maximumCount`` of them, named by their positions in the build's list.
/// A batch opens its folder once and creates its files by name in it; two threads never create
/// files in one folder at the same time unless it holds more than ``maximumCount`` files (a
/// folder's entries are added under the folder's lock, on which the other thread would spin).
struct StagingBatch: Sendable, Equatable {
    /// The folder, relative to the output (`""` for the output folder itself).
    var folder: String
    /// Positions in the list of files given to ``batches(of:)``, in increasing order.
    var files: [Int]

    /// The largest batch: enough that opening the folder costs little per file, small enough that
    /// a folder of many files (a site's destination folders side by side) still spreads over
    /// every core.
    static let maximumCount = 64

    /// `paths` (relative, `/`-separated) split into batches: per folder, in the order each folder
    /// first appears, its files in their order, cut every ``maximumCount`` files.
    static func batches(of paths: some Sequence<String>) -> [StagingBatch] {
        var batches: [StagingBatch] = []
        var openBatch: [Substring: Int] = [:]
        for (position, path) in paths.enumerated() {
            let folder = OutputFile.folderAndName(of: path).folder
            if let open = openBatch[folder], batches[open].files.count < maximumCount {
                batches[open].files.append(position)
            } else {
                openBatch[folder] = batches.count
                batches.append(StagingBatch(folder: String(folder), files: [position]))
            }
        }
        return batches
    }
}
