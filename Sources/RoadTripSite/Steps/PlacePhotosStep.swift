import RoadTripCore
import RoadTripFormats
import RoadTripContent
import RoadTripCompute
import RoadTripRender

extension BuildStep {
    /// Each destination's photos placed on its filtered trip logs by time when they have no GPS
    /// (`PhotoGeotagger`, with `photos.cameraClockOffset` and `photos.maximumGap`), the nearest
    /// town to each placed one (the environment's geocoder: the gallery shows the place and the
    /// local time there), and their
    /// thumbnail and web copies (the environment's ``PhotoCopier``: by default libvips, cached in
    /// `<source>/.roadtrip-cache/`), in
    /// parallel across destinations. A photo whose copies cannot be made, or whose published name
    /// another photo of the destination already takes, is a warning and left out.
    static let placePhotos = BuildStep("place-photos") { state, context throws(BuildStop) in
        let config = state.config
        let recordings = state.recordings
        let destinations = state.destinations
        let (placed, _) = context.perDestination(destinations) { index, destination in
            Self.placedPhotos(of: destination, recordings: recordings[index], config: config, context: context)
        }
        state.placedPhotos = placed
        // A page that lacks a photo whose copies could not be made is not kept for the next build,
        // which tries the copies again (else it reused the page, and replayed the warning, until a
        // `--no-cache` build, even once the cause was gone).
        for (index, photos) in placed.enumerated() where photos.failedCopies > 0 {
            state.storedBuild?.forgetRenderings(ofSource: destinations[index].sourcePath)
        }
        if placed.contains(where: { $0.failedCopies > 0 }) {
            state.storedBuild?.refuseSnapshot("a photo's copies could not be made")
        }
        return CountText.counted(placed.reduce(0) { $0 + $1.photos.count }, "photo")
    }

    private static func placedPhotos(
        of destination: Destination, recordings: [ProcessedTripLog], config: SiteConfig, context: BuildContext
    ) -> BuildState.PlacedPhotos {
        guard !destination.photos.isEmpty else { return BuildState.PlacedPhotos() }
        let projectRoot = context.options.projectRoot
        let geotagger = PhotoGeotagger(
            tracks: recordings.map(\.track), cameraClockOffset: config.photosCameraClockOffset,
            maximumGap: config.photosMaximumGap)
        let settings = ThumbnailMaker.Settings(keepMetadata: config.photosKeepMetadata)
        var placed = BuildState.PlacedPhotos()
        var published: [String: String] = [:]  // output name → the file that took it
        for photo in geotagger.geotag(destination.photos) {
            let name = PhotoFiles.webName(photo)
            if let first = published[name] {
                context.log.warning(
                    SourceLocation(path: ProjectPath.relative(photo.url, to: projectRoot)),
                    "publishes as photos/\(name), as \(first) already does (names are slugged); rename one; photo skipped")
                continue
            }
            published[name] = photo.fileName
            do throws(Vips.Failure) {
                placed.copies[photo.fileName] = try context.environment.photoCopier.copies(
                    of: photo.url, projectRoot: projectRoot, settings: settings)
                placed.photos.append(photo)
                if let coordinate = photo.coordinate, let placemark = context.environment.geocoder.reverse(coordinate) {
                    placed.placemarks[photo.fileName] = placemark
                }
            } catch {
                placed.failedCopies += 1
                context.log.warning(
                    SourceLocation(path: ProjectPath.relative(photo.url, to: projectRoot)),
                    "cannot make the published copies: \(error.reason); photo skipped")
            }
        }
        return placed
    }
}
