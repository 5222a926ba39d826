import Foundation
import RoadTripCore

/// The accelerometer filters, after Apple's *Event Handling Guide for iOS*,
/// "Motion Events → Isolating the gravity component from accelerometer data" (
/// `accelX = (acceleration.x * kFilteringFactor) + (accelX * (1.0 - kFilteringFactor))`, with
/// `kFilteringFactor` 0.1) and "Isolating instantaneous motion" (`acceleration − gravity`):
///
/// - **low-pass** (gravity): `g = k·a + (1−k)·g_prev`, per axis. The first sample initialises
///   `g = a` (so the first high-pass output is 0 and a constant input gives exactly 0 from the
///   start; the guide leaves the initial value to the reader — starting from 0 instead would
///   report a spurious 1 g jolt that decays as (1−k)^n).
/// - **high-pass** (motion): `a − g`. The low-pass state is kept apart from the high-pass output
///   (the widely copied sample that stores `a − g` back in the low-pass variable is a different,
///   wrong filter: its output for a constant input does not decay to 0).
/// - **orientation** from the gravity vector (`orientation(of:)`), **motion events** from the
///   high-pass magnitude (`apply`'s `eventThreshold`, `minimumEventGap`).
///
/// All accelerations are in g in Apple's device frame (face up at rest reads z = −1).
public enum AccelerationFilter {
    /// The filtering factor used when the settings give neither filteringFactor nor a usable
    /// cutoffFrequency: the guide's `kFilteringFactor`, 0.1.
    public static let defaultFilteringFactor = 0.1

    /// A 3-vector in g, device frame.
    public struct Vector: Sendable, Hashable {
        /// Along the device's x axis (to the right of the screen), in g.
        public var x: Double
        /// Along the device's y axis (up the screen), in g.
        public var y: Double
        /// Along the device's z axis (out of the screen), in g.
        public var z: Double

        /// Creates a vector from components in g.
        public init(x: Double, y: Double, z: Double) {
            self.x = x
            self.y = y
            self.z = z
        }

        /// The sample's components.
        public init(_ sample: AccelerationSample) {
            self.init(x: sample.x, y: sample.y, z: sample.z)
        }

        /// Euclidean length in g.
        public var magnitude: Double { (x * x + y * y + z * z).squareRoot() }

        /// Component-wise difference.
        static func - (a: Vector, b: Vector) -> Vector { Vector(x: a.x - b.x, y: a.y - b.y, z: a.z - b.z) }

        /// Dot product, in g².
        func dot(_ other: Vector) -> Double { x * other.x + y * other.y + z * other.z }
    }

    /// The low-pass state (gravity) of the filter, kept separately from its high-pass output.
    public struct LowPass: Sendable, Hashable {
        /// k in `g = k·a + (1−k)·g_prev`, in (0, 1].
        public let filteringFactor: Double
        /// The current gravity estimate in g; `nil` before the first sample.
        public private(set) var gravity: Vector?

        /// A filter with factor `filteringFactor` (k) and initial gravity `gravity` (g); with `nil`
        /// (the default) the first sample initialises the state.
        public init(filteringFactor: Double, gravity: Vector? = nil) {
            self.filteringFactor = filteringFactor
            self.gravity = gravity
        }

        /// Feeds one sample `a`; returns the new gravity (low-pass) and motion (high-pass `a − g`).
        /// Without a state yet, the sample initialises `g = a` (motion 0).
        public mutating func update(_ a: Vector) -> (gravity: Vector, motion: Vector) {
            let k = filteringFactor
            let next: Vector
            if let g = gravity {
                next = Vector(
                    x: k * a.x + (1 - k) * g.x, y: k * a.y + (1 - k) * g.y, z: k * a.z + (1 - k) * g.z)
            } else {
                next = a
            }
            gravity = next
            return (next, a - next)
        }
    }

    /// The device orientation gravity implies, with `UIDeviceOrientation`'s names and meanings.
    public enum Orientation: String, Sendable, Hashable, Codable, CaseIterable {
        /// No axis dominates (e.g. free fall, or tilted about 45° between two axes).
        case unknown
        /// Upright, home button (bottom edge) down: gravity along −y.
        case portrait
        /// Upside down, bottom edge up: gravity along +y.
        case portraitUpsideDown
        /// Upright on its side, home button on the right (top edge to the left, right edge up):
        /// gravity along −x.
        case landscapeLeft
        /// Upright on its side, home button on the left (right edge down): gravity along +x.
        case landscapeRight
        /// Flat, screen up: gravity along −z.
        case faceUp
        /// Flat, screen down: gravity along +z.
        case faceDown
    }

    /// The orientation of a device whose gravity (low-pass) vector is `gravity`, in g:
    /// faceUp when z ≤ −0.8, faceDown when z ≥ 0.8 (within about 37° of flat); otherwise the
    /// larger of |x| and |y| when it is ≥ 0.5 (tilted less than 60° from that axis): y < 0 portrait,
    /// y > 0 portraitUpsideDown, x < 0 landscapeLeft, x > 0 landscapeRight (ties go to y); else
    /// unknown. Signs follow `UIDeviceOrientation` in Apple's device frame (x right, y up the
    /// screen, z out of it; at rest the accelerometer reads the downward gravity vector, so face
    /// up reads z = −1 g, and portrait reads y = −1 g).
    public static func orientation(of gravity: Vector) -> Orientation {
        if gravity.z <= -0.8 { return .faceUp }
        if gravity.z >= 0.8 { return .faceDown }
        if abs(gravity.y) >= abs(gravity.x) {
            guard abs(gravity.y) >= 0.5 else { return .unknown }
            return gravity.y < 0 ? .portrait : .portraitUpsideDown
        }
        guard abs(gravity.x) >= 0.5 else { return .unknown }
        return gravity.x < 0 ? .landscapeLeft : .landscapeRight
    }

    /// A jolt: consecutive high-pass samples at or above the threshold.
    public struct MotionEvent: Sendable, Hashable {
        /// What the jolt's direction suggests.
        public enum Kind: String, Sendable, Hashable, Codable {
            /// Mostly vertical (along gravity): a pothole, a speed bump, a rough joint.
            case bump
            /// Mostly horizontal (across gravity): hard braking, hard acceleration or swerving —
            /// the device frame alone cannot say which without the direction of travel.
            case jolt
        }

        /// Vertical or horizontal, judged at the peak sample.
        public var kind: Kind
        /// When the peak was measured, if the sample had a time.
        public var timestamp: Date?
        /// The peak sample's 0-based index in the input.
        public var index: Int
        /// The peak high-pass magnitude |a − g| in g.
        public var peak: Double
        /// The high-pass vector at the peak, in g.
        public var motion: Vector
    }

    /// One filtered sample.
    public struct FilteredSample: Sendable, Hashable {
        /// The input sample's time.
        public var timestamp: Date?
        /// The input, in g.
        public var raw: Vector
        /// The low-pass output (gravity), in g.
        public var gravity: Vector
        /// The high-pass output (instantaneous motion), in g.
        public var motion: Vector
    }

    /// What `apply` returns.
    public struct Result: Sendable, Hashable {
        /// Every valid sample, filtered, in input order.
        public var samples: [FilteredSample]
        /// The k used.
        public var filteringFactor: Double
        /// The median interval between timestamped samples in seconds (1 / sample rate), when known.
        public var sampleInterval: Double?
        /// How many samples' gravity implied each orientation.
        public var orientations: [Orientation: Int]
        /// The detected motion events, in time order.
        public var events: [MotionEvent]
        /// What was dropped (non-finite samples, as `invalid`).
        public var report: FilterReport
    }

    /// Filters `samples` (input order). k is `filteringFactor(settings:sampleInterval:)`.
    ///
    /// Motion events: a sample whose high-pass magnitude is ≥ `eventThreshold` (g; default 0.3 g,
    /// about 2.9 m/s² — well above the 0.1–0.2 g of ordinary driving and below a pothole's jolt)
    /// belongs to the current event when it comes less than `minimumEventGap` seconds (default 2)
    /// after that event's previous such sample, otherwise it opens a new event. So two events are
    /// separated by at least `minimumEventGap` of calm. Without timestamps on both samples, only the
    /// immediately preceding sample can continue an event. The event's kind is `bump` when the
    /// peak's component along gravity is at least its horizontal component, else `jolt`.
    public static func apply(
        _ samples: [AccelerationSample], settings: FilterSettings, eventThreshold: Double = 0.3,
        minimumEventGap: Double = 2
    ) -> Result {
        var report = FilterReport(subject: .accelerations, total: samples.count, settings: settings)
        let interval = medianInterval(samples)
        let k = filteringFactor(settings: settings, sampleInterval: interval)
        var lowPass = LowPass(filteringFactor: k)
        var output: [FilteredSample] = []
        output.reserveCapacity(samples.count)
        var orientations: [Orientation: Int] = [:]
        var events: [MotionEvent] = []
        var lastAbove: (index: Int, timestamp: Date?)?
        for (index, sample) in samples.enumerated() {
            guard sample.x.isFinite && sample.y.isFinite && sample.z.isFinite else {
                report.drop(.invalid)
                continue
            }
            let raw = Vector(sample)
            let (gravity, motion) = lowPass.update(raw)
            output.append(FilteredSample(timestamp: sample.timestamp, raw: raw, gravity: gravity, motion: motion))
            orientations[orientation(of: gravity), default: 0] += 1
            let magnitude = motion.magnitude
            guard magnitude >= eventThreshold else { continue }
            let continues: Bool
            if let previous = lastAbove {
                if let start = previous.timestamp, let now = sample.timestamp {
                    continues = now.timeIntervalSince(start) < minimumEventGap
                } else {
                    continues = previous.index == index - 1
                }
            } else {
                continues = false
            }
            lastAbove = (index, sample.timestamp)
            let event = MotionEvent(
                kind: kind(motion: motion, gravity: gravity), timestamp: sample.timestamp, index: index,
                peak: magnitude, motion: motion)
            if continues, let current = events.last {
                if magnitude > current.peak { events[events.count - 1] = event }
            } else {
                events.append(event)
            }
        }
        return Result(
            samples: output, filteringFactor: k, sampleInterval: interval, orientations: orientations,
            events: events, report: report)
    }

    /// `bump` when the motion's component along gravity is at least its component across it.
    static func kind(motion: Vector, gravity: Vector) -> MotionEvent.Kind {
        let g = gravity.magnitude
        guard g > 0 else { return .jolt }
        let vertical = abs(motion.dot(gravity)) / g
        let horizontal = max(0, motion.dot(motion) - vertical * vertical).squareRoot()
        return vertical >= horizontal ? .bump : .jolt
    }

    /// The k to use: from `cutoffFrequency` (Hz) and `sampleInterval` (s) when both are known and
    /// positive; otherwise `settings.filteringFactor`; otherwise `defaultFilteringFactor` (0.1).
    public static func filteringFactor(settings: FilterSettings, sampleInterval: Double?) -> Double {
        if let cutoff = settings.cutoffFrequency, cutoff > 0, let sampleInterval, sampleInterval > 0 {
            return filteringFactor(cutoffFrequency: cutoff, sampleInterval: sampleInterval)
        }
        return settings.filteringFactor ?? defaultFilteringFactor
    }

    /// The smoothing factor of the discrete-time RC low-pass filter with cutoff `cutoffFrequency`
    /// f_c (Hz) at sample interval `sampleInterval` Δt (s): `k = Δt / (RC + Δt)` with
    /// `RC = 1 / (2π f_c)` (the exponential smoothing form of an RC circuit; see e.g. Wikipedia,
    /// "Low-pass filter", § Discrete-time realization). 50 Hz data (Δt = 0.02 s) and f_c = 1 Hz
    /// give k ≈ 0.111635.
    public static func filteringFactor(cutoffFrequency: Double, sampleInterval: Double) -> Double {
        let rc = 1 / (2 * Double.pi * cutoffFrequency)
        return sampleInterval / (rc + sampleInterval)
    }

    /// The median of the positive time steps between consecutive samples (in input order) that
    /// both have timestamps, in seconds — the inverse of the sample rate, robust to dropped samples
    /// and jitter; the mean of the two middle steps for an even count. `nil` when there is none.
    public static func medianInterval(_ samples: [AccelerationSample]) -> Double? {
        var steps: [Double] = []
        steps.reserveCapacity(samples.count)
        var previous: Date?
        for sample in samples {
            if let timestamp = sample.timestamp, let before = previous {
                let step = timestamp.timeIntervalSince(before)
                if step > 0 { steps.append(step) }
            }
            previous = sample.timestamp
        }
        guard !steps.isEmpty else { return nil }
        steps.sort()
        let middle = steps.count / 2
        return steps.count % 2 == 1 ? steps[middle] : (steps[middle - 1] + steps[middle]) / 2
    }

    /// Where each event happened: the position on the track at the event's time, as
    /// ``TrackTimeline/position(at:)`` interpolates it (along the geodesic between the two kept fixes
    /// around it in the same segment). An event at a fix's time gets that fix's coordinate.
    ///
    /// Events with no timestamp, before the first or after the last timestamped fix, or in a gap
    /// between segments (never interpolated across a break) are left out. Fixes
    /// without timestamps are ignored. `segments` must be in time order, as `LocationFilter.apply`
    /// returns them.
    public static func place(events: [MotionEvent], on segments: [[LocationSample]])
        -> [(event: MotionEvent, coordinate: Coordinate)]
    {
        let timeline = TrackTimeline(segments: segments)
        return events.compactMap { event in
            guard let timestamp = event.timestamp, let position = timeline.position(at: timestamp) else { return nil }
            return (event, position.coordinate)
        }
    }
}
