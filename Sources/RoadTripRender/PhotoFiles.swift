import Foundation
import RoadTripCore

/// Where a destination's published photo copies go: `<slug>/photos/<name>.jpg` (web size) and
/// `<slug>/photos/<name>-thumb.jpg`, `<name>` being the original file name without its extension,
/// slugged (`IMG 0042.JPG` → `img-0042`) so that URLs need no escaping.
package enum PhotoFiles {
    /// The slugged base name of `photo`'s file.
    static func baseName(_ photo: Photo) -> String {
        Slug.make(from: (photo.fileName as NSString).deletingPathExtension)
    }

    /// The web-size copy's file name.
    package static func webName(_ photo: Photo) -> String { baseName(photo) + ".jpg" }

    /// The thumbnail's file name.
    package static func thumbnailName(_ photo: Photo) -> String { baseName(photo) + "-thumb.jpg" }
}
