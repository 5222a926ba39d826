import RoadTripCore

/// A copy of a ``Gazetteer``'s cities and spatial index as plain arrays, which a later process
/// loads (``Gazetteer/init(snapshot:)``) in a few milliseconds instead of asking libgeonames for
/// its 24,361 cities one at a time and building the k-d tree again (~25–40 ms of CPU, measured on
/// this project's 2-core VM). Made by ``Gazetteer/snapshot``; kept on disk by the site builder
/// (`GazetteerSnapshotFile`), which says under which libgeonames it was made.
///
/// City `i` has its coordinate at `latitudes[i]`, `longitudes[i]` (degrees), its population at
/// `populations[i]`, and its five strings — locality, state, country, ISO country code, IANA time
/// zone, in that order — as UTF-8 in `text`, field `f` from `textOffsets[5 i + f]` to
/// `textOffsets[5 i + f + 1]`. `treeOrder` and `splitAxes` are the index's
/// (``PlacemarkIndex/treeOrder``).
public struct GazetteerSnapshot: Sendable, Equatable {
    /// The strings of a city, in order: locality, state, country, country code, time zone.
    public static let fieldsPerCity = 5

    public var latitudes: [Double]
    public var longitudes: [Double]
    public var populations: [Int64]
    /// `fieldsPerCity × count + 1` offsets into `text`, from 0 to `text.count`, never decreasing.
    public var textOffsets: [UInt32]
    public var text: [UInt8]
    public var treeOrder: [Int32]
    public var splitAxes: [UInt8]

    public init(
        latitudes: [Double], longitudes: [Double], populations: [Int64], textOffsets: [UInt32], text: [UInt8],
        treeOrder: [Int32], splitAxes: [UInt8]
    ) {
        self.latitudes = latitudes
        self.longitudes = longitudes
        self.populations = populations
        self.textOffsets = textOffsets
        self.text = text
        self.treeOrder = treeOrder
        self.splitAxes = splitAxes
    }

    /// The number of cities.
    public var count: Int { latitudes.count }

    /// Whether the arrays fit together: at least one city (a gazetteer without cities comes from
    /// a missing libgeonames, never from a kept copy); as many coordinates, populations, tree slots
    /// and axes as cities; offsets that start at 0, never decrease and end at the end of `text`,
    /// each field valid UTF-8. (The tree itself is checked by
    /// ``PlacemarkIndex/init(coordinates:treeOrder:splitAxes:)``.)
    var isConsistent: Bool {
        let count = latitudes.count
        guard count > 0, longitudes.count == count, populations.count == count, treeOrder.count == count,
              splitAxes.count == count, textOffsets.count == Self.fieldsPerCity * count + 1,
              textOffsets.first == 0, textOffsets.last.map({ Int($0) == text.count }) == true,
              zip(textOffsets, textOffsets.dropFirst()).allSatisfy({ $0 <= $1 })
        else { return false }
        // Every field is whole UTF-8 when the text is and no field starts inside a character.
        return String(validating: text, as: UTF8.self) != nil
            && textOffsets.allSatisfy { offset in Int(offset) == text.count || text[Int(offset)] & 0xC0 != 0x80 }
    }

    /// The coordinates of every city, by index.
    var coordinates: [Coordinate] {
        zip(latitudes, longitudes).map { Coordinate(latitude: $0, longitude: $1) }
    }

    /// City `position` as a placemark (`distance` 0, no `queriedCoordinate`); a field that is not
    /// valid UTF-8 has its bad bytes replaced by U+FFFD. `position` must be below ``count`` and the
    /// snapshot ``isConsistent``.
    func city(at position: Int) -> Placemark {
        func field(_ number: Int) -> String {
            let slot = Self.fieldsPerCity * position + number
            return String(decoding: text[Int(textOffsets[slot])..<Int(textOffsets[slot + 1])], as: UTF8.self)
        }
        return Placemark(
            locality: field(0), state: field(1), country: field(2), countryCode: field(3), timeZone: field(4),
            coordinate: Coordinate(latitude: latitudes[position], longitude: longitudes[position]),
            population: Int(populations[position]))
    }

    /// A snapshot of `cities` (in their order) with `index` built over their coordinates.
    init(cities: [Placemark], index: PlacemarkIndex) {
        var offsets: [UInt32] = [0]
        offsets.reserveCapacity(Self.fieldsPerCity * cities.count + 1)
        var text: [UInt8] = []
        for city in cities {
            for field in [city.locality, city.state, city.country, city.countryCode, city.timeZone] {
                text.append(contentsOf: field.utf8)
                offsets.append(UInt32(text.count))
            }
        }
        self.init(
            latitudes: cities.map(\.coordinate.latitude), longitudes: cities.map(\.coordinate.longitude),
            populations: cities.map { Int64($0.population) }, textOffsets: offsets, text: text,
            treeOrder: index.treeOrder, splitAxes: index.splitAxes)
    }
}
