import Foundation
import RoadTripCore

/// Where and when something was recorded, as pages word it: the placemark's words ("near Zurich,
/// Switzerland", `Placemark.nearText`) and the time in the placemark's own zone
/// (`Placemark.localTimeZone`; the site's zone without one) with that zone's abbreviation
/// ("17 March 2023, 16:51 CET", `ReadableDate.dateTime(_:in:showingZone:)`), in the site's
/// language. Trip pages join both for their start, end and event pins; the gallery shows them
/// apart. Either part may be missing.
struct PlaceAndTime: Sendable {
    /// "near Zurich, Switzerland", or `nil` without a placemark.
    var place: String?
    /// "17 March 2023, 16:51 CET", or `nil` without a time.
    var time: String?
    /// The instant for a `<time datetime>` attribute (`ReadableDate.htmlDateTime`: UTC, whole
    /// seconds), or `nil` without a time.
    var dateTime: String?

    /// The place of `placemark` and the local time there of `instant`, worded by `dates`.
    init(_ placemark: Placemark?, _ instant: Date?, dates: ReadableDate) {
        place = placemark?.nearText
        time = instant.map { dates.dateTime($0, in: placemark?.localTimeZone, showingZone: true) }
        dateTime = instant.map(ReadableDate.htmlDateTime)
    }

    /// Both parts joined: "near Zurich, Switzerland, 17 March 2023, 16:51 CET" (empty when both
    /// are missing).
    var text: String { [place, time].compactMap { $0 }.joined(separator: ", ") }
}
