import Foundation

/// Arithmetic on the circle of longitudes (degrees), where −180° and 180° are the same meridian.
public enum Longitude {
    /// `degrees` moved by a whole number of turns into −180…180 (degrees). Values already in
    /// −180…180 are returned unchanged, so both −180 and 180 survive; non-finite values give NaN.
    public static func wrapped(_ degrees: Double) -> Double {
        unwrapped(degrees, near: 0)
    }

    /// `degrees` moved by a whole number of turns to within 180° of `reference` (degrees): the
    /// short way round, so a path across the antimeridian stays continuous. A value already within
    /// ±180° of `reference` is returned unchanged (bit for bit); non-finite input gives NaN.
    public static func unwrapped(_ degrees: Double, near reference: Double) -> Double {
        let difference = degrees - reference
        let turns = ((difference - remainder(difference, 360)) / 360).rounded()
        return degrees - turns * 360
    }
}
