import Foundation
import RoadTripCore
import RoadTripGeo
import RoadTripRender

/// What `lstat` said of a cached tile's file when a build last checked its bytes: size (bytes),
/// modification and status-change times (nanoseconds since 1970) and inode. A file whose stamp is
/// unchanged still holds the bytes that were checked — the cache replaces a tile by renaming a new
/// file over it (a new inode), and anything writing into one changes its status-change time, which
/// no one can set back (`cp -p` and `touch -d` restore the modification time only) — so a build
/// can link it into the output without reading it, as Git's index trusts a file whose stat data it
/// recorded (git-update-index(1)). Linking a tile into an output changes its status-change time too
/// (the link count is status): write-output stamps the tiles it linked or unlinked again
/// (`BasemapTileCache.restampTiles`), keeping the new time only where size, modification time and
/// inode are still those checked.
struct BasemapFileStamp: Sendable, Hashable {
    /// Bytes.
    let size: Int64
    /// Modification time, nanoseconds since 1970-01-01 UTC.
    let modified: Int64
    /// Status-change time, nanoseconds since 1970-01-01 UTC.
    let changed: Int64
    /// The file's inode number.
    let inode: UInt64

    /// The stamp of `status` (an `lstat` result).
    init(_ status: stat) {
        size = Int64(status.st_size)
        modified = Int64(status.st_mtim.tv_sec) * 1_000_000_000 + Int64(status.st_mtim.tv_nsec)
        changed = Int64(status.st_ctim.tv_sec) * 1_000_000_000 + Int64(status.st_ctim.tv_nsec)
        inode = UInt64(status.st_ino)
    }

    init(size: Int64, modified: Int64, changed: Int64, inode: UInt64) {
        self.size = size
        self.modified = modified
        self.changed = changed
        self.inode = inode
    }

    /// Whether `other` is this file with only its status-change time moved (a link made or
    /// removed, a rename): same size, modification time and inode.
    func isSameContent(as other: BasemapFileStamp) -> Bool {
        size == other.size && modified == other.modified && inode == other.inode
    }

    /// The stamp of the regular file at `path` (not following a symbolic link), `nil` for anything
    /// else or nothing.
    static func of(path: String) -> BasemapFileStamp? {
        of(relativePath: path, in: AT_FDCWD)
    }

    /// The stamp of the file open as `descriptor` (`fstat`), as a file just written is stamped
    /// before it is closed; `nil` when `fstat` fails (`errno` says why).
    static func of(descriptor: Int32) -> BasemapFileStamp? {
        var status = stat()
        return fstat(descriptor, &status) == 0 ? BasemapFileStamp(status) : nil
    }

    /// ``of(path:)`` for `relativePath` from the folder open as `folder` (`fstatat`: the kernel
    /// walks the relative path only; `AT_FDCWD` and an absolute path are `lstat`'s).
    static func of(relativePath: String, in folder: Int32) -> BasemapFileStamp? {
        var status = stat()
        guard fstatat(folder, relativePath, &status, AT_SYMLINK_NOFOLLOW) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        return BasemapFileStamp(status)
    }
}

/// `<fingerprint>/index`: the `BasemapFileStamp` of every tile file of a basemap cache whose bytes
/// a build checked (`BasemapTileSVG.body(ofDocument:name:)`) or wrote. A tile that a build only links
/// into the output (no standalone map embeds it) is read only when its stamp differs from the
/// index's: on the 4,000-destination benchmark, reading and checksumming all 10,399 tiles took
/// ~80 ms of CPU, a stamp each ~10 ms.
///
/// With each stamp it keeps whether those checked bytes draw a solid tile (`BasemapSolidFill`), so
/// that a build knows which tiles the output shows as `land.svg` or `sea.svg` without reading them.
///
/// The file is `RTBASEMAPIDX3\n` then one record per tile of eight little-endian 64-bit integers:
/// zoom, x, y, size, modification time (ns), status-change time (ns), inode, solid fill (0 none,
/// 1 land, 2 sea), then the XXH3-64 (``ContentHash``) of the records, little-endian: a byte that
/// changed in a fill would otherwise publish a coast as land. It is written under a temporary name
/// and renamed; a file that does not parse or whose hash does not match (an older format among
/// them) is an empty index (every tile is read and checked again).
struct BasemapTileIndex: Sendable {
    /// The stamps, by tile.
    var stamps: [BasemapPyramid.Tile: BasemapFileStamp]
    /// The tiles of `stamps` whose checked bytes draw a solid tile, and its fill.
    var solidFills: [BasemapPyramid.Tile: BasemapSolidFill]

    static let magic = Array("RTBASEMAPIDX3\n".utf8)
    private static let fieldsPerRecord = 8

    init(stamps: [BasemapPyramid.Tile: BasemapFileStamp] = [:], solidFills: [BasemapPyramid.Tile: BasemapSolidFill] = [:]) {
        self.stamps = stamps
        self.solidFills = solidFills
    }

    /// The index at `path`: empty when the file is missing, not a regular file, or malformed.
    init(contentsOfFile path: String) {
        stamps = [:]
        solidFills = [:]
        guard BasemapFileStamp.of(path: path) != nil, let data = FileManager.default.contents(atPath: path),
              data.count >= Self.magic.count, data.prefix(Self.magic.count).elementsEqual(Self.magic)
        else { return }
        let recordSize = Self.fieldsPerRecord * 8
        guard data.count >= Self.magic.count + 8 else { return }
        let body = data.dropFirst(Self.magic.count).dropLast(8)
        guard body.count % recordSize == 0 else { return }
        let recorded = data.suffix(8).withUnsafeBytes { UInt64(littleEndian: $0.loadUnaligned(as: UInt64.self)) }
        guard body.withUnsafeBytes({ ContentHash.value64(bytes: $0) }) == recorded else { return }
        var stamps: [BasemapPyramid.Tile: BasemapFileStamp] = [:], solidFills: [BasemapPyramid.Tile: BasemapSolidFill] = [:]
        stamps.reserveCapacity(body.count / recordSize)
        let valid = body.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) -> Bool in
            for start in stride(from: 0, to: bytes.count, by: recordSize) {
                func field(_ index: Int) -> Int64 {
                    Int64(littleEndian: bytes.loadUnaligned(fromByteOffset: start + index * 8, as: Int64.self))
                }
                let zoom = field(0), x = field(1), y = field(2), fill = field(7)
                guard (0...Int64(BasemapPyramid.maximumZoom)).contains(zoom), (0..<(Int64(1) << zoom)).contains(x),
                      (0..<(Int64(1) << zoom)).contains(y), (0...2).contains(fill)
                else { return false }
                let tile = BasemapPyramid.Tile(zoom: Int(zoom), x: Int(x), y: Int(y))
                stamps[tile] = BasemapFileStamp(size: field(3), modified: field(4), changed: field(5), inode: UInt64(bitPattern: field(6)))
                if fill != 0 { solidFills[tile] = fill == 1 ? .land : .sea }
            }
            return true
        }
        if valid {
            self.stamps = stamps
            self.solidFills = solidFills
        }
    }

    /// The file's bytes, records in tile order.
    var data: Data {
        // Stored field by field into one buffer of the final size (6,401 records at 250
        // destinations: appending each field's bytes cost ~1,900 instructions a record).
        let recordSize = Self.fieldsPerRecord * 8
        let bodyStart = Self.magic.count
        var bytes = [UInt8](repeating: 0, count: bodyStart + stamps.count * recordSize + 8)
        bytes.withUnsafeMutableBytes { buffer in
            buffer.copyBytes(from: Self.magic)
            var offset = bodyStart
            func put(_ field: Int64) {
                buffer.storeBytes(of: field.littleEndian, toByteOffset: offset, as: Int64.self)
                offset += 8
            }
            for tile in stamps.keys.sorted() {
                let stamp = stamps[tile]!
                put(Int64(tile.zoom))
                put(Int64(tile.x))
                put(Int64(tile.y))
                put(stamp.size)
                put(stamp.modified)
                put(stamp.changed)
                put(Int64(bitPattern: stamp.inode))
                let fill: Int64 = switch solidFills[tile] { case nil: 0; case .land: 1; case .sea: 2 }
                put(fill)
            }
            let hash = ContentHash.value64(bytes: UnsafeRawBufferPointer(rebasing: buffer[bodyStart..<offset]))
            buffer.storeBytes(of: hash.littleEndian, toByteOffset: offset, as: UInt64.self)
        }
        return Data(bytes)
    }
}
