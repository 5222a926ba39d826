import Foundation
import RoadTripCore

/// The names in one folder, read once, to skip looking for files and folders that are not there: a
/// destination folder is asked about ten names (`pois.json`, `pois.plist`, `trips/`, `photos/`,
/// `images/`, `contacts.vcf`…), and each `stat` through Foundation's `URL` cost about 20,000
/// instructions (callgrind), more than reading most destinations' `index.md`.
///
/// Only ever a shortcut for "absent": a name the folder may hold is still looked at as before,
/// so every warning about what is there (a `trips` file, a symbolic link to nothing) stays.
/// Names compare case-insensitively, so a case-insensitive file system (APFS, NTFS) that opens
/// `Pois.json` as `pois.json` finds it as before.
struct FolderEntryNames {
    /// The folder's names, lowercased; `nil` when the folder could not be listed (then every name
    /// may be there).
    private let lowercasedNames: Set<String>?

    /// Lists `folder` (one `opendir`/`readdir`).
    init(of folder: URL) {
        lowercasedNames = FolderListing.names(atPath: folder.path).map { Set($0.map { $0.lowercased() }) }
    }

    /// Whether `name` may be in the folder: listed (in any case), or the folder could not be listed.
    func mayHold(_ name: String) -> Bool {
        lowercasedNames?.contains(name.lowercased()) ?? true
    }
}
