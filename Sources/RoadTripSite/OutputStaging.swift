import Foundation
import Synchronization
import RoadTripRender

/// A build's staging folder (``OutputWriter/openStaging(holding:)``) that the files go into as
/// they are made, before write-output: render-pages stages each destination's pages and each
/// site-wide group's files as soon as they are rendered (``stage(_:)``), so that the build never
/// holds every rendered page at once (they were most of a 250-destination build's heap at its
/// peak), and write-output only stages what is left, compares and renames
/// (``OutputWriter/write(_:keeping:holding:conflictsChecked:staging:)``). The output folder is
/// untouched until then; a build that stops before writing removes the folder (``remove()``), and
/// one killed leaves it to the next build, as any staging folder.
final class OutputStaging: Sendable {
    /// The staging folder: `.roadtrip-staging-<pid>` beside the output folder
    /// (``OutputStagingArea``), holding its marker and `site/`.
    let folder: URL
    /// `folder/site`, where each file goes at its output path.
    private let site: String
    /// The folders under `site/` made so far (relative paths).
    private let madeFolders = Mutex<Set<String>>([])

    init(folder: URL) {
        self.folder = folder
        site = folder.path + "/site"
    }

    /// Writes each `.text` and `.data` file of `files` into the staging folder, at its path
    /// (making the folders on the way), and returns `files` with those written as `.staged`, in
    /// the same order. Any other file, and one whose path is not usable (``OutputFile/pathProblem(_:)``)
    /// or which cannot be written, is returned as it was: write-output stages it, and reports
    /// why it cannot. Safe to call from several threads at once.
    func stage(_ files: [OutputFile]) -> [OutputFile] {
        files.map { file in
            let written: Bool
            switch file.contents {
            case .text(var text):
                written = write(at: file.path) { descriptor in
                    text.withUTF8 { OutputWriter.writeAll(descriptor, UnsafeRawBufferPointer($0)) }
                }
            case .data(let data):
                written = write(at: file.path) { descriptor in data.withUnsafeBytes { OutputWriter.writeAll(descriptor, $0) } }
            case .copy, .link, .produced, .staged:
                written = false
            }
            return written ? OutputFile(path: file.path, contents: .staged) : file
        }
    }

    /// Creates the file `path` (relative to the output) under `site/` and lets `fill` write it;
    /// `false`, with nothing left at that path, when the path is unusable or a step fails.
    private func write(at path: String, _ fill: (Int32) -> Bool) -> Bool {
        guard OutputFile.pathProblem(path) == nil, makeFolders(of: path) else { return false }
        let target = site + "/" + path
        let descriptor = open(target, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return false }
        let filled = fill(descriptor)
        let closed = close(descriptor) == 0
        if !(filled && closed) { unlink(target) }
        return filled && closed
    }

    /// Makes the folders on the way to `path` under `site/` that are not made yet, outermost first;
    /// `false` when one cannot be made (a file is in its place: two paths in conflict, which
    /// write-output reports).
    private func makeFolders(of path: String) -> Bool {
        for folder in OutputFile.ancestors(of: path) where !madeFolders.withLock({ $0.contains(folder) }) {
            var status = stat()
            guard mkdir(site + "/" + folder, 0o755) == 0
                || (errno == EEXIST && lstat(site + "/" + folder, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR)
            else { return false }
            madeFolders.withLock { _ = $0.insert(folder) }
        }
        return true
    }

    /// Removes the staging folder and what it holds (nothing when it is gone).
    func remove() {
        try? OutputStagingArea.removeStagingFolder(folder)
    }
}
