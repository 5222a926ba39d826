import Foundation
import Synchronization
import RoadTripRender

/// A build's staging folder (``OutputWriter/openStaging(holding:)``) that the files go into as
/// they are made, before write-output: render-pages stages each destination's pages and each
/// site-wide group's files as soon as they are rendered (``stage(_:)``), and links the basemap's
/// tiles meanwhile on a thread of their own, so that the build never
/// holds every rendered page at once (they were most of a 250-destination build's heap at its
/// peak) and the tiles' links fill the cores' idle moments, and write-output only stages what is
/// left, compares and renames
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
    /// The stamp of each file ``stage(_:)`` wrote or linked, by output path.
    private let stamped = Mutex<[String: BasemapFileStamp]>([:])

    init(folder: URL) {
        self.folder = folder
        site = folder.path + "/site"
    }

    /// Writes each `.text` and `.data` file of `files` into the staging folder, at its path
    /// (making the folders on the way), links each `.link` file there (``CacheFileLink``: a
    /// regular file of the cache only), keeps each one's stamp (``stagedStamps``), and returns `files`
    /// with those staged as `.staged`, in the same order. Any other file, and one whose path is
    /// not usable (``OutputFile/pathProblem(_:)``), already staged, or which cannot be written or
    /// linked, is returned as it was: write-output stages it, and reports why it cannot. Files of
    /// one folder next to each other are created by name in that folder, opened once. Safe to
    /// call from several threads at once.
    func stage(_ files: [OutputFile]) -> [OutputFile] {
        var folderPath: String?
        var folder: Int32 = -1
        var links = CacheFileLink()
        var stamps: [(String, BasemapFileStamp)] = []
        defer {
            if folder >= 0 { close(folder) }
            links.release()
            if !stamps.isEmpty { stamped.withLock { $0.merge(stamps) { _, new in new } } }
        }
        return files.map { file in
            switch file.contents {
            case .text, .data, .link: break
            case .copy, .produced, .staged: return file
            }
            guard OutputFile.pathProblem(file.path) == nil else { return file }
            let (folderOfFile, nameOfFile) = OutputFile.folderAndName(of: file.path)
            let parent = String(folderOfFile), name = String(nameOfFile)
            if parent != folderPath {
                if folder >= 0 { close(folder) }
                folderPath = parent
                folder = makeFolders(of: file.path) ? open(parent.isEmpty ? site : site + "/" + parent, O_RDONLY | O_DIRECTORY | O_CLOEXEC) : -1
            }
            guard folder >= 0 else { return file }
            let stamp: BasemapFileStamp?
            switch file.contents {
            case .text(var text):
                stamp = write(name, in: folder) { descriptor in
                    text.withUTF8 { OutputWriter.writeAll(descriptor, UnsafeRawBufferPointer($0)) }
                }
            case .data(let data):
                stamp = write(name, in: folder) { descriptor in data.withUnsafeBytes { OutputWriter.writeAll(descriptor, $0) } }
            case .link(let source, _):
                stamp = links.link(source, into: folder, named: name)
            case .copy, .produced, .staged:
                stamp = nil
            }
            guard let stamp else { return file }
            stamps.append((file.path, stamp))
            return OutputFile(path: file.path, contents: .staged)
        }
    }

    /// The stamp of each file ``stage(_:)`` wrote or linked, by output path, as it was made
    /// (``OutputWriteSummary/stagedStamps``).
    var stagedStamps: [String: BasemapFileStamp] { stamped.withLock { $0 } }

    /// Creates the file `name` in the staging folder open as `folder` (never over one staged
    /// already) and lets `fill` write it; the written file's stamp (`fstat` of its descriptor), or
    /// `nil`, with nothing left at that name, when a step fails.
    private func write(_ name: String, in folder: Int32, _ fill: (Int32) -> Bool) -> BasemapFileStamp? {
        let descriptor = openat(folder, name, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return nil }
        let stamp = fill(descriptor) ? BasemapFileStamp.of(descriptor: descriptor) : nil
        let closed = close(descriptor) == 0
        guard let stamp, closed else {
            unlinkat(folder, name, 0)
            return nil
        }
        return stamp
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
