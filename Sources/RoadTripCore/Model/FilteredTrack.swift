import Foundation

/// The fixes a trip log keeps after filtering, in travel order, split into segments (the log's own
/// segments and the location filter's gaps): what the trip page, its map, `track.geojson`,
/// `track.gpx` and the photo and event placement read.
///
/// Two storages, chosen when the track is made:
/// - **whole samples** (`init(segments:)`, `init(keepingWholeSamples: true, …)`): every field of
///   every `LocationSample`, for `roadtrip trip filter`'s JSON and CSV output;
/// - **columns** (the default of a build): per fix only what a site shows — latitude, longitude and
///   time (8-byte `Double`s, exact), altitude (`Double`, metres, exact) and course (`Float`, degrees,
///   to about 10⁻⁵°) — 36 bytes a fix instead of a `LocationSample`'s 129 plus an array's, so a
///   1,000,000-fix recording takes 36 MB. `horizontalAccuracy`, `verticalAccuracy`, `speed` and
///   `line` are not kept: the filters and the statistics used them before the fix was stored. A
///   sample read back (`sample(at:)`) has them `nil` and its `segment` set to its filtered
///   segment's 0-based index.
///
/// Segments are never empty.
public struct FilteredTrack: Sendable, Equatable {
    private enum Storage: Sendable, Equatable {
        case wholeSamples([LocationSample])
        case columns(Columns)
    }

    /// One array per field, `Double.nan` / `Float.nan` for a missing value.
    private struct Columns: Sendable, Equatable {
        var latitudes: [Double] = []
        var longitudes: [Double] = []
        /// Seconds since 2001-01-01 00:00:00 UTC (`Date.timeIntervalSinceReferenceDate`).
        var times: [Double] = []
        var altitudes: [Double] = []
        /// Empty while no fix has a course (most logs have none): 4 bytes a fix saved.
        var courses: [Float] = []

        static func == (lhs: Columns, rhs: Columns) -> Bool {
            func same<T: BinaryFloatingPoint>(_ a: [T], _ b: [T]) -> Bool {
                a.count == b.count && zip(a, b).allSatisfy { $0 == $1 || ($0.isNaN && $1.isNaN) }
            }
            func courses(_ columns: Columns) -> [Float] {
                columns.courses.isEmpty ? Array(repeating: .nan, count: columns.latitudes.count) : columns.courses
            }
            return same(lhs.latitudes, rhs.latitudes) && same(lhs.longitudes, rhs.longitudes)
                && same(lhs.times, rhs.times) && same(lhs.altitudes, rhs.altitudes) && same(courses(lhs), courses(rhs))
        }
    }

    private var storage: Storage
    /// The index of each segment's first fix, ascending; the first is 0 when the track has fixes.
    private var segmentStarts: [Int] = []

    /// An empty track that will store `capacity` fixes (an upper bound, such as the number of fixes
    /// read) without reallocating, as whole samples or as columns (see the type).
    public init(keepingWholeSamples: Bool = false, reservingCapacity capacity: Int = 0) {
        if keepingWholeSamples {
            var samples: [LocationSample] = []
            samples.reserveCapacity(capacity)
            storage = .wholeSamples(samples)
        } else {
            var columns = Columns()
            columns.latitudes.reserveCapacity(capacity)
            columns.longitudes.reserveCapacity(capacity)
            columns.times.reserveCapacity(capacity)
            columns.altitudes.reserveCapacity(capacity)
            storage = .columns(columns)
        }
    }

    /// A track of whole samples holding `segments` in order (empty segments are left out).
    public init(segments: [[LocationSample]]) {
        self.init(keepingWholeSamples: true, reservingCapacity: segments.reduce(0) { $0 + $1.count })
        for segment in segments {
            for (index, fix) in segment.enumerated() { append(fix, opensSegment: index == 0) }
        }
    }

    /// Adds `fix` at the end: as the first fix of a new segment when `opensSegment` (or when the
    /// track is empty), else to the last segment.
    public mutating func append(_ fix: LocationSample, opensSegment: Bool) {
        let index = count
        if opensSegment || index == 0 { segmentStarts.append(index) }
        switch storage {
        case .wholeSamples(var samples):
            storage = .columns(Columns())  // releases the array's reference so the append does not copy it
            samples.append(fix)
            storage = .wholeSamples(samples)
        case .columns(var columns):
            storage = .columns(Columns())
            columns.latitudes.append(fix.coordinate.latitude)
            columns.longitudes.append(fix.coordinate.longitude)
            columns.times.append(fix.timestamp?.timeIntervalSinceReferenceDate ?? .nan)
            columns.altitudes.append(fix.altitude ?? .nan)
            if let course = fix.course, columns.courses.isEmpty {
                columns.courses.reserveCapacity(columns.latitudes.capacity)
                columns.courses += repeatElement(.nan, count: index)
                columns.courses.append(Float(course))
            } else if !columns.courses.isEmpty {
                columns.courses.append(fix.course.map(Float.init) ?? .nan)
            }
            storage = .columns(columns)
        }
    }

    /// Whether every field of every fix is kept (see the type).
    public var keepsWholeSamples: Bool {
        if case .wholeSamples = storage { return true }
        return false
    }

    /// The number of fixes.
    public var count: Int {
        switch storage {
        case .wholeSamples(let samples): return samples.count
        case .columns(let columns): return columns.latitudes.count
        }
    }

    /// Whether the track has no fix.
    public var isEmpty: Bool { count == 0 }

    /// The fix at `index` (0 ..< `count`); from columns, with the fields described in the type.
    public func sample(at index: Int) -> LocationSample {
        switch storage {
        case .wholeSamples(let samples):
            return samples[index]
        case .columns(let columns):
            return LocationSample(
                timestamp: Self.present(columns.times[index]).map(Date.init(timeIntervalSinceReferenceDate:)),
                coordinate: Coordinate(latitude: columns.latitudes[index], longitude: columns.longitudes[index]),
                altitude: Self.present(columns.altitudes[index]), course: course(at: index),
                segment: segmentIndex(ofFixAt: index))
        }
    }

    /// The coordinate of the fix at `index`, degrees.
    public func coordinate(at index: Int) -> Coordinate {
        switch storage {
        case .wholeSamples(let samples): return samples[index].coordinate
        case .columns(let columns):
            return Coordinate(latitude: columns.latitudes[index], longitude: columns.longitudes[index])
        }
    }

    /// The time of the fix at `index` in seconds since 2001-01-01 00:00:00 UTC, or `nil` when it
    /// has none.
    public func time(at index: Int) -> Double? {
        switch storage {
        case .wholeSamples(let samples): return samples[index].timestamp?.timeIntervalSinceReferenceDate
        case .columns(let columns): return Self.present(columns.times[index])
        }
    }

    /// The altitude of the fix at `index` in metres, or `nil` when it has none.
    public func altitude(at index: Int) -> Double? {
        switch storage {
        case .wholeSamples(let samples): return samples[index].altitude
        case .columns(let columns): return Self.present(columns.altitudes[index])
        }
    }

    /// The course of the fix at `index` in degrees (negative: invalid), or `nil` when it has none.
    public func course(at index: Int) -> Double? {
        switch storage {
        case .wholeSamples(let samples): return samples[index].course
        case .columns(let columns): return columns.courses.isEmpty ? nil : Self.present(Double(columns.courses[index]))
        }
    }

    /// A column's value, `nil` for its NaN ("none").
    private static func present(_ value: Double) -> Double? { value.isNaN ? nil : value }

    /// The 0-based segment of the fix at `index`.
    public func segmentIndex(ofFixAt index: Int) -> Int {
        SortedSearch.lastPosition(atMost: index, count: segmentStarts.count) { segmentStarts[$0] }
    }

    /// The first fix, or `nil` for an empty track.
    public var first: LocationSample? { isEmpty ? nil : sample(at: 0) }
    /// The last fix, or `nil` for an empty track.
    public var last: LocationSample? { isEmpty ? nil : sample(at: count - 1) }

    /// The fix indices of each segment, in order.
    public var segmentRanges: [Range<Int>] {
        segmentStarts.indices.map { index in
            segmentStarts[index]..<(index + 1 < segmentStarts.count ? segmentStarts[index + 1] : count)
        }
    }

    /// The segments, each a collection of its fixes (`sample(at:)`), without copying them.
    public var segments: Segments { Segments(track: self) }

    /// The segments of a `FilteredTrack`, in order.
    public struct Segments: RandomAccessCollection, Sendable {
        let track: FilteredTrack
        public var startIndex: Int { 0 }
        public var endIndex: Int { track.segmentStarts.count }
        /// The segment at `position` (0 ..< `count`).
        public subscript(position: Int) -> Segment {
            let starts = track.segmentStarts
            let end = position + 1 < starts.count ? starts[position + 1] : track.count
            return Segment(track: track, fixes: starts[position]..<end)
        }
    }

    /// One segment of a `FilteredTrack`: its fixes in order, indexed from 0.
    public struct Segment: RandomAccessCollection, Sendable {
        let track: FilteredTrack
        /// The fixes' indices in the whole track.
        public let fixes: Range<Int>
        public var startIndex: Int { 0 }
        public var endIndex: Int { fixes.count }
        /// The fix at `position` (0 ..< `count`) of this segment.
        public subscript(position: Int) -> LocationSample { track.sample(at: fixes.lowerBound + position) }
        /// The segment's coordinates, degrees, without making samples.
        public var coordinates: LazyMapCollection<Range<Int>, Coordinate> {
            let track = track
            return fixes.lazy.map { track.coordinate(at: $0) }
        }
    }
}
