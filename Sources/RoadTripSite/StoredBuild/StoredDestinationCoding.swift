import Foundation
import RoadTripCore

/// How ``StoredSourcesFile`` writes a loaded source — its destinations and the diagnostics their
/// loading reported — with ``StoredBytesWriter``'s fields, every field of ``Destination`` in
/// declaration order (an optional as a flag and its value, a list as a count and its items, a
/// mapping as a count and key–value pairs sorted by key). Only destinations without trip logs,
/// photos, contacts or a geocoded place name are written (``isStorable(_:)``): those keep being
/// loaded from their files.
enum StoredDestinationCoding {
    /// Whether `destination` can be stored: it has no trip logs (their fixes can be millions of
    /// points), no photos, no contacts, and its coordinate was not looked up by place name
    /// (`location:`): the gazetteer is libgeonames' data, which can change under the same roadtrip
    /// executable.
    static func isStorable(_ destination: Destination) -> Bool {
        destination.tripLogs.isEmpty && destination.photos.isEmpty && destination.contacts.isEmpty
            && destination.publicContacts.isEmpty && destination.placeName == nil
    }

    /// The bytes of `destinations` with `diagnostics`.
    static func data(destinations: [Destination], diagnostics: [Diagnostic]) -> Data {
        var writer = StoredBytesWriter(capacity: 4096 * max(1, destinations.count))
        writer.append(count: destinations.count)
        for destination in destinations { writer.append(destination) }
        writer.append(count: diagnostics.count)
        for diagnostic in diagnostics { writer.append(diagnostic) }
        return Data(writer.bytes)
    }

    /// What ``data(destinations:diagnostics:)`` wrote, or `nil` when `data` does not parse whole.
    static func read(_ data: Data) -> (destinations: [Destination], diagnostics: [Diagnostic])? {
        var reader = StoredBytesReader(data: data)
        guard let destinations = reader.list({ $0.destination() }), let diagnostics = reader.list({ $0.diagnostic() })
        else { return nil }
        return reader.isAtEnd ? (destinations, diagnostics) : nil
    }
}

extension StoredBytesWriter {
    fileprivate mutating func append(_ coordinate: Coordinate) {
        append(coordinate.latitude)
        append(coordinate.longitude)
    }

    fileprivate mutating func append(_ date: CalendarDate) {
        append(date.year)
        append(date.month)
        append(date.day)
        append(date.time != nil)
        if let time = date.time {
            append(time.hour)
            append(time.minute)
            append(time.second)
            append(time.fraction)
        }
        append(date.utcOffset)
    }

    fileprivate mutating func append(_ value: MetadataValue) {
        switch value {
        case .null: bytes.append(0)
        case .bool(let flag): bytes.append(1); append(flag)
        case .integer(let number): bytes.append(2); append(number)
        case .double(let number): bytes.append(3); append(number)
        case .string(let text): bytes.append(4); append(text)
        case .list(let items):
            bytes.append(5)
            append(count: items.count)
            for item in items { append(item) }
        case .mapping(let entries):
            bytes.append(6)
            append(count: entries.count)
            for entry in entries {
                append(entry.key)
                append(entry.value)
            }
        }
    }

    fileprivate mutating func append(_ destination: Destination) {
        append(destination.slug)
        append(destination.title)
        append(destination.subtitle)
        append(destination.coordinate)
        append(destination.bodyHTML)
        append(count: destination.pointsOfInterest.count)
        for point in destination.pointsOfInterest {
            append(point.title)
            append(point.subtitle)
            append(point.coordinate)
            append(point.category)
            append(point.color)
            append(point.url)
        }
        append(count: destination.events.count)
        for event in destination.events {
            append(event.title)
            append(event.url)
            append(event.date)
        }
        append(destination.weatherURL)
        switch destination.regionRequest {
        case .span(nil): bytes.append(0)
        case .span(let span?):
            bytes.append(1)
            append(span.latitudeDelta)
            append(span.longitudeDelta)
        case .fit: bytes.append(2)
        }
        append(destination.date)
        append(destination.isDraft)
        append(destination.order)
        append(destination.tags)
        append(destination.stay != nil)
        if let stay = destination.stay {
            append(stay.arrival)
            append(stay.departure != nil)
            if let departure = stay.departure { append(departure) }
            append(stay.arrivalLocation != nil)
            if let location = stay.arrivalLocation { append(location) }
            append(stay.nightsGiven)
        }
        append(destination.isOnItinerary)
        append(destination.tripName)
        append(destination.tripTitle)
        append(destination.image)
        append(count: destination.extraMetadata.count)
        for key in destination.extraMetadata.keys.sorted() {
            append(key)
            append(destination.extraMetadata[key]!)
        }
        append(destination.sourcePath)
        append(destination.assetFiles)
        append(destination.placeName)
    }
}

extension StoredBytesReader {
    fileprivate mutating func coordinateValue() -> Coordinate? {
        guard let latitude = double(), let longitude = double() else { return nil }
        return Coordinate(latitude: latitude, longitude: longitude)
    }

    fileprivate mutating func optionalString() -> String?? { optional { $0.string() } }
    mutating func optionalInt() -> Int?? { optional { $0.int() } }

    fileprivate mutating func calendarDate() -> CalendarDate? {
        guard let year = int(), let month = int(), let day = int(),
              let time = optional({ reader -> CalendarDate.TimeOfDay? in
                  guard let hour = reader.int(), let minute = reader.int(), let second = reader.int(),
                        let fraction = reader.double()
                  else { return nil }
                  return CalendarDate.TimeOfDay(hour: hour, minute: minute, second: second, fraction: fraction)
              }),
              let utcOffset = optionalInt()
        else { return nil }
        return CalendarDate(year: year, month: month, day: day, time: time, utcOffset: utcOffset)
    }

    /// A metadata value nested at most `depth` levels more (a corrupt file cannot recurse without end).
    fileprivate mutating func metadataValue(depth: Int = 64) -> MetadataValue? {
        guard depth > 0, let tag = bytes(1)?.first else { return nil }
        switch tag {
        case 0: return .null
        case 1: return bool().map { .bool($0) }
        case 2: return int().map { .integer($0) }
        case 3: return double().map { .double($0) }
        case 4: return string().map { .string($0) }
        case 5:
            guard let count = count() else { return nil }
            var items: [MetadataValue] = []
            for _ in 0..<count {
                guard let item = metadataValue(depth: depth - 1) else { return nil }
                items.append(item)
            }
            return .list(items)
        case 6:
            guard let count = count() else { return nil }
            var entries: [MetadataEntry] = []
            for _ in 0..<count {
                guard let key = string(), let value = metadataValue(depth: depth - 1) else { return nil }
                entries.append(MetadataEntry(key: key, value: value))
            }
            return .mapping(entries)
        default: return nil
        }
    }

    fileprivate mutating func destination() -> Destination? {
        guard let slug = string(), let title = string(), let subtitle = string(), let coordinate = coordinateValue(),
              let bodyHTML = string(), let pointCount = count()
        else { return nil }
        var points: [PointOfInterest] = []
        points.reserveCapacity(pointCount)
        for _ in 0..<pointCount {
            guard let title = string(), let subtitle = string(), let coordinate = coordinateValue(),
                  let category = optionalString(), let color = optionalString(), let url = optionalString()
            else { return nil }
            points.append(PointOfInterest(
                title: title, subtitle: subtitle, coordinate: coordinate, category: category, color: color, url: url))
        }
        guard let eventCount = count() else { return nil }
        var events: [Event] = []
        for _ in 0..<eventCount {
            guard let title = string(), let url = string(), let date = optionalString() else { return nil }
            events.append(Event(title: title, url: url, date: date))
        }
        guard let weatherURL = optionalString(), let regionTag = bytes(1)?.first else { return nil }
        let regionRequest: Destination.RegionRequest
        switch regionTag {
        case 0: regionRequest = .span(nil)
        case 1:
            guard let latitudeDelta = double(), let longitudeDelta = double() else { return nil }
            regionRequest = .span(CoordinateSpan(latitudeDelta: latitudeDelta, longitudeDelta: longitudeDelta))
        case 2: regionRequest = .fit
        default: return nil
        }
        guard let date = optionalString(), let isDraft = bool(), let order = optionalInt(), let tags = strings(),
              let stay = optional({ reader -> Stay? in
                  guard let arrival = reader.calendarDate(), let departure = reader.optional({ $0.calendarDate() }),
                        let location = reader.optional({ $0.sourceLocation() }), let nights = reader.optionalInt()
                  else { return nil }
                  return Stay(arrival: arrival, departure: departure, arrivalLocation: location, nightsGiven: nights)
              }),
              let isOnItinerary = bool(), let tripName = optionalString(), let tripTitle = optionalString(),
              let image = optionalString(), let metadataCount = count()
        else { return nil }
        var metadata: [String: MetadataValue] = [:]
        for _ in 0..<metadataCount {
            guard let key = string(), let value = metadataValue() else { return nil }
            metadata[key] = value
        }
        guard let sourcePath = string(), let assetFiles = strings(), let placeName = optionalString() else { return nil }
        var destination = Destination(
            slug: slug, title: title, subtitle: subtitle, coordinate: coordinate, bodyHTML: bodyHTML,
            pointsOfInterest: points, events: events, weatherURL: weatherURL, regionRequest: regionRequest, date: date,
            isDraft: isDraft, order: order, tags: tags, stay: stay, isOnItinerary: isOnItinerary, tripName: tripName,
            tripTitle: tripTitle, image: image, extraMetadata: metadata, sourcePath: sourcePath, assetFiles: assetFiles)
        destination.placeName = placeName
        return destination
    }
}
