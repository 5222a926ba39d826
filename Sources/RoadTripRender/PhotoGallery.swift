import RoadTripCompute

/// The destination page's gallery: one item per published photo, in the trip's order, with its
/// copies' links and pixel sizes (for `srcset`, `width` and `height`), the local time and place it
/// was taken, and how it was placed on the map.
extension PageRenderer {
    /// The gallery items of `trip`'s photos whose copies were made, linked from the destination's
    /// page (`<slug>/index.html`, so the copies are at `photos/<name>`).
    func galleryItems(of trip: Trip) -> [DestinationContext.PhotoItem] {
        trip.photos.indices.compactMap { index in
            let photo = trip.photos[index]
            guard let copies = trip.photoCopies[photo.fileName] else { return nil }
            let placemark = trip.photoPlacemarks[photo.fileName]
            let when = PlaceAndTime(placemark, photo.time, dates: dates)
            let thumbnail = "photos/" + PhotoFiles.thumbnailName(photo)
            let web = "photos/" + PhotoFiles.webName(photo)
            let described = when.text.isEmpty ? "\(index + 1) of \(trip.destinationName)" : when.text
            return DestinationContext.PhotoItem(
                title: photo.title,
                alt: photo.caption ?? "Photo " + described,
                thumbnail: thumbnail,
                web: web,
                srcset: Self.sourceSet(thumbnail: (thumbnail, copies.thumbnailSize), web: (web, copies.webSize)),
                thumbnailSize: copies.thumbnailSize,
                webSize: copies.webSize,
                annotationID: photo.coordinate == nil ? nil : Trip.photoAnnotationID(index),
                placedFromTrack: photo.coordinateSource == .trackLog,
                unplaced: photo.coordinate == nil ? (photo.unplacedReason?.text ?? "no GPS position") : nil,
                time: when.time,
                dateTime: when.dateTime,
                place: placemark.map(Self.placemarkLine))
        }
    }

    /// An `srcset` (HTML Living Standard §4.8.4.2) of the two copies with their widths as `w`
    /// descriptors: "photos/a-thumb.jpg 300w, photos/a.jpg 1201w". When the web copy is no wider
    /// than the thumbnail (a photo smaller than the thumbnail's edge is never scaled up, so both
    /// copies have its size), the thumbnail alone: two candidates with one width are invalid.
    static func sourceSet(
        thumbnail: (url: String, size: PhotoCopies.PixelSize), web: (url: String, size: PhotoCopies.PixelSize)
    ) -> String {
        let first = "\(thumbnail.url) \(thumbnail.size.width)w"
        return web.size.width > thumbnail.size.width ? first + ", \(web.url) \(web.size.width)w" : first
    }
}
