import Foundation
import RoadTripCore

/// The entries of a project folder, for the loaders. Foundation gives a name that is not UTF-8
/// (a Latin-1 `Tromsø.gpx` copied from an old system) with U+FFFD in place of the bytes it cannot
/// decode, and no file has that name, so the entry could not be opened and would be skipped unseen;
/// each such entry is a warning instead, naming the folder and the name as shown.
enum FolderListing {
    /// The names in `folder` (every entry, dotfiles too, sorted), without those that are not UTF-8
    /// (warned about in `log`, at `displayPath/name`); `nil` when the folder cannot be read.
    static func names(in folder: URL, displayPath: String, log: DiagnosticLog) -> [String]? {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return nil }
        return names.sorted().filter { name in
            guard name.unicodeScalars.contains("\u{FFFD}"),
                !FileBytes.isPresent(folder.appendingPathComponent(name))
            else { return true }
            log.warning(
                SourceLocation(path: displayPath + "/" + name),
                "this name is not UTF-8 text (shown with � for the bytes that are not), so roadtrip cannot open it; "
                    + "rename it (for example with `convmv -f latin1 -t utf8`); skipped")
            return false
        }
    }
}
