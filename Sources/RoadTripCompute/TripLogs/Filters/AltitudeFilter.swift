import Foundation
import RoadTripCore

/// The altitude filter, run on the location filter's kept fixes, segment by segment. It never
/// drops a fix: it treats an altitude it cannot trust as missing, so the position still counts and
/// the elevation figures and chart skip it.
///
/// 1. **invalid** — a negative (or NaN) `verticalAccuracy`: Core Location's "altitude invalid".
/// 2. **lessAccurateVertically** — `verticalAccuracy` > `desiredVerticalAccuracy` (equal passes;
///    a fix with no vertical accuracy passes: missing is not invalid).
/// 3. **implausibleClimb** — reaching the altitude from the last accepted one of the segment would
///    take a vertical speed above `maximumVerticalSpeed`: |Δh| > v·max(Δt, 1 s) (with Δt unknown,
///    the altitude is accepted). A segment's first altitude has no accepted one before it, so it
///    waits for the next: the first pair of consecutive altitudes that agree confirms the later of
///    them, and each altitude held before them that does not agree with the earlier is an
///    implausible climb too — so a spike on the very first fix is caught (a phone's first fix often
///    carries one). After ``maximumHeld`` fixes without such a pair the held altitudes are all
///    accepted.
///
/// The fixes come out in the order they went in, the opening fixes of a segment up to
/// ``maximumHeld`` fixes later: a whole log (``apply(_:settings:)``) and a stream (``Stream``) give
/// the same result.
public enum AltitudeFilter {
    /// How many fixes of a segment's start are held at most while its first altitude is unconfirmed.
    public static let maximumHeld = 16

    /// `segments` (kept fixes, in order) with the altitudes the filter does not trust cleared, and
    /// the report: its total is the number of fixes that had an altitude.
    public static func apply(_ segments: [[LocationSample]], settings: FilterSettings)
        -> (segments: [[LocationSample]], report: FilterReport)
    {
        var stream = Stream(settings: settings)
        var result: [[LocationSample]] = []
        func take(_ entry: Entry) {
            if entry.opensSegment || result.isEmpty { result.append([]) }
            result[result.count - 1].append(entry.fix)
        }
        for segment in segments {
            for (index, fix) in segment.enumerated() {
                stream.add(Entry(fix: fix, opensSegment: index == 0, stepDistance: nil), emit: take)
            }
        }
        stream.finish(emit: take)
        return (result, stream.report)
    }

    /// A kept fix with what the location filter said of it.
    public struct Entry: Sendable {
        /// The fix (its altitude cleared when the filter does not trust it).
        public var fix: LocationSample
        /// Whether it opens a segment.
        public var opensSegment: Bool
        /// The geodesic distance in metres from the previous kept fix, when measured.
        public var stepDistance: Double?

        /// An entry; see each property.
        public init(fix: LocationSample, opensSegment: Bool, stepDistance: Double?) {
            self.fix = fix
            self.opensSegment = opensSegment
            self.stepDistance = stepDistance
        }
    }

    /// The filter for kept fixes that arrive one at a time, holding at most ``maximumHeld``.
    public struct Stream: Sendable {
        private let desiredVerticalAccuracy: Double?
        private let maximumVerticalSpeed: Double?
        /// What has been cleared so far, and why; `total` counts the fixes that had an altitude.
        public private(set) var report: FilterReport
        /// The last accepted altitude of the segment and its time, once confirmed.
        private var reference: (altitude: Double, time: Date?)?
        /// The segment's opening fixes, held while its first altitude is unconfirmed.
        private var held: [Entry] = []

        /// A filter with `settings` (desiredVerticalAccuracy, maximumVerticalSpeed).
        public init(settings: FilterSettings) {
            desiredVerticalAccuracy = settings.desiredVerticalAccuracy
            maximumVerticalSpeed = settings.maximumVerticalSpeed
            report = FilterReport(subject: .altitudes, total: 0, settings: settings)
        }

        /// Filters the next kept fix and hands the fixes it releases to `emit`, in order (none while
        /// a segment's start is held, several when it is decided). No array is made per fix: this
        /// runs for every fix of a million-point log.
        public mutating func add(_ entry: Entry, emit: (Entry) -> Void) {
            var entry = entry
            if entry.opensSegment {
                for held in acceptHeld() { emit(held) }
                reference = nil
            }
            if let altitude = entry.fix.altitude {
                report.total += 1
                if let reason = screenRejection(entry.fix) {
                    report.drop(reason)
                    entry.fix.altitude = nil
                } else if let reference {
                    if isPlausible(from: reference.altitude, at: reference.time, to: altitude, at: entry.fix.timestamp) {
                        self.reference = (altitude, entry.fix.timestamp)
                    } else {
                        report.drop(.implausibleClimb)
                        entry.fix.altitude = nil
                    }
                } else {
                    held.append(entry)
                    for released in confirmStart() { emit(released) }
                    return
                }
            }
            if held.isEmpty {
                emit(entry)
            } else {
                held.append(entry)
                if held.count >= AltitudeFilter.maximumHeld {
                    for released in acceptHeld() { emit(released) }
                }
            }
        }

        /// Hands every fix still held to `emit` (the log ended): their altitudes are accepted as
        /// they are.
        public mutating func finish(emit: (Entry) -> Void) {
            for held in acceptHeld() { emit(held) }
        }

        /// Accepts every held altitude as it is and releases the held fixes.
        private mutating func acceptHeld() -> [Entry] {
            defer { held = [] }
            if let last = held.last(where: { $0.fix.altitude != nil }) {
                reference = (last.fix.altitude!, last.fix.timestamp)
            }
            return held
        }

        /// Looks for the first pair of consecutive held altitudes that agree; when found, clears the
        /// earlier held altitudes that disagree with the pair's first, sets the reference to its
        /// second and releases everything held.
        private mutating func confirmStart() -> [Entry] {
            let withAltitude = held.indices.filter { held[$0].fix.altitude != nil }
            guard withAltitude.count >= 2 else {
                return held.count >= AltitudeFilter.maximumHeld ? acceptHeld() : []
            }
            for pair in 0..<(withAltitude.count - 1) {
                let first = held[withAltitude[pair]].fix, second = held[withAltitude[pair + 1]].fix
                guard isPlausible(from: first.altitude!, at: first.timestamp, to: second.altitude!, at: second.timestamp)
                else { continue }
                for index in withAltitude[..<pair] {
                    let earlier = held[index].fix
                    if !isPlausible(from: first.altitude!, at: first.timestamp, to: earlier.altitude!, at: earlier.timestamp) {
                        report.drop(.implausibleClimb)
                        held[index].fix.altitude = nil
                    }
                }
                // Altitudes after the pair (none: the pair is found as soon as it arrives) would
                // have been checked against the reference.
                reference = (second.altitude!, second.timestamp)
                defer { held = [] }
                return held
            }
            return held.count >= AltitudeFilter.maximumHeld ? acceptHeld() : []
        }

        /// Why checks 1–2 clear `fix`'s altitude, or `nil`.
        private func screenRejection(_ fix: LocationSample) -> FilterReport.Reason? {
            guard let accuracy = fix.verticalAccuracy else { return nil }
            if !(accuracy >= 0) { return .invalid }
            if let desiredVerticalAccuracy, accuracy > desiredVerticalAccuracy { return .lessAccurateVertically }
            return nil
        }

        /// Whether going from `from` metres at `start` to `to` metres at `end` is within
        /// `maximumVerticalSpeed` (over at least 1 s); always with the check off or a time unknown.
        private func isPlausible(from: Double, at start: Date?, to: Double, at end: Date?) -> Bool {
            guard let maximumVerticalSpeed, let start, let end else { return true }
            return abs(to - from) <= maximumVerticalSpeed * max(abs(end.timeIntervalSince(start)), 1)
        }
    }
}
