import Foundation
import RoadTripCore
import RoadTripCompute

/// A digest of the values a group of site-wide files is rendered from (``SiteFileGroup/key``).
///
/// The values are appended one after another in an order fixed by the caller: text as its UTF-8
/// bytes ended by 0xFF (a byte UTF-8 never contains), an absent text as 0xFE (neither), integers as
/// 8 bytes, floating-point numbers as the 8 bytes of their bit pattern (so `-0.0` and `0.0`, which
/// a page may print differently, differ), lists preceded by their count — so two different sequences
/// of values give different bytes. ``hex`` is the XXH3-64 hash of those bytes
/// (``ContentHash/hex64(bytes:)``), 16 hexadecimal digits.
package struct ContentDigest: Sendable {
    private var bytes: [UInt8] = []

    /// An empty digest, starting with `label` (which group of files it keys).
    package init(_ label: String) {
        bytes.reserveCapacity(1024)
        add(label)
    }

    /// The XXH3-64 hash of the values appended, 16 hexadecimal digits.
    package var hex: String { ContentHash.hex(value) }

    /// The XXH3-64 hash of the values appended.
    package var value: UInt64 { bytes.withUnsafeBytes { ContentHash.value64(bytes: $0) } }

    /// Another digest's ``value``, as its 8 bytes (a part digested once and joined into several keys).
    package mutating func add(hash: UInt64) {
        withUnsafeBytes(of: hash.littleEndian) { bytes.append(contentsOf: $0) }
    }

    package mutating func add(_ text: String) {
        bytes.append(contentsOf: text.utf8)
        bytes.append(0xFF)
    }

    package mutating func add(_ text: String?) {
        if let text { add(text) } else { bytes.append(0xFE) }
    }

    package mutating func add(_ number: Int) {
        withUnsafeBytes(of: Int64(number).littleEndian) { bytes.append(contentsOf: $0) }
    }

    package mutating func add(_ number: Int?) {
        bytes.append(number == nil ? 0 : 1)
        if let number { add(number) }
    }

    package mutating func add(_ number: Double) {
        withUnsafeBytes(of: number.bitPattern.littleEndian) { bytes.append(contentsOf: $0) }
    }

    package mutating func add(_ number: Double?) {
        bytes.append(number == nil ? 0 : 1)
        if let number { add(number) }
    }

    package mutating func add(_ flag: Bool) { bytes.append(flag ? 1 : 0) }

    package mutating func add(_ coordinate: Coordinate) {
        add(coordinate.latitude)
        add(coordinate.longitude)
    }

    /// The same bytes as `add(_:)` of each coordinate in turn, laid out first and appended at
    /// once: a 4,000-stop itinerary's legs hold hundreds of thousands of points, digested while
    /// the render step waits (~15 ms one coordinate at a time).
    package mutating func add(_ coordinates: [Coordinate]) {
        add(coordinates.count)
        withUnsafeTemporaryAllocation(of: UInt64.self, capacity: 2 * coordinates.count) { words in
            for (position, coordinate) in coordinates.enumerated() {
                words[2 * position] = coordinate.latitude.bitPattern.littleEndian
                words[2 * position + 1] = coordinate.longitude.bitPattern.littleEndian
            }
            bytes.append(contentsOf: UnsafeRawBufferPointer(words))
        }
    }

    package mutating func add(_ region: CoordinateRegion) {
        add(region.center)
        add(region.span.latitudeDelta)
        add(region.span.longitudeDelta)
    }

    /// A fitted map: its region, its view (requested region, size in pixels, zoom, centre), the
    /// tracks and the route lines it draws.
    package mutating func add(_ map: FittedMap) {
        add(map.initialRegion)
        add(map.view.requestedRegion)
        add(map.view.width)
        add(map.view.height)
        add(map.view.zoom)
        add(map.view.center)
        add(map.tracks.count)
        for track in map.tracks { add(track) }
        add(map.route.count)
        for line in map.route {
            add(line.coordinates)
            add(line.isRecorded)
        }
    }

    /// A map pin: every field of `Annotation`.
    package mutating func add(_ annotation: Annotation) {
        add(annotation.id)
        add(annotation.coordinate)
        add(annotation.title)
        add(annotation.subtitle)
        add(annotation.kind.rawValue)
        add(annotation.category)
        add(annotation.color)
        add(annotation.url)
        add(annotation.thumbnail)
        add(annotation.time)
        add(annotation.label)
    }

    package mutating func add(_ annotations: [Annotation]) {
        add(annotations.count)
        for annotation in annotations { add(annotation) }
    }

    package mutating func add(_ date: CalendarDate?) {
        guard let date else { return add(false) }
        add(true)
        add(date.year)
        add(date.month)
        add(date.day)
        add(date.time?.hour)
        add(date.time?.minute)
        add(date.time?.second)
        add(date.time?.fraction)
        add(date.utcOffset)
    }

    package mutating func add(_ tripLog: RecordedTripLog) {
        add(tripLog.destinationSlug)
        add(tripLog.slug)
    }

    /// An itinerary: every stored field of `Itinerary`, its stops, legs (with their recorded
    /// drives) and totals.
    package mutating func add(_ itinerary: Itinerary) {
        add(itinerary.name)
        add(itinerary.writtenName)
        add(itinerary.stops.count)
        for stop in itinerary.stops {
            add(stop.number)
            add(stop.destinationIndex)
            add(stop.slug)
            add(stop.title)
            add(stop.coordinate)
            add(stop.arrival)
            add(stop.departure)
            add(stop.isDepartureGiven)
            add(stop.arrivalDay)
            add(stop.departureDay)
            add(stop.firstDay)
            add(stop.lastDay)
            add(stop.country)
            add(stop.timeZone)
        }
        add(itinerary.legs.count)
        for leg in itinerary.legs {
            add(leg.from)
            add(leg.to)
            add(leg.distance)
            add(leg.initialBearing)
            add(leg.start)
            add(leg.end)
            add(leg.path)
            add(leg.recorded != nil)
            if let drive = leg.recorded {
                add(drive.tripLogs.count)
                for tripLog in drive.tripLogs { add(tripLog) }
                add(drive.distance)
                add(drive.drivingTime)
                add(drive.arrival?.timeIntervalSinceReferenceDate)
            }
        }
        let totals = itinerary.totals
        add(totals.plannedDistance)
        add(totals.drivenDistance)
        add(totals.recordedLegs)
        add(totals.days)
        add(totals.nights)
        add(totals.countries.count)
        for country in totals.countries { add(country) }
        add(totals.highestPoint != nil)
        if let point = totals.highestPoint {
            add(point.altitude)
            add(point.coordinate)
            add(point.tripLog)
        }
    }
}
