import Foundation

extension TripLog {
    /// The log with only the samples `range` holds: every location, heading and acceleration
    /// sample timestamped outside it is left out. A sample without a timestamp is kept (missing is
    /// not out of range, as a time-based filter passes it; DESIGN §4.2); waypoints are kept.
    /// The Google location-history reader applies the range as it reads, so the samples outside it
    /// never reach memory; this is for the readers that read a whole log.
    public func restricted(to range: TripDateRange?) -> TripLog {
        guard let range else { return self }
        var log = self
        log.locations.removeAll { sample in sample.timestamp.map { !range.contains($0) } ?? false }
        log.headings.removeAll { sample in sample.timestamp.map { !range.contains($0) } ?? false }
        log.accelerations.removeAll { sample in sample.timestamp.map { !range.contains($0) } ?? false }
        return log
    }
}
