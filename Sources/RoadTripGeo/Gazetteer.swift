internal import CGeonames
internal import CLibraryLoader
import Foundation
import Synchronization
import RoadTripCore

/// The offline gazetteer: Debian's libgeonames (GeoNames' `cities15000`, 24,361 cities with at
/// least 15,000 inhabitants in libgeonames 0.3) for forward and reverse geocoding, with no network
/// and no API key.
///
/// This is the only file that touches `CGeonames`; no C pointer leaves it. A build only asks for
/// the nearest towns of its destinations, so `shared` copies out of libgeonames just what the
/// spatial index needs — each city's coordinate — and makes a city's `Placemark` (its five
/// strings) when a lookup returns it. Every city as a `Placemark` (`cities`) is copied on the
/// first forward lookup or use of `cities`. A gazetteer made from a ``GazetteerSnapshot``
/// (``init(snapshot:)``) never calls libgeonames. A `Gazetteer` is safe to share across threads:
/// the copies are made once, and every call into libgeonames holds one lock.
public struct Gazetteer: Sendable {
    /// Every libgeonames city's coordinate and the spatial index, loaded once on first use
    /// (thread-safe, immutable afterwards). Empty when the library has no data: check `isEmpty`
    /// and report `missingDataMessage`.
    public static let shared = Gazetteer(loadingLibgeonames: ())

    /// The identity of libgeonames' library file as loaded into this process, which holds its
    /// cities (compiled in as a GResource): its canonical path, then device, inode, size,
    /// modification and status-change times (`FileIdentity`). The file is the one dladdr(3) names
    /// for `geonames_get_n_cities`, with its links resolved (`rt_library_path_of`) — the path
    /// `/proc/self/maps` shows — and a new libgeonames installed is a new file. `nil` when it cannot
    /// be found.
    ///
    /// dladdr rather than reading `/proc/self/maps`: once libproj's 43 libraries are loaded that
    /// file is long, and splitting it into lines cost a 250-destination build 17 million
    /// instructions (callgrind).
    public static let libraryIdentity: String? = {
        let function: @convention(c) () -> Int32 = geonames_get_n_cities
        guard let canonical = rt_library_path_of(unsafeBitCast(function, to: UnsafeRawPointer.self)) else { return nil }
        defer { free(canonical) }
        let path = String(cString: canonical)
        return FileIdentity.of(path: path).map { path + ":" + $0 }
    }()

    /// What to tell the user when `shared` is empty.
    public static let missingDataMessage =
        "libgeonames has no cities: install Debian's libgeonames0 and libgeonames-common (libgeonames-dev brings both)"

    /// Serialises the calls into libgeonames (its lazy loading is not documented as thread-safe).
    private static let library = Mutex(())

    /// The cities in libgeonames' order (its indices); `distance` 0, no `queriedCoordinate`.
    /// Copied on first use (out of libgeonames: ~50 ms for 24,361 cities), after which a lookup is
    /// an array access.
    public var cities: [Placemark] { table.all }

    /// Wall-clock time spent copying the coordinates out of libgeonames (or the snapshot) and
    /// building (or checking) the index.
    public let loadDuration: Duration
    /// The spatial index over the cities' coordinates, built once.
    public let index: PlacemarkIndex
    /// Where the cities' strings come from, with what is derived from them on first use.
    private let table: CityTable

    /// `true` when no city was loaded (libgeonames' data is missing).
    public var isEmpty: Bool { index.coordinates.isEmpty }

    /// Copies the coordinates only: of what a city holds, that is all the index needs, and a third
    /// of the cost of copying its strings too (24,361 cities from C, -O2: 17 ms against 49 ms).
    private init(loadingLibgeonames: Void) {
        let clock = ContinuousClock()
        let start = clock.now
        let coordinates = Self.library.withLock { _ in
            (0..<Int(max(geonames_get_n_cities(), 0))).map { position -> Coordinate in
                guard let city = geonames_get_city(Int32(position)) else { return Coordinate(latitude: .nan, longitude: .nan) }
                defer { geonames_city_free(city) }
                return Coordinate(latitude: geonames_city_get_latitude(city), longitude: geonames_city_get_longitude(city))
            }
        }
        index = PlacemarkIndex(coordinates: coordinates)
        table = CityTable(.libgeonames(count: coordinates.count))
        loadDuration = clock.now - start
    }

    /// The gazetteer `snapshot` holds (``snapshot``, made by another process): the same answers as
    /// the gazetteer it was made from, without calling libgeonames. `nil` when its arrays do not
    /// fit together or its tree is not a k-d tree over its coordinates
    /// (``PlacemarkIndex/init(coordinates:treeOrder:splitAxes:)``). Checked in O(n): ~4 ms for
    /// 24,361 cities.
    public init?(snapshot: GazetteerSnapshot) {
        let clock = ContinuousClock()
        let start = clock.now
        guard snapshot.isConsistent,
              let index = PlacemarkIndex(coordinates: snapshot.coordinates, treeOrder: snapshot.treeOrder, splitAxes: snapshot.splitAxes)
        else { return nil }
        self.index = index
        table = CityTable(.snapshot(snapshot))
        loadDuration = clock.now - start
    }

    /// Every city and the index as plain arrays, for ``init(snapshot:)`` in a later process. Copies
    /// every city's strings (out of libgeonames: ~40 ms).
    public var snapshot: GazetteerSnapshot {
        if case .snapshot(let snapshot) = table.source { return snapshot }
        return GazetteerSnapshot(cities: cities, index: index)
    }

    /// The city at libgeonames' index `position` as a `Placemark`, copied now (call with `library` held).
    private static func copyCity(at position: Int) -> Placemark {
        guard let city = geonames_get_city(Int32(position)) else {
            return Placemark(locality: "", state: "", country: "", countryCode: "", timeZone: "",
                coordinate: Coordinate(latitude: .nan, longitude: .nan), population: 0)
        }
        defer { geonames_city_free(city) }
        func text(_ value: UnsafePointer<CChar>?) -> String { value.map { String(cString: $0) } ?? "" }
        return Placemark(
            locality: text(geonames_city_get_name(city)),
            state: text(geonames_city_get_state(city)),
            country: text(geonames_city_get_country(city)),
            countryCode: text(geonames_city_get_country_code(city)),
            timeZone: text(geonames_city_get_timezone(city)),
            coordinate: Coordinate(
                latitude: geonames_city_get_latitude(city), longitude: geonames_city_get_longitude(city)),
            population: Int(geonames_city_get_population(city)))
    }

    /// The city at `position` as `cities[position]` holds it, without copying every city.
    func city(at position: Int) -> Placemark { table.city(at: position) }

    /// A gazetteer's cities: where their strings come from, and what is derived from all of them,
    /// made once on first use (a build that only reverse-geocodes never pays for it).
    private final class CityTable: Sendable {
        enum Source: Sendable {
            /// libgeonames' cities, `count` of them.
            case libgeonames(count: Int)
            /// A snapshot's (``GazetteerSnapshot/isConsistent``).
            case snapshot(GazetteerSnapshot)
        }

        let source: Source
        /// Every city as a placemark, by index.
        private let allCities = Mutex<[Placemark]?>(nil)
        /// `PlaceNameKey.key` of every city's name, by index.
        private let nameKeysByCity = Mutex<[String]?>(nil)
        /// The indices of the cities whose name has each key (ascending). A forward lookup is one
        /// dictionary lookup here; libgeonames' `geonames_query_cities_sync` tokenizes and folds
        /// all 24,361 names on every call (about 130 ms each, measured with libgeonames 0.3.0 from
        /// C, -O2), and a build asks it once or twice per `location:`.
        private let citiesByKey = Mutex<[String: [Int]]?>(nil)

        init(_ source: Source) { self.source = source }

        func city(at position: Int) -> Placemark {
            switch source {
            case .libgeonames: return Gazetteer.library.withLock { _ in Gazetteer.copyCity(at: position) }
            case .snapshot(let snapshot): return snapshot.city(at: position)
            }
        }

        var all: [Placemark] {
            allCities.withLock { all in
                if let all { return all }
                let made: [Placemark]
                switch source {
                case .libgeonames(let count):
                    made = Gazetteer.library.withLock { _ in (0..<count).map { Gazetteer.copyCity(at: $0) } }
                case .snapshot(let snapshot):
                    made = (0..<snapshot.count).map { snapshot.city(at: $0) }
                }
                all = made
                return made
            }
        }

        var nameKeys: [String] {
            nameKeysByCity.withLock { keys in
                if let keys { return keys }
                let made = all.map { PlaceNameKey.key($0.locality) }
                keys = made
                return made
            }
        }

        var citiesByNameKey: [String: [Int]] {
            citiesByKey.withLock { byKey in
                if let byKey { return byKey }
                let keys = nameKeys
                let made = Dictionary(grouping: keys.indices, by: { keys[$0] })
                byKey = made
                return made
            }
        }
    }

    // MARK: - Reverse geocoding

    /// The nearest city to `coordinate` (degrees) by geodesic distance on WGS 84, through the
    /// spatial index (`PlacemarkIndex`; exact, equal to `linearScan`). The placemark's `distance`
    /// is the metres to the city and `queriedCoordinate` is `coordinate`. nil when the gazetteer
    /// is empty or the coordinate is not usable (latitude outside ±90°, a non-finite value).
    public func reverse(_ coordinate: Coordinate) -> Placemark? {
        index.nearest(to: coordinate).map { placemark(at: $0.index, distance: $0.distance, queried: coordinate) }
    }

    /// `reverse` by brute force: the geodesic distance to every city (ties: the first city). For
    /// tests and the benchmark.
    public func linearScan(_ coordinate: Coordinate) -> Placemark? {
        index.linearScan(coordinate).map { placemark(at: $0.index, distance: $0.distance, queried: coordinate) }
    }

    private func placemark(at index: Int, distance: Double, queried: Coordinate) -> Placemark {
        var placemark = city(at: index)
        placemark.distance = distance
        placemark.queriedCoordinate = queried
        return placemark
    }

    // MARK: - Forward geocoding

    /// At most this many suggestions for a name that matched nothing.
    public static let suggestionLimit = 3

    /// The city named by `query`: "Name", "Name, Qualifier" or "Name, Qualifier, Qualifier"
    /// ("Tromso", "Portland, Oregon", "Portland, Maine, US").
    ///
    /// - The name must match a city's whole name, case-, diacritic- and punctuation-insensitively
    ///   (`PlaceNameKey`): "Portland" finds neither "South Portland" nor "Port Said"
    ///   (the table's `citiesByNameKey` holds the candidates).
    /// - Each qualifier must name the city's state, country or ISO country code, the same
    ///   insensitive way, either exactly ("Oregon", "US", "Norway") or as whole words of it
    ///   ("Maine" for "State of Maine", "United States" for "United States of America"); when some
    ///   candidates match a qualifier exactly, only those are kept.
    /// - Several cities left: the most populous wins, the rest are `alternatives`.
    /// - None: `suggestions`, up to `suggestionLimit` cities whose names are nearest by edit
    ///   distance (at most max(2, ⌊length / 3⌋) edits), those satisfying the qualifiers first,
    ///   then the more populous.
    public func forward(_ query: String) -> ForwardResult {
        let rawParts = query.split(separator: ",", omittingEmptySubsequences: false)
        let parts = rawParts.map { PlaceNameKey.key(String($0)) }
        let nameKey = parts.first ?? ""
        let qualifiers = parts.dropFirst().filter { !$0.isEmpty }
        guard !nameKey.isEmpty, !isEmpty else { return ForwardResult(query: query, placemark: nil) }

        var candidates = table.citiesByNameKey[nameKey] ?? []
        for qualifier in qualifiers {
            let strengths = candidates.map { (index: $0, strength: qualifierMatch(qualifier, city: $0)) }
            let best = strengths.compactMap(\.strength).max()
            candidates = strengths.filter { $0.strength != nil && $0.strength == best }.map(\.index)
        }
        let ranked = candidates.sorted { byPopulation($0, $1) }.map { cities[$0] }
        if let first = ranked.first {
            return ForwardResult(query: query, placemark: first, alternatives: Array(ranked.dropFirst()))
        }
        return ForwardResult(query: query, placemark: nil, suggestions: suggestions(for: nameKey, qualifiers: qualifiers))
    }

    /// The strongest match of a qualifier key against the city's state, country or country code.
    private func qualifierMatch(_ qualifier: String, city index: Int) -> PlaceNameKey.QualifierMatch? {
        let city = cities[index]
        return [city.state, city.country, city.countryCode]
            .compactMap { PlaceNameKey.match(qualifier: qualifier, field: PlaceNameKey.key($0)) }
            .max()
    }

    /// More inhabitants first; ties in libgeonames' order.
    private func byPopulation(_ a: Int, _ b: Int) -> Bool {
        cities[a].population != cities[b].population ? cities[a].population > cities[b].population : a < b
    }

    private func suggestions(for nameKey: String, qualifiers: [String]) -> [Placemark] {
        let target = Array(nameKey.unicodeScalars)
        let limit = max(2, target.count / 3)
        var seen = Set<String>()
        let nameKeys = table.nameKeys
        let scored = nameKeys.indices.compactMap { index -> (index: Int, distance: Int, qualified: Bool)? in
            guard let distance = PlaceNameKey.editDistance(target, Array(nameKeys[index].unicodeScalars), limit: limit)
            else { return nil }
            let qualified = qualifiers.allSatisfy { qualifierMatch($0, city: index) != nil }
            return (index, distance, qualified)
        }
        return scored
            .sorted {
                if $0.distance != $1.distance { return $0.distance < $1.distance }
                if $0.qualified != $1.qualified { return $0.qualified }
                return byPopulation($0.index, $1.index)
            }
            .map { cities[$0.index] }
            .filter { seen.insert($0.fullName).inserted }
            .prefix(Self.suggestionLimit)
            .map { $0 }
    }
}
