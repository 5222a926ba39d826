import Foundation
import Synchronization

/// The offline vector basemap: GSHHG's coastlines (`GSHHGFile`, `CoastlineAssembly`) laid out for
/// one map view, at the resolution the view's scale needs, for the renderers to fill under the
/// pins and tracks, so that a map means something without a network.
///
/// The files are opened on first use (a build that draws no map never reads them) and kept for the
/// build; every method may be called from any thread.
public final class Basemap: Sendable {
    /// Where Debian's gmt-gshhg packages put the files.
    public static let standardFolder = URL(fileURLWithPath: "/usr/share/gmt-gshhg")
    /// The credit GSHHG's licence asks for, shown with the tile attribution.
    public static let credit = "Coastlines © GSHHG (Wessel & Smith), LGPL"

    /// The folder holding `binned_GSHHS_<r>.nc`.
    public let folder: URL
    /// The resolutions whose coastline file is in `folder`, coarsest first.
    public let installedResolutions: [GSHHGFile.Resolution]
    private let files = Mutex<[FileKey: GSHHGFile?]>([:])

    private struct FileKey: Hashable {
        let kind: GSHHGFile.Kind
        let resolution: GSHHGFile.Resolution
    }
    /// Each bin once read, assembled and projected, by resolution and bin: the maps and tiles of
    /// a destination and of its neighbours share bins.
    private let projected = Mutex<[BinKey: ProjectedBin?]>([:])

    private struct BinKey: Hashable {
        let resolution: GSHHGFile.Resolution
        let bin: Int
    }

    /// One line or ring of a bin in Web Mercator at zoom 0 scaled to 1 — `x = (λ + 180°) / 360°`
    /// with the bin's own longitude (0…360° east, so `x` runs from 0.5 to 1.5), `y` from 0 at
    /// 85.0511° N to 1 at 85.0511° S (EPSG:3857) — with its bounding box.
    private struct ProjectedLine: Sendable {
        let level: Int
        let xs: [Double]
        let ys: [Double]
        let minX: Double, maxX: Double, minY: Double, maxY: Double

        init(level: Int, points: [GSHHGFile.BinPoint], corner: (latitude: Double, longitude: Double), step: Double) {
            self.level = level
            xs = points.map { (corner.longitude + Double($0.x) * step + 180) / 360 }
            ys = points.map { WebMercator.y(latitude: corner.latitude + Double($0.y) * step, zoom: 0) / WebMercator.tileSize }
            (minX, maxX) = (xs.min() ?? 0, xs.max() ?? 0)
            (minY, maxY) = (ys.min() ?? 0, ys.max() ?? 0)
        }
    }

    /// A bin's coastline rings (`CoastlineAssembly`), rivers and borders, projected.
    private struct ProjectedBin: Sendable {
        var rings: [ProjectedLine] = []
        var rivers: [ProjectedLine] = []
        var borders: [ProjectedLine] = []
        /// The bin's middle `x` (for taking it the short way round from a view).
        var middleX = 0.0
    }

    /// `bin` of the coastline file at `resolution`, read, assembled and projected once, with the
    /// rivers and borders of the same bin when their files are installed; `nil` when the coastline
    /// bin cannot be read.
    private func projectedBin(_ bin: Int, resolution: GSHHGFile.Resolution) -> ProjectedBin? {
        let key = BinKey(resolution: resolution, bin: bin)
        if let known = projected.withLock({ $0[key] }) { return known }
        let made = makeProjectedBin(bin, resolution: resolution)
        projected.withLock { $0[key] = made }
        return made
    }

    /// The first reason a file or bin could not be read this build ("…/binned_GSHHS_f.nc: …"), or `nil`.
    public func readFailure() -> String? {
        firstFailure.withLock { $0 }
    }

    private let firstFailure = Mutex<String?>(nil)

    private func noteFailure(_ error: GSHHGFile.Failure) {
        firstFailure.withLock { if $0 == nil { $0 = error.path + ": " + error.reason } }
    }

    private func makeProjectedBin(_ bin: Int, resolution: GSHHGFile.Resolution) -> ProjectedBin? {
        guard let coastlines = file(resolution) else { return nil }
        let segments: [GSHHGFile.CoastSegment]
        do { segments = try coastlines.coastSegments(ofBin: bin) } catch {
            noteFailure(error)
            return nil
        }
        let corner = coastlines.southWestCorner(ofBin: bin)
        let step = coastlines.binSize / 65535
        var projected = ProjectedBin()
        projected.middleX = (corner.longitude + coastlines.binSize / 2 + 180) / 360
        projected.rings = CoastlineAssembly.rings(segments: segments, corners: coastlines.cornerLevels(ofBin: bin)).map {
            ProjectedLine(level: $0.level, points: $0.points, corner: corner, step: step)
        }
        func lines(_ kind: GSHHGFile.Kind, levels: ClosedRange<Int>) -> [ProjectedLine] {
            // The line files share the coastline file's bins (same size, same numbering).
            guard let file = file(resolution, kind: kind), file.binSize == coastlines.binSize,
                let segments = try? file.lineSegments(ofBin: bin)
            else { return [] }
            return segments.filter { levels.contains($0.level) }.map {
                ProjectedLine(level: $0.level, points: $0.points, corner: corner, step: step)
            }
        }
        projected.rivers = lines(.rivers, levels: Self.riverLevels(at: resolution))
        projected.borders = lines(.borders, levels: Self.borderLevels(at: resolution))
        return projected
    }

    /// A basemap reading `folder`; `nil` when it holds no coastline file at all.
    public init?(folder: URL = standardFolder) {
        self.folder = folder
        installedResolutions = GSHHGFile.Resolution.allCases.filter {
            FileManager.default.fileExists(atPath: folder.appendingPathComponent("binned_GSHHS_\($0.rawValue).nc").path)
        }
        guard !installedResolutions.isEmpty else { return nil }
    }

    /// The resolution a view of `metresPerPixel` needs: the coarsest whose shorelines are finer
    /// than about two pixels (GSHHG's nominal accuracies: crude 25 km, low 5 km, intermediate 1 km,
    /// high 200 m, full 40 m), else the finest installed.
    public func resolution(forMetresPerPixel metresPerPixel: Double) -> GSHHGFile.Resolution {
        let wanted: GSHHGFile.Resolution = switch metresPerPixel {
        case 12_500...: .crude
        case 2_500...: .low
        case 500...: .intermediate
        case 100...: .high
        default: .full
        }
        return installedResolutions.last { $0 <= wanted } ?? installedResolutions[0]
    }

    /// The resolution `drawing(for: view)` draws `view` at: `resolution(forMetresPerPixel:)` of
    /// its scale.
    public func resolution(for view: MapView) -> GSHHGFile.Resolution {
        resolution(forMetresPerPixel: view.metresPerPixel)
    }

    /// The file of `kind` at `resolution`, opened once (`nil` when it is missing or unreadable).
    private func file(_ resolution: GSHHGFile.Resolution, kind: GSHHGFile.Kind = .coastlines) -> GSHHGFile? {
        files.withLock { files -> GSHHGFile? in
            let key = FileKey(kind: kind, resolution: resolution)
            if let open = files[key] { return open }
            var opened: GSHHGFile?
            do throws(GSHHGFile.Failure) { opened = try GSHHGFile(folder: folder, kind: kind, resolution: resolution) } catch {
                if kind == .coastlines { noteFailure(error) }
            }
            files[key] = opened
            return opened
        }
    }

    /// Border levels drawn at `resolution`: 1 national borders, and from the intermediate
    /// resolution on (a region, not a continent) 2, the state and province borders of the Americas.
    static func borderLevels(at resolution: GSHHGFile.Resolution) -> ClosedRange<Int> {
        resolution < .intermediate ? 1...1 : 1...2
    }

    /// River levels drawn at `resolution`: 1 permanent major rivers, and from the intermediate
    /// resolution on 2, additional major rivers — a world map with every river is a tangle.
    static func riverLevels(at resolution: GSHHGFile.Resolution) -> ClosedRange<Int> {
        resolution < .intermediate ? 1...1 : 1...2
    }

    /// The land and water of `view` in its pixels: the rings of every bin the view (with a margin
    /// of `margin` pixels) overlaps, at `resolution(forMetresPerPixel:)`, in Web Mercator pixels
    /// of the view (each bin taken the short way round from the view's centre, so a view across
    /// ±180° is whole), rings wholly outside the margin skipped by their bounding box, the others
    /// clipped to the view and its margin (`BasemapDrawing.clip`) and simplified to `tolerance`
    /// pixels (`PlanarDouglasPeucker`, half a pixel by default); with the major rivers and the
    /// borders of those bins (when their files are installed), clipped and simplified the same
    /// way. `nil` when the coastline file cannot be read.
    public func drawing(for view: MapView, margin: Double = 16, tolerance: Double = 0.5) -> BasemapDrawing? {
        let resolution = resolution(for: view)
        guard let file = file(resolution) else { return nil }
        let northWest = view.coordinate(atX: -margin, y: -margin)
        let southEast = view.coordinate(atX: view.width + margin, y: view.height + margin)
        let north = min(northWest.latitude, 90), south = max(southEast.latitude, -90)
        let firstRow = max(Int(((90 - north) / file.binSize).rounded(.down)), 0)
        let lastRow = min(Int(((90 - south) / file.binSize).rounded(.up)) - 1, file.rows - 1)
        // Columns from the west edge eastwards, as many as the view is wide (all when it wraps).
        let westEdge = view.center.longitude - (view.width / 2 + margin) * view.displayedSpan.longitudeDelta / view.width
        let width = view.displayedSpan.longitudeDelta * (view.width + 2 * margin) / view.width
        let firstColumn = Int((((westEdge.truncatingRemainder(dividingBy: 360)) + 360).truncatingRemainder(dividingBy: 360) / file.binSize)
            .rounded(.down))
        let columnCount = min(Int((width / file.binSize).rounded(.up)) + 1, file.columns)
        var drawing = BasemapDrawing(resolution: resolution)
        guard firstRow <= lastRow else { return drawing }
        let world = WebMercator.worldSize(zoom: view.zoom)
        let (originX, originY) = view.origin
        let centerX = (view.center.longitude + 180) / 360
        // The clip rectangle in zoom-0-scaled-to-1 units, for the bounding-box test.
        let (clipMinY, clipMaxY) = ((originY - margin) / world, (originY + view.height + margin) / world)
        for row in firstRow...lastRow {
            for offset in 0..<columnCount {
                guard let bin = projectedBin(file.binIndex(row: row, column: firstColumn + offset), resolution: resolution)
                else { return nil }
                // Whole turns that bring the bin nearest the view's centre.
                let turns = ((centerX - bin.middleX)).rounded()
                let (clipMinX, clipMaxX) = ((originX - margin) / world - turns, (originX + view.width + margin) / world - turns)
                func pixels(_ line: ProjectedLine) -> [BasemapDrawing.Point]? {
                    guard line.maxX >= clipMinX, line.minX <= clipMaxX, line.maxY >= clipMinY, line.minY <= clipMaxY else { return nil }
                    return zip(line.xs, line.ys).map { BasemapDrawing.Point(x: ($0 + turns) * world - originX, y: $1 * world - originY) }
                }
                for ring in bin.rings {
                    guard let points = pixels(ring) else { continue }
                    let clipped = BasemapDrawing.clip(points, toWidth: view.width, height: view.height, margin: margin)
                    let simplified = BasemapDrawing.simplified(ring: clipped, tolerance: tolerance)
                    if simplified.count >= 3 { drawing.rings.append(BasemapDrawing.Ring(level: ring.level, points: simplified)) }
                }
                for (lines, kind) in [(bin.rivers, \BasemapDrawing.rivers), (bin.borders, \BasemapDrawing.borders)] {
                    for line in lines {
                        guard let points = pixels(line) else { continue }
                        for piece in BasemapDrawing.clip(line: points, toWidth: view.width, height: view.height, margin: margin) {
                            drawing[keyPath: kind].append(BasemapDrawing.simplified(line: piece, tolerance: tolerance))
                        }
                    }
                }
            }
        }
        drawing.rings = drawing.rings.enumerated().sorted { ($0.element.level, $0.offset) < ($1.element.level, $1.offset) }
            .map(\.element)
        return drawing
    }
}

/// The basemap of one map view (`Basemap.drawing(for:)`): rings in the view's pixels, in painting
/// order (ascending level: land 1, lake 2, island in a lake 3, pond 4, over the sea).
public struct BasemapDrawing: Sendable, Hashable {
    /// A point in viewport pixels.
    public typealias Point = ViewportPoint

    /// A closed ring and its GSHHG level.
    public struct Ring: Sendable, Hashable {
        public var level: Int
        public var points: [Point]

        /// A closed ring of GSHHG `level` (1 land, 2 lake, 3 island in a lake, 4 pond) through
        /// `points`, the first not repeated at the end.
        public init(level: Int, points: [Point]) {
            self.level = level
            self.points = points
        }
    }

    /// The GSHHG resolution drawn.
    public var resolution: GSHHGFile.Resolution
    /// The rings, in painting order.
    public var rings: [Ring] = []
    /// Major rivers (`Basemap.riverLevels(at:)`), as open lines.
    public var rivers: [[Point]] = []
    /// National borders, and the Americas' state borders at regional scale
    /// (`Basemap.borderLevels(at:)`), as open lines.
    public var borders: [[Point]] = []

    /// A drawing at `resolution` of `rings` (in painting order), `rivers` and `borders`.
    public init(resolution: GSHHGFile.Resolution, rings: [Ring] = [], rivers: [[Point]] = [], borders: [[Point]] = []) {
        self.resolution = resolution
        self.rings = rings
        self.rivers = rivers
        self.borders = borders
    }

    /// The open `line` simplified to `tolerance` pixels (`PlanarDouglasPeucker`; ends kept).
    static func simplified(line: [Point], tolerance: Double) -> [Point] {
        let keep = PlanarDouglasPeucker.kept(count: line.count, tolerance: tolerance, x: { line[$0].x }, y: { line[$0].y })
        return line.indices.filter { keep[$0] }.map { line[$0] }
    }

    /// The closed `ring` (first point not repeated) simplified to `tolerance` pixels: Douglas–Peucker
    /// on the ring opened at its first point and closed by repeating it, so every part of the
    /// outline, the closing edge included, stays within `tolerance` of the original.
    static func simplified(ring: [Point], tolerance: Double) -> [Point] {
        guard ring.count > 3 else { return ring }
        let count = ring.count + 1
        let keep = PlanarDouglasPeucker.kept(
            count: count, tolerance: tolerance, x: { ring[$0 % ring.count].x }, y: { ring[$0 % ring.count].y })
        return ring.indices.filter { keep[$0] }.map { ring[$0] }
    }

    /// The pieces of the open `line` inside the rectangle of `clip(_:toWidth:height:margin:)`:
    /// each segment clipped with Liang–Barsky (Liang & Barsky, "A new concept and method for line
    /// clipping", ACM TOG 3(1), 1984), a new piece wherever the line leaves and comes back.
    public static func clip(line: [Point], toWidth width: Double, height: Double, margin: Double) -> [[Point]] {
        let (left, top, right, bottom) = (-margin, -margin, width + margin, height + margin)
        var pieces: [[Point]] = []
        var current: [Point] = []
        for (a, b) in zip(line, line.dropFirst()) {
            let (dx, dy) = (b.x - a.x, b.y - a.y)
            var (enter, leave) = (0.0, 1.0)
            var visible = true
            for (p, q) in [(-dx, a.x - left), (dx, right - a.x), (-dy, a.y - top), (dy, bottom - a.y)] {
                if p == 0 {
                    if q < 0 { visible = false }
                } else {
                    let t = q / p
                    if p < 0 { enter = max(enter, t) } else { leave = min(leave, t) }
                }
            }
            guard visible, enter <= leave else {
                if current.count >= 2 { pieces.append(current) }
                current = []
                continue
            }
            let start = Point(x: a.x + enter * dx, y: a.y + enter * dy)
            let end = Point(x: a.x + leave * dx, y: a.y + leave * dy)
            if current.last != start {
                if current.count >= 2 { pieces.append(current) }
                current = [start]
            }
            current.append(end)
            if leave < 1 {
                pieces.append(current)
                current = []
            }
        }
        if current.count >= 2 { pieces.append(current) }
        return pieces
    }

    /// The level drawn at pixel (`x`, `y`): the highest of the rings around it, 0 (sea) when none.
    public func level(atX x: Double, y: Double) -> Int {
        rings.filter { CoastlineAssembly.contains($0.points, (x, y)) { ($0.x, $0.y) } }.map(\.level).max() ?? 0
    }

    /// `ring` clipped to the rectangle from (−margin, −margin) to (width + margin, height +
    /// margin): Sutherland–Hodgman polygon clipping (Sutherland & Hodgman, "Reentrant polygon
    /// clipping", CACM 17(1), 1974), one edge of the rectangle at a time. What lies outside is cut
    /// off along the rectangle's edges, so a ring's fill inside the rectangle is unchanged (a ring
    /// that leaves and comes back gets edges along the border, outside the view when `margin` > 0).
    public static func clip(_ ring: [Point], toWidth width: Double, height: Double, margin: Double) -> [Point] {
        let (left, top, right, bottom) = (-margin, -margin, width + margin, height + margin)
        // Each edge: whether a point is inside, and where a segment crosses it.
        let edges: [((Point) -> Bool, (Point, Point) -> Point)] = [
            ({ $0.x >= left }, { a, b in Point(x: left, y: a.y + (b.y - a.y) * (left - a.x) / (b.x - a.x)) }),
            ({ $0.x <= right }, { a, b in Point(x: right, y: a.y + (b.y - a.y) * (right - a.x) / (b.x - a.x)) }),
            ({ $0.y >= top }, { a, b in Point(x: a.x + (b.x - a.x) * (top - a.y) / (b.y - a.y), y: top) }),
            ({ $0.y <= bottom }, { a, b in Point(x: a.x + (b.x - a.x) * (bottom - a.y) / (b.y - a.y), y: bottom) }),
        ]
        var output = ring
        for (isInside, crossing) in edges {
            guard let last = output.last else { return [] }
            let input = output
            output = []
            output.reserveCapacity(input.count)
            var previous = last
            for point in input {
                switch (isInside(previous), isInside(point)) {
                case (true, true): output.append(point)
                case (true, false): output.append(crossing(previous, point))
                case (false, true):
                    output.append(crossing(previous, point))
                    output.append(point)
                case (false, false): break
                }
                previous = point
            }
        }
        return output
    }
}
