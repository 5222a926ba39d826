import Foundation
import RoadTripCore

/// The entries of a project folder, for the loaders. Foundation gives a name that is not UTF-8
/// (a Latin-1 `Tromsø.gpx` copied from an old system) with U+FFFD in place of the bytes it cannot
/// decode, and no file has that name, so the entry could not be opened and would be skipped unseen;
/// each such entry is a warning instead, naming the folder and the name as shown. Where names become
/// output paths as they are (trip logs, photos), one with a line break or another control character
/// is a warning too, and skipped: no output path can hold it (the build would fail only when it
/// writes the output, naming the output file). A destination folder's name is slugged instead.
enum ProjectFolderNames {
    /// The names in `folder` (every entry, dotfiles too, sorted), without those that are not UTF-8
    /// and, with `skippingControlCharacters`, those holding a control character (each warned about
    /// in `log`, at `displayPath/name`); `nil` when the folder cannot be read.
    static func names(
        in folder: URL, displayPath: String, skippingControlCharacters: Bool = true, log: DiagnosticLog
    ) -> [String]? {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return nil }
        return names.sorted().filter { name in
            if skippingControlCharacters, name.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
                let shown = name.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? "?" : String($0) }.joined()
                log.warning(
                    SourceLocation(path: displayPath + "/" + shown),
                    "this name holds a line break or another control character (shown as ?); rename it; skipped")
                return false
            }
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

    /// Why the folder at `folder` cannot be listed, in `strerror(3)`'s words lowercased
    /// ("permission denied" for `chmod 000`, 100 or 300), to be asked after ``names(in:displayPath:skippingControlCharacters:log:)``
    /// gave `nil`; "cannot be read" when `opendir(3)` now succeeds (the listing failed later).
    /// `nil` when `folder` is no folder (absent, a file, a link to nothing): there is nothing to
    /// list, and the loaders say so where it matters (``FileBytes/folderProblem(_:)``).
    static func listingProblem(_ folder: URL) -> String? {
        var status = stat()
        guard stat(folder.path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else { return nil }
        guard let handle = opendir(folder.path) else { return String(cString: strerror(errno)).lowercased() }
        closedir(handle)
        return "cannot be read"
    }

    /// Logs the error for a folder that is there and cannot be listed (``listingProblem(_:)``):
    /// `displayPath: error: cannot list the <holding> in this folder: permission denied`. Going on
    /// without its files would build the destination without them and remove their published
    /// pages as stale, so it is an error, not a warning. Nothing is logged when `folder` is no folder.
    static func reportListingFailure(of folder: URL, displayPath: String, holding: String, log: DiagnosticLog) {
        guard let problem = listingProblem(folder) else { return }
        log.error(SourceLocation(path: displayPath), "cannot list the \(holding) in this folder: \(problem)")
    }
}
