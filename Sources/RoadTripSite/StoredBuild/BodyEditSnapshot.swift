import RoadTripCore
import RoadTripGeo

/// What a build leaves in its ``StoredBuildFile`` for the next one to tell that only the prose of
/// some destinations changed since (``BodyEditRebuild``): everything besides the destinations'
/// own sources that decides the site — the names in `Destinations/`, every source's fingerprint,
/// the diagnostics of each step, the offline basemap's tiles in the output folder, and the output
/// files no stored record stamps. Written only by a build where each of those could be told
/// again without running its steps (``StoredBuild/save()`` says when).
struct BodyEditSnapshot: Sendable, Equatable {
    /// One source as the build fingerprinted it (``SourceFingerprint``).
    struct Source: Sendable, Equatable {
        /// The source path (a destination's `sourcePath`: `Destinations/<name>/index.md`, or
        /// `Destinations/Destinations.plist`).
        var path: String
        /// ``StoredBuild``'s digest of its fingerprint with its path.
        var digest: String
        /// The same without the folder's `index.md` (`""` for a file source): equal when nothing
        /// but `index.md` changed in the folder.
        var digestOutsideIndex: String
        /// The folder's ``SourceFingerprint/folderStamp`` (`""` when it has none, or holds a
        /// folder) and its files' names: while the stamp is the same, the next build stats those
        /// files without listing the folder.
        var folderStamp = ""
        var fileNames: [String] = []
    }

    /// An entry of `Destinations/` that is not a source, with its ``DestinationsListing/stamp(of:in:)``.
    struct OtherEntry: Sendable, Equatable {
        var name: String
        var stamp: String
    }

    /// The diagnostics one step reported, in order.
    struct StepDiagnostics: Sendable, Equatable {
        /// The step's name (`plan-itinerary`).
        var step: String
        var diagnostics: [Diagnostic]
    }

    /// ``DestinationsListing/read(_:)``'s digest of `Destinations/` when the build started.
    var listing: String
    /// Every source the build loaded, sorted by path.
    var sources: [Source]
    /// The entries of `Destinations/` that are no source (but dotfiles, and `site.yaml`, which the
    /// site key fingerprints), sorted by name: a folder
    /// without `index.md`, a stray file, a link to nothing — the next build checks their stamps.
    var otherEntries: [OtherEntry] = []
    /// How many destinations the build published.
    var destinationCount: Int
    /// What each step after load-config reported, in step order, write-output's before its save.
    var stepDiagnostics: [StepDiagnostics]
    /// The offline basemap's fingerprint (`BasemapTileCache.fingerprint(of:)`), `nil` without tiles.
    var basemapFingerprint: String?
    /// The geocoder's data (`Geocoder.dataIdentity`: libgeonames' library file), `""` without one:
    /// another gazetteer can name other nearest towns.
    var geocoderIdentity = ""
    /// The tiles the output folder holds as links to the basemap cache's files, sorted.
    var tiles: [BasemapPyramid.Tile]
    /// The output files that neither a stored record nor the basemap index stamps (the theme's
    /// assets, `404.html`, `sitemap.xml`, …), with their stamps after the write.
    var looseFiles: [StoredBuildFile.StampedFile]
}

extension StoredBytesWriter {
    /// `snapshot`'s fields in declaration order (a list as a count and its items; a tile as its
    /// zoom, x and y).
    mutating func append(_ snapshot: BodyEditSnapshot) {
        append(snapshot.listing)
        append(count: snapshot.sources.count)
        for source in snapshot.sources {
            append(source.path)
            append(source.digest)
            append(source.digestOutsideIndex)
            append(source.folderStamp)
            append(source.fileNames)
        }
        append(count: snapshot.otherEntries.count)
        for entry in snapshot.otherEntries {
            append(entry.name)
            append(entry.stamp)
        }
        append(snapshot.destinationCount)
        append(count: snapshot.stepDiagnostics.count)
        for step in snapshot.stepDiagnostics {
            append(step.step)
            append(count: step.diagnostics.count)
            for diagnostic in step.diagnostics { append(diagnostic) }
        }
        append(snapshot.basemapFingerprint)
        append(snapshot.geocoderIdentity)
        append(count: snapshot.tiles.count)
        for tile in snapshot.tiles {
            append(tile.zoom)
            append(tile.x)
            append(tile.y)
        }
        append(count: snapshot.looseFiles.count)
        for file in snapshot.looseFiles { append(file) }
    }
}

extension StoredBytesReader {
    /// What ``StoredBytesWriter/append(_:)-(BodyEditSnapshot)`` wrote, or `nil`.
    mutating func bodyEditSnapshot() -> BodyEditSnapshot? {
        guard let listing = string(),
              let sources = list({ reader -> BodyEditSnapshot.Source? in
                  guard let path = reader.string(), let digest = reader.string(), let outside = reader.string(),
                        let folderStamp = reader.string(), let fileNames = reader.strings()
                  else { return nil }
                  return BodyEditSnapshot.Source(
                      path: path, digest: digest, digestOutsideIndex: outside, folderStamp: folderStamp, fileNames: fileNames)
              }),
              let otherEntries = list({ reader -> BodyEditSnapshot.OtherEntry? in
                  guard let name = reader.string(), let stamp = reader.string() else { return nil }
                  return BodyEditSnapshot.OtherEntry(name: name, stamp: stamp)
              }),
              let destinationCount = int(),
              let steps = list({ reader -> BodyEditSnapshot.StepDiagnostics? in
                  guard let step = reader.string(), let diagnostics = reader.list({ $0.diagnostic() }) else { return nil }
                  return BodyEditSnapshot.StepDiagnostics(step: step, diagnostics: diagnostics)
              }),
              let basemapFingerprint = optional({ $0.string() }), let geocoderIdentity = string(),
              let tiles = list({ reader -> BasemapPyramid.Tile? in
                  guard let zoom = reader.int(), let x = reader.int(), let y = reader.int(), (0...30).contains(zoom),
                        (0..<(1 << zoom)).contains(x), (0..<(1 << zoom)).contains(y)
                  else { return nil }
                  return BasemapPyramid.Tile(zoom: zoom, x: x, y: y)
              }),
              let looseFiles = list({ $0.stampedFile() })
        else { return nil }
        return BodyEditSnapshot(
            listing: listing, sources: sources, otherEntries: otherEntries, destinationCount: destinationCount, stepDiagnostics: steps,
            basemapFingerprint: basemapFingerprint, geocoderIdentity: geocoderIdentity, tiles: tiles, looseFiles: looseFiles)
    }
}
