import Foundation
import RoadTripCore

/// Destinations kept from an earlier load of the same project (`roadtrip serve` rebuilding), which
/// `SiteLoader` asks before it reads a source again. The build's incremental cache (`BuildCache`)
/// is the one implementation; a loader without one reads every source.
public protocol DestinationSourceCache: Sendable {
    /// The destinations of the source `sourcePath` (a destination's `sourcePath`), read from
    /// `files` (the file, or the destination folder): the kept ones, their diagnostics reported
    /// again to `log`, when `files` are unchanged since they were kept; otherwise what `load(log)`
    /// returns, kept for next time when `log` then holds no error. `log` is the source's own (empty
    /// when the call starts), so the call may judge the source by it. `reused` tells which
    /// happened. Called from several threads at once, one call per source.
    func destinations(
        ofSource sourcePath: String, files: URL, log: DiagnosticLog, load: (DiagnosticLog) -> [Destination]
    ) -> (destinations: [Destination], reused: Bool)

    /// Drops the kept sources that are not in `sourcePaths` (removed since the last load) and
    /// everything made from them.
    func keepOnlySources(_ sourcePaths: Set<String>)
}
