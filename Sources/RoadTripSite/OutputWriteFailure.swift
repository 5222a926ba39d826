import RoadTripCore

/// Why ``OutputWriter/write(_:holding:)`` failed, and whether it had changed the output folder by
/// then: a failure in the middle of the apply phase (a rename refused by a folder made read-only)
/// leaves part of the build's files in place, which the next build that succeeds completes.
public struct OutputWriteFailure: Error, Sendable {
    /// The error, at the output file (or the output folder) it concerns.
    public let diagnostic: Diagnostic
    /// Whether the output folder holds part of this build's files (and so a mix of two builds).
    public let outputChanged: Bool
}
