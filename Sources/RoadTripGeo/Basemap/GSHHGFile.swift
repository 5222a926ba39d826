internal import CNetCDF
import Foundation
import Synchronization
import RoadTripCore

/// GSHHG, the Global Self-consistent Hierarchical High-resolution Geography (Wessel & Smith,
/// J. Geophys. Res. 101(B4), 1996; version 2.3.7, LGPL-3+), in GMT's binned netCDF files as Debian
/// ships them (`gmt-gshhg-low`, `-high`, `-full`: `/usr/share/gmt-gshhg/binned_{GSHHS,border,river}_<r>.nc`).
///
/// The layout, as GMT's `gmt_shore.c` reads it and as checked against the files:
/// - The world is cut into bins of `Bin_size_in_minutes` (20° crude … 1° full):
///   `N_bins_in_360_longitude_range` columns from 0° E eastwards and
///   `N_bins_in_180_degree_latitude_range` rows from 90° N southwards; bin `b` is row `b / columns`,
///   column `b % columns`, its south-west corner at (90° − (row + 1)·size, column·size).
/// - A bin's segments are `N_segments_in_a_bin` consecutive segments from
///   `Id_of_first_segment_in_a_bin`; a segment's points are consecutive from
///   `Id_of_first_point_in_a_segment`, each `Relative_longitude/latitude_from_SW_corner_of_bin` an
///   unsigned 16-bit step of size/65535 (stored as signed shorts: read them as bit patterns).
/// - Coastlines: `Embedded_npts_levels_exit_entry_for_a_segment` packs, from the low bits, the exit
///   side (3 bits), the entry side (3 bits), the level (3 bits) and the point count (the rest); sides
///   0 S, 1 E, 2 N, 3 W, 4 a closed ring inside the bin. Levels: 1 shore of land, 2 of a lake, 3 of
///   an island in a lake, 4 of a pond on that island; 6 the Antarctic grounding line (left out: the
///   ice front, level 1, is drawn). `Embedded_node_levels_in_a_bin` packs the level at the bin's
///   four corners, 3 bits each from bit 9 down: south-west, south-east, north-east, north-west.
/// - Borders and rivers: `N_points_for_a_segment` and `Hierarchial_level_of_a_segment` (sic) per
///   segment, open lines cut at bin edges.
///
/// The one file that imports libnetcdf (CNetCDF). libnetcdf (and the HDF5 library under it) is not
/// thread-safe, across files too: every call holds one lock for the whole process (`library`).
public final class GSHHGFile: Sendable {
    /// What a file holds.
    public enum Kind: String, Sendable, CaseIterable {
        /// `binned_GSHHS_<r>.nc`: shorelines of land, lakes, islands in lakes and ponds.
        case coastlines = "GSHHS"
        /// `binned_border_<r>.nc`: level 1 national borders, 2 state borders in the Americas, 3
        /// marine boundaries.
        case borders = "border"
        /// `binned_river_<r>.nc`: level 1 permanent major rivers … 10 irrigation canals.
        case rivers = "river"
    }

    /// The five resolutions, coarsest first, with their file letter.
    public enum Resolution: String, Sendable, CaseIterable, Comparable {
        case crude = "c", low = "l", intermediate = "i", high = "h", full = "f"

        public static func < (lhs: Resolution, rhs: Resolution) -> Bool {
            allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
        }
    }

    /// A point of a bin: steps of `binSize / 65535` east and north of its south-west corner.
    public struct BinPoint: Sendable, Hashable {
        public var x: UInt16
        public var y: UInt16
    }

    /// A coastline segment of a bin (see the type for the fields).
    public struct CoastSegment: Sendable, Hashable {
        /// 1 land, 2 lake, 3 island in a lake, 4 pond (higher levels are read as 1).
        public var level: Int
        /// The bin side it enters through (0 S, 1 E, 2 N, 3 W), or 4 for a closed ring.
        public var entry: Int
        /// The bin side it leaves through, or 4 for a closed ring.
        public var exit: Int
        /// Its points, in order (dry ground on the left).
        public var points: [BinPoint]
    }

    /// A border or river segment of a bin: its level and points.
    public struct LineSegment: Sendable, Hashable {
        public var level: Int
        public var points: [BinPoint]
    }

    /// The kind and resolution read.
    public let kind: Kind
    public let resolution: Resolution
    /// The file's path.
    public let path: String
    /// Bin edge in degrees.
    public let binSize: Double
    /// Bins per 360° of longitude and per 180° of latitude.
    public let columns: Int
    public let rows: Int

    private let state: Mutex<State>

    private struct State: ~Copyable {
        let id: Int32
        let variables: [String: Int32]
        let firstSegment: [Int32]
        let segmentCount: [Int16]
        /// Coastlines only: the packed corner levels per bin.
        let nodeLevels: [Int16]

        deinit {
            let id = id
            GSHHGFile.library.withLock { _ in _ = rt_nc_close(id) }
        }
    }

    /// Held around every call into libnetcdf, by every file.
    private static let library = Mutex(())

    /// The file of `kind` at `resolution` in `folder`.
    /// - Throws: `GSHHGFile.Failure` naming the file: missing, unreadable, or not the layout above.
    public init(folder: URL, kind: Kind, resolution: Resolution) throws(Failure) {
        let opened = Self.library.withLock { _ in Result { () throws(Failure) in try Self.open(folder: folder, kind: kind, resolution: resolution) } }
        let layout = try opened.get()
        self.kind = kind
        self.resolution = resolution
        path = Self.url(folder: folder, kind: kind, resolution: resolution).path
        binSize = layout.binSize
        columns = layout.columns
        rows = layout.rows
        state = Mutex(layout.state)
    }

    /// What `init` reads, with the library's lock held.
    private struct Layout: ~Copyable {
        let binSize: Double
        let columns: Int
        let rows: Int
        let state: State
    }

    /// `binned_<kind>_<resolution>.nc` in `folder`.
    private static func url(folder: URL, kind: Kind, resolution: Resolution) -> URL {
        folder.appendingPathComponent("binned_\(kind.rawValue)_\(resolution.rawValue).nc")
    }

    private static func open(folder: URL, kind: Kind, resolution: Resolution) throws(Failure) -> Layout {
        let url = url(folder: folder, kind: kind, resolution: resolution)
        var id: Int32 = 0
        try Self.loadLibrary(for: url)
        let opened = url.withUnsafeFileSystemRepresentation { path in path.map { rt_nc_open($0, NC_NOWRITE, &id) } ?? NC_EINVAL }
        guard opened == NC_NOERR else { throw Failure(path: url.path, reason: Self.reason(opened)) }
        var variables: [String: Int32] = [:]
        var count: Int32 = 0
        rt_nc_inq_nvars(id, &count)
        for variable in 0..<count {
            var name = [CChar](repeating: 0, count: Int(NC_MAX_NAME) + 1)
            if rt_nc_inq_varname(id, variable, &name) == NC_NOERR { variables[String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)] = variable }
        }
        func scalar(_ name: String) throws(Failure) -> Int {
            var value: Int32 = 0
            guard let variable = variables[name], rt_nc_get_var_int(id, variable, &value) == NC_NOERR else {
                rt_nc_close(id)
                throw Failure(path: url.path, reason: "no \(name): not a binned GSHHG file")
            }
            return Int(value)
        }
        let minutes = try scalar("Bin_size_in_minutes")
        let columns = try scalar("N_bins_in_360_longitude_range")
        let rows = try scalar("N_bins_in_180_degree_latitude_range")
        let bins = columns * rows
        guard minutes > 0, bins > 0, columns * minutes == 360 * 60, rows * minutes == 180 * 60 else {
            rt_nc_close(id)
            throw Failure(path: url.path, reason: "its bins do not tile the world")
        }
        func array<T>(_ name: String, _ zero: T, _ read: (Int32, Int32, UnsafePointer<Int>, UnsafePointer<Int>, UnsafeMutablePointer<T>) -> Int32)
            throws(Failure) -> [T]
        {
            var values = [T](repeating: zero, count: bins)
            var start = 0
            var length = bins
            guard let variable = variables[name], read(id, variable, &start, &length, &values) == NC_NOERR else {
                rt_nc_close(id)
                throw Failure(path: url.path, reason: "no readable \(name): not a binned GSHHG file")
            }
            return values
        }
        let firstSegment = try array("Id_of_first_segment_in_a_bin", Int32(0), rt_nc_get_vara_int)
        let segmentCount = try array("N_segments_in_a_bin", Int16(0), rt_nc_get_vara_short)
        let nodeLevels = kind == .coastlines ? try array("Embedded_node_levels_in_a_bin", Int16(0), rt_nc_get_vara_short) : []
        return Layout(
            binSize: Double(minutes) / 60, columns: columns, rows: rows,
            state: State(id: id, variables: variables, firstSegment: firstSegment, segmentCount: segmentCount, nodeLevels: nodeLevels))
    }

    /// The bin at `row` (0 at 90° N) and `column` (0 at 0° E), wrapped.
    public func binIndex(row: Int, column: Int) -> Int {
        let wrapped = ((column % columns) + columns) % columns
        return min(max(row, 0), rows - 1) * columns + wrapped
    }

    /// The south-west corner of bin `index`, degrees (longitude 0 ..< 360).
    public func southWestCorner(ofBin index: Int) -> (latitude: Double, longitude: Double) {
        (90 - Double(index / columns + 1) * binSize, Double(index % columns) * binSize)
    }

    /// The levels at the four corners of coastline bin `index` (south-west, south-east, north-east,
    /// north-west), each 0 ocean … 4 pond; all 0 for another kind.
    public func cornerLevels(ofBin index: Int) -> [Int] {
        state.withLock { state in
            guard kind == .coastlines else { return [0, 0, 0, 0] }
            let word = Int(UInt16(bitPattern: state.nodeLevels[index]))
            return [9, 6, 3, 0].map { min((word >> $0) & 7, 4) }
        }
    }

    /// The coastline segments of bin `index`, in file order (levels ascending), the Antarctic
    /// grounding line left out. Empty for another kind.
    public func coastSegments(ofBin index: Int) throws(Failure) -> [CoastSegment] {
        guard kind == .coastlines else { return [] }
        let raw = try segments(ofBin: index, packed: "Embedded_npts_levels_exit_entry_for_a_segment", counts: nil)
        return raw.compactMap { segment in
            let info = segment.info
            let level = (info >> 6) & 7
            guard level != 6 else { return nil }
            return CoastSegment(level: level > 4 ? 1 : level, entry: (info >> 3) & 7, exit: info & 7, points: segment.points)
        }
    }

    /// The border or river segments of bin `index`, in file order. Empty for coastlines.
    public func lineSegments(ofBin index: Int) throws(Failure) -> [LineSegment] {
        guard kind != .coastlines else { return [] }
        return try segments(ofBin: index, packed: "Hierarchial_level_of_a_segment", counts: "N_points_for_a_segment")
            .map { LineSegment(level: $0.info, points: $0.points) }
    }

    /// The segments of a bin: per segment its info (the packed coastline word, or a line's level)
    /// and its points. Coastline point counts come from the packed word (`counts` nil).
    private func segments(ofBin index: Int, packed: String, counts: String?) throws(Failure)
        -> [(info: Int, points: [BinPoint])]
    {
        let result: Result<[(info: Int, points: [BinPoint])], Failure> = state.withLock { state in
            Self.library.withLock { _ in
                // Loaded when the file was opened: this silences the calling thread's HDF5 stack.
                _ = rt_nc_load(nil, 0)
                let count = Int(state.segmentCount[index])
                guard count > 0 else { return .success([]) }
                var start = Int(state.firstSegment[index])
                var length = count
                var info = [Int32](repeating: 0, count: count)
                var firstPoints = [Int32](repeating: 0, count: count)
                var pointCounts = [Int32](repeating: 0, count: count)
                var shortInfo = [Int16](repeating: 0, count: count)
                guard let infoVariable = state.variables[packed],
                    let startVariable = state.variables["Id_of_first_point_in_a_segment"],
                    rt_nc_get_vara_int(state.id, startVariable, &start, &length, &firstPoints) == NC_NOERR
                else { return .failure(failure("no \(packed)")) }
                if let counts {
                    var shortCounts = [Int16](repeating: 0, count: count)
                    guard let countVariable = state.variables[counts],
                        rt_nc_get_vara_short(state.id, countVariable, &start, &length, &shortCounts) == NC_NOERR,
                        rt_nc_get_vara_short(state.id, infoVariable, &start, &length, &shortInfo) == NC_NOERR
                    else { return .failure(failure("no \(counts)")) }
                    pointCounts = shortCounts.map { Int32(UInt16(bitPattern: $0)) }
                    info = shortInfo.map(Int32.init)
                } else {
                    guard rt_nc_get_vara_int(state.id, infoVariable, &start, &length, &info) == NC_NOERR else {
                        return .failure(failure("no \(packed)"))
                    }
                    pointCounts = info.map { $0 >> 9 }
                }
                // A bin's points are consecutive: one read of each coordinate.
                var pointStart = Int(firstPoints[0])
                var pointLength = Int(firstPoints[count - 1] - firstPoints[0] + pointCounts[count - 1])
                var dx = [Int16](repeating: 0, count: max(pointLength, 0))
                var dy = dx
                guard pointLength > 0,
                    let xVariable = state.variables["Relative_longitude_from_SW_corner_of_bin"],
                    let yVariable = state.variables["Relative_latitude_from_SW_corner_of_bin"],
                    rt_nc_get_vara_short(state.id, xVariable, &pointStart, &pointLength, &dx) == NC_NOERR,
                    rt_nc_get_vara_short(state.id, yVariable, &pointStart, &pointLength, &dy) == NC_NOERR
                else { return .failure(failure("unreadable points")) }
                return .success((0..<count).map { segment in
                    let first = Int(firstPoints[segment] - firstPoints[0])
                    let points = (first..<(first + Int(pointCounts[segment]))).map {
                        BinPoint(x: UInt16(bitPattern: dx[$0]), y: UInt16(bitPattern: dy[$0]))
                    }
                    return (Int(info[segment]), points)
                })
            }
        }
        return try result.get()
    }

    /// A failure of this file, for `reason`.
    private func failure(_ reason: String) -> Failure {
        Failure(path: path, reason: reason)
    }

    /// Why a GSHHG file cannot be used.
    public struct Failure: Error, Sendable, Hashable {
        /// The file.
        public var path: String
        /// libnetcdf's or roadtrip's words.
        public var reason: String
    }

    /// Loads libnetcdf (once per process) and turns off HDF5's printing of its error stack on
    /// standard error, for the calling thread (the stack is per thread in a thread-safe HDF5):
    /// netCDF probes attributes the files lack, and HDF5 would print each miss (`rt_nc_load`).
    /// Throws, naming the file at `url` to be read, when libnetcdf cannot be loaded.
    private static func loadLibrary(for url: URL) throws(Failure) {
        if let reason = CErrorText.failure(of: rt_nc_load) { throw Failure(path: url.path, reason: reason) }
    }

    private static func reason(_ status: Int32) -> String {
        String(cString: rt_nc_strerror(status))
    }
}
