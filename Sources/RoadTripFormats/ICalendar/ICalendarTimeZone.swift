import Foundation

extension ICalendarWriter {
    /// Writes a `VTIMEZONE` component (RFC 5545 §3.6.5) for `zone` as the system's time-zone
    /// database (tzdata, through Foundation) knows it, for times from `start` to `last`: one
    /// `STANDARD` or `DAYLIGHT` observance per offset change in that span, each with its onset as
    /// a local time in the offset it replaces (`DTSTART`), `TZOFFSETFROM` and `TZOFFSETTO`, and
    /// first the observance in effect at `start` (from its last change within a year before, or,
    /// for a zone that did not change then, one observance from 1970 with its one offset). The
    /// observances are listed one by one, not as `RRULE`s, so they say exactly what tzdata says.
    /// `TZID` is the zone's IANA name, which events then give as their `TZID` parameter.
    public mutating func timeZone(_ zone: TimeZone, from start: Date, to last: Date) {
        var changes: [Date] = []
        var cursor = start.addingTimeInterval(-366 * 86_400)
        while let change = zone.nextDaylightSavingTimeTransition(after: cursor), change <= last, changes.count < 1_000 {
            changes.append(change)
            cursor = change
        }
        let earlier = changes.lastIndex { $0 <= start }
        begin("VTIMEZONE")
        property("TZID", value: zone.identifier)
        if earlier == nil {
            let offset = zone.secondsFromGMT(for: start)
            observance(
                isDaylight: zone.isDaylightSavingTime(for: start), localOnset: 0, offsetFrom: offset, offsetTo: offset)
        }
        for change in changes[(earlier ?? changes.startIndex)...] {
            let offsetFrom = zone.secondsFromGMT(for: change.addingTimeInterval(-1))
            observance(
                isDaylight: zone.isDaylightSavingTime(for: change),
                localOnset: Int(change.timeIntervalSince1970.rounded(.down)) + offsetFrom, offsetFrom: offsetFrom,
                offsetTo: zone.secondsFromGMT(for: change))
        }
        end("VTIMEZONE")
    }

    /// One `STANDARD` or `DAYLIGHT` sub-component: its onset (seconds from 1970 on the local clock
    /// before the change) and the offsets, seconds east of Greenwich, before and after it.
    private mutating func observance(isDaylight: Bool, localOnset: Int, offsetFrom: Int, offsetTo: Int) {
        let component = isDaylight ? "DAYLIGHT" : "STANDARD"
        begin(component)
        property("DTSTART", value: Self.dateTime(wallClockSeconds: localOnset, isUTC: false))
        property("TZOFFSETFROM", value: Self.utcOffset(offsetFrom))
        property("TZOFFSETTO", value: Self.utcOffset(offsetTo))
        end(component)
    }
}
