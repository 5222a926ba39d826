import Foundation
import RoadTripCore

/// The one order of destinations: home-page cards, the site's `destinations.geojson`,
/// the previous/next links of destination pages and `sitemap.xml` all list destinations in it.
///
/// 1. `order` ascending; destinations without one come after those with one.
/// 2. `date` ascending, as the moment it names in the site's `timeZone` (`CalendarDate.instant`:
///    a day alone is its midnight, a time with an offset that exact moment), so `2026-06-01` comes
///    before `2026-06-01T10:00` and `2026-06-02T01:00Z` before `2026-06-01T23:30-05:00`;
///    destinations without a valid date come after those with one.
/// 3. `title`, case-insensitively, numbers by value ("Stop 9" before "Stop 10"), letters as the
///    site's `language` orders them (in `nb`, Ø and Å after Z; `String.compare(_:options:range:locale:)`,
///    ICU collation) — never the machine's locale.
/// 4. The slug, by its UTF-8 bytes, so the order is total and the same on every machine.
public struct HomePageOrder: Sendable {
    /// The zone in which zone-less dates are read (`SiteConfig.timeZone`).
    public let timeZone: TimeZone
    /// The locale titles are collated in (`SiteConfig.readerLocale`).
    public let locale: Locale

    /// The order for a site configured by `config`.
    public init(config: SiteConfig) {
        timeZone = TimeZone(identifier: config.timeZone) ?? .gmt
        locale = SiteConfig.readerLocale(for: config.language)
    }

    /// `destinations` in this order (each date is parsed once).
    public func sorted(_ destinations: [Destination]) -> [Destination] {
        var sorted = destinations
        sort(&sorted)
        return sorted
    }

    /// Puts `destinations` in this order in place (each date is parsed once): the order is found on
    /// their positions, then the destinations are swapped into it, never copied.
    public func sort(_ destinations: inout [Destination]) {
        let instants = destinations.map { $0.date.flatMap { CalendarDate.parse($0) }?.instant(in: timeZone) }
        // Compared through a buffer pointer, which lends the elements: `destinations[a]` in the
        // closure copied both destinations at every comparison.
        let order = destinations.withUnsafeBufferPointer { buffer in
            buffer.indices.sorted { a, b in areInIncreasingOrder(buffer[a], instants[a], buffer[b], instants[b]) }
        }
        // Position i receives the destination at order[i]: follow each cycle of the permutation.
        var placed = [Bool](repeating: false, count: order.count)
        for start in order.indices where !placed[start] {
            var position = start
            while order[position] != start {
                destinations.swapAt(position, order[position])
                placed[position] = true
                position = order[position]
            }
            placed[position] = true
        }
    }

    /// `true` when `a` (whose date names the moment `aDate`) comes before `b` (moment `bDate`).
    private func areInIncreasingOrder(_ a: Destination, _ aDate: Date?, _ b: Destination, _ bDate: Date?) -> Bool {
        switch (a.order, b.order) {
        case (let x?, let y?) where x != y: return x < y
        case (.some, nil): return true
        case (nil, .some): return false
        default: break
        }
        switch (aDate, bDate) {
        case (let x?, let y?) where x != y: return x < y
        case (.some, nil): return true
        case (nil, .some): return false
        default: break
        }
        let titleOrder = a.title.compare(b.title, options: [.caseInsensitive, .numeric], range: nil, locale: locale)
        if titleOrder != .orderedSame { return titleOrder == .orderedAscending }
        return a.slug.precedesInBytes(b.slug)
    }
}
