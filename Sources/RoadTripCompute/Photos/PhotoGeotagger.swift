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
/// A time before the first fix, after the last, in a gap between segments, or farther than
/// ``maximumGap`` seconds from the nearer of the two fixes gives `nil`: the photo stays unplaced.
public struct PhotoGeotagger: Sendable {

    /// Seconds added to a photo's time before looking it up: a camera whose clock ran 90 s slow
    /// has an offset of +90. 0 by default.
    public var cameraClockOffset: Double
    /// The farthest, in seconds, a photo's (corrected) time may be from the nearer kept fix.
    public var maximumGap: Double
    private let timeline: TrackTimeline

    /// A geotagger for `segments` (a filtered track's kept fixes in time order, as
    /// `ProcessedTripLog.segments` holds them; several logs may be concatenated in time order).
    public init(segments: [[LocationSample]], cameraClockOffset: Double = 0, maximumGap: Double = Photo.defaultMaximumGap) {
        self.timeline = TrackTimeline(segments: segments)
        self.cameraClockOffset = cameraClockOffset
        self.maximumGap = maximumGap
    }

    /// Where the track was at `photoTime` + ``cameraClockOffset``, degrees, or `nil` (see the type).
    public func coordinate(at photoTime: Date) -> Coordinate? {
        guard let position = timeline.position(at: photoTime.addingTimeInterval(cameraClockOffset)),
            position.secondsToNearestFix <= maximumGap
        else { return nil }
        return position.coordinate
    }

    /// `photos` with every photo that has a ``Photo/time`` but no ``Photo/coordinate`` placed on
    /// the track (``Photo/coordinateSource`` = `.trackLog`) when ``coordinate(at:)`` finds one.
    public func geotag(_ photos: [Photo]) -> [Photo] {
        photos.map { photo in
            guard photo.coordinate == nil, let time = photo.time, let coordinate = coordinate(at: time) else { return photo }
            var placed = photo
            placed.coordinate = coordinate
            placed.coordinateSource = .trackLog
            return placed
        }
    }
}
