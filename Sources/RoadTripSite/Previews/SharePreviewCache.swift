import Foundation
import RoadTripCore
import RoadTripFormats
import RoadTripRender

/// `<project root>/.roadtrip-cache/og/<key>.png`: each share preview's PNG (`SharePreview`) as a
/// build rasterised it, so that a build whose map did not change rasterises nothing and copies the
/// PNG into the output instead (copied, not linked: a tool that rewrites `Output/…/og.png` in place
/// cannot reach the cache).
///
/// The key is the SHA-256 (`Vips.sha256`) of roadtrip's version, ``formatVersion``, the PNG's size
/// and scale and the preview's whole SVG document, so any change to the map — a pin, a track, the
/// basemap's drawing, the viewport — or another roadtrip gives a new file. A cached file is used
/// only when it is a regular file (not a symbolic link) of at most ``largestFile`` bytes whose
/// `lstat` stamp is the one recorded in `<key>.png.stamp` when roadtrip wrote it
/// (``CacheFileStamp``: a file edited in place, even with its modification time put back, or
/// replaced, is not) and that starts as a PNG of the preview's size and ends with the PNG's last
/// chunk (`IEND`); anything else is rasterised again and replaced. Files are written under a
/// temporary name and renamed over the old one (``CacheFileReplacement``), so an interrupted build
/// never leaves half a PNG. Nothing is removed: like `photos/`, the folder keeps every PNG made
/// (about 20–150 KB each) and its stamp until it is deleted.
struct SharePreviewCache: Sendable {
    /// The largest cached file used, in bytes: 16 MiB, a hundred times a busy map's PNG.
    static let largestFile = 16 << 20

    /// Bumped whenever the rasterising (`Vips.png(ofSVG:scale:width:height:)`) changes its output.
    static let formatVersion = 1

    /// `.roadtrip-cache/og/`.
    let folder: URL

    /// The cache in `projectRoot`'s `.roadtrip-cache/og/` (``ProjectCacheFolder/sharePreviews(projectRoot:)``),
    /// which the caller checked with ``ProjectCacheFolder/problem(with:projectRoot:homeDirectory:)``.
    init(projectRoot: URL) {
        folder = ProjectCacheFolder.sharePreviews(projectRoot: projectRoot)
    }

    /// 64 hexadecimal digits naming `preview`'s PNG (the type's description says what they cover).
    static func key(of preview: SharePreview) -> String {
        let settings = "roadtrip \(RoadTripVersion.current)\nshare preview \(formatVersion)\n"
            + "\(SharePreview.pixelWidth)x\(SharePreview.pixelHeight) scale \(preview.scale)\n"
        return Vips.sha256(Data(settings.utf8) + Data(preview.svg.utf8))
    }

    /// The file of the PNG of `key` (``key(of:)``).
    func file(ofKey key: String) -> URL {
        folder.appendingPathComponent(key + ".png")
    }

    /// The cached file of `key` when it is the file roadtrip wrote, unchanged since, and holds a
    /// whole PNG of the preview's size (see the type's description), else `nil`.
    func cachedFile(ofKey key: String) -> URL? {
        let url = file(ofKey: key)
        // O_NONBLOCK: a named pipe put where the file was would otherwise wait for a writer for
        // ever (the build hung); fstat below refuses it, as anything but a regular file.
        let descriptor = open(url.path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG,
              status.st_size >= 45, status.st_size <= Self.largestFile,
              BasemapFileStamp(status) == CacheFileStamp.recorded(for: url.path)
        else { return nil }
        var head = [UInt8](repeating: 0, count: 24), tail = [UInt8](repeating: 0, count: 12)
        guard pread(descriptor, &head, head.count, 0) == head.count,
              pread(descriptor, &tail, tail.count, off_t(status.st_size) - 12) == tail.count,
              PNGHeader(head) == PNGHeader(width: SharePreview.pixelWidth, height: SharePreview.pixelHeight),
              tail == PNGHeader.endChunk
        else { return nil }
        return url
    }

    /// Keeps `png` as the file of `key`: the file, or why it cannot be written (the caller then
    /// publishes the bytes it holds).
    func store(_ png: Data, key: String) -> Result<URL, StoreFailure> {
        let target = file(ofKey: key)
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            return .failure(StoreFailure(reason: "cannot make \(ProjectCacheFolder.name)/og: \(FileBytes.systemReason(error))"))
        }
        switch CacheFileReplacement.replace(target.path, with: png) {
        case .success:
            // Without a stamp the PNG is only rasterised again next time.
            CacheFileStamp.record(target.path)
            return .success(target)
        case .failure(.cannotCreate(let reason)):
            return .failure(StoreFailure(reason: "cannot write in \(ProjectCacheFolder.name)/og: \(reason)"))
        case .failure(.cannotWrite(let reason)):
            return .failure(StoreFailure(reason: "cannot write \(ProjectCacheFolder.name)/og/\(key).png: \(reason)"))
        }
    }

    /// Why a PNG could not be kept.
    struct StoreFailure: Error {
        var reason: String
    }
}
