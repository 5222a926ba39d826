import Foundation
import RoadTripCore

/// Places photos that have a time but no GPS position on a destination's filtered track, the way
/// photo-geotagging tools (GPicSync, digiKam's geolocation editor, `exiftool -geotag`) do.
///
/// The photo's time, plus ``cameraClockOffset``, is looked up with ``TrackTimeline``: the position is
/// interpolated between the two kept fixes around that time within one segment, **along the
/// geodesic** between them at the time fraction f = (t − t₀) / (t₁ − t₀) (`Geodesic.inverse` +
/// `Geodesic.direct`, exact on the WGS 84 ellipsoid). What remains is the model's error, not the
/// arithmetic's: the vehicle is assumed to move at constant speed in a straight line between fixes,
/// so for fixes Δt seconds apart at speed v the true position is within v·Δt/2 of the interpolated
/// one (e.g. 1 s apart at 30 m/s: 15 m; 5 s apart: 75 m). (Linear interpolation of latitude and
/// longitude would differ from the geodesic by far less than a millimetre over such a chord.)
///
/// Between two fixes of one segment a photo is always placed, however far apart they are: within a
/// segment the recorded fixes are never a gap apart (the location filter's gap rule), so two kept
/// fixes far apart in time mean a stop whose fixes the distance filter thinned — the vehicle stood
/// within `distanceFilter` of the first — or a logger that records every few minutes. A time before
/// the first fix, after the last, or in a gap between segments is placed at the nearer end when
/// within ``maximumGap`` seconds of it (the photo was taken just before the logger started, or
/// just after it stopped), and left unplaced otherwise, with the reason
/// (`Photo.UnplacedReason`).
public struct PhotoGeotagger: Sendable {

    /// Seconds added to a photo's time before looking it up: a camera whose clock ran 90 s slow
    /// has an offset of +90. 0 by default.
    public var cameraClockOffset: Double
    /// The farthest, in seconds, a photo's (corrected) time may be before the first fix, after the
    /// last or into a gap between segments and still be placed (at that end).
    public var maximumGap: Double
    private let timeline: TrackTimeline

    /// A geotagger for `tracks` (filtered tracks in time order, one after the other: the
    /// `ProcessedTripLog.track`s of a destination's logs), read in place.
    public init(tracks: [FilteredTrack], cameraClockOffset: Double = 0, maximumGap: Double = Photo.defaultMaximumGap) {
        self.timeline = TrackTimeline(tracks: tracks)
        self.cameraClockOffset = cameraClockOffset
        self.maximumGap = maximumGap
    }

    /// A geotagger for `segments` (a filtered track's kept fixes in time order).
    public init(segments: [[LocationSample]], cameraClockOffset: Double = 0, maximumGap: Double = Photo.defaultMaximumGap) {
        self.init(tracks: [FilteredTrack(segments: segments)], cameraClockOffset: cameraClockOffset, maximumGap: maximumGap)
    }

    /// Where the track was at `photoTime` + ``cameraClockOffset``, degrees, or why it cannot say
    /// (see the type).
    public func placement(at photoTime: Date) -> Result<Coordinate, Photo.UnplacedReason> {
        switch timeline.placement(at: photoTime.addingTimeInterval(cameraClockOffset)) {
        case .onTrack(let position): return .success(position.coordinate)
        case .noFixes: return .failure(.noTripLog)
        case .beforeStart(let seconds, let end):
            return seconds <= maximumGap ? .success(end) : .failure(.beforeTripLog(seconds: seconds))
        case .afterEnd(let seconds, let end):
            return seconds <= maximumGap ? .success(end) : .failure(.afterTripLog(seconds: seconds))
        case .inGap(let seconds, let end):
            return seconds <= maximumGap ? .success(end) : .failure(.inGap(seconds: seconds))
        }
    }

    /// Where the track was at `photoTime` + ``cameraClockOffset``, degrees, or `nil` (see the type).
    public func coordinate(at photoTime: Date) -> Coordinate? {
        try? placement(at: photoTime).get()
    }

    /// `photos` with every photo that has no ``Photo/coordinate`` placed on the track
    /// (``Photo/coordinateSource`` = `.trackLog`) when ``placement(at:)`` finds a position, and
    /// given its ``Photo/unplacedReason`` when it does not (or when the photo has no time).
    public func geotag(_ photos: [Photo]) -> [Photo] {
        photos.map { photo in
            guard photo.coordinate == nil else { return photo }
            var placed = photo
            guard let time = photo.time else {
                placed.unplacedReason = .noTime
                return placed
            }
            switch placement(at: time) {
            case .success(let coordinate):
                placed.coordinate = coordinate
                placed.coordinateSource = .trackLog
            case .failure(let reason):
                placed.unplacedReason = reason
            }
            return placed
        }
    }
}
