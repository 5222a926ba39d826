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
    /// in `log`, at `displayPath/name`); `nil` when the folder cannot be read — also when it may be
    /// listed but not searched (`chmod 600`): none of its entries could be opened, and each would
    /// be skipped as absent.
    static func names(
        in folder: URL, displayPath: String, skippingControlCharacters: Bool = true, log: DiagnosticLog
    ) -> [String]? {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path),
              !isUnsearchable(folder, holding: names)
        else { return nil }
        return names.sorted().filter { name in
            if skippingControlCharacters, name.unicodeScalars.contains(where: Self.isControl) {
                let shown = name.unicodeScalars.map { Self.isControl($0) ? "?" : String($0) }.joined()
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

    /// Why the `holding` of the folder at `folder` ("trip logs", "destinations") cannot be read,
    /// as a message, to be asked after ``names(in:displayPath:skippingControlCharacters:log:)``
    /// gave `nil`: "cannot list the trip logs in this folder: permission denied" (`strerror(3)`'s
    /// words lowercased, for `chmod 000`, 100 or 300; "cannot be read" when `opendir(3)` now
    /// succeeds), or, for a folder that may be listed but not searched (`chmod 600`), "cannot
    /// open the trip logs in this folder: permission denied (it may be listed but not searched)",
    /// or, for a symbolic link that leads through a folder that may not be searched, "cannot list
    /// the trip logs in this folder: permission denied (a folder on the way cannot be opened)".
    /// `nil` when `folder` is no folder (absent, a file, a link to nothing): there is nothing to
    /// list, and the loaders say so where it matters (``FileBytes/folderProblem(_:)``).
    static func listingFailure(of folder: URL, holding: String) -> String? {
        var status = stat()
        guard stat(folder.path, &status) == 0 else {
            // A link that leads through a folder that may not be searched. (A folder behind one
            // on the way to the link itself is that folder's error, reported where it is read.)
            guard FileBytes.isLinkToUnreachable(folder) else { return nil }
            return "cannot list the \(holding) in this folder: permission denied (a folder on the way cannot be opened)"
        }
        guard status.st_mode & S_IFMT == S_IFDIR else { return nil }
        guard let handle = opendir(folder.path) else {
            return "cannot list the \(holding) in this folder: " + String(cString: strerror(errno)).lowercased()
        }
        closedir(handle)
        if isUnsearchable(folder, holding: FolderListing.names(atPath: folder.path) ?? []) {
            return "cannot open the \(holding) in this folder: permission denied (it may be listed but not searched)"
        }
        return "cannot list the \(holding) in this folder: cannot be read"
    }

    /// Logs the error ``listingFailure(of:holding:)`` gives for a folder that is there and cannot
    /// be read, at `displayPath`. Going on without its files would build the destination without
    /// them and remove their published pages as stale, so it is an error, not a warning. Nothing
    /// is logged when `folder` is no folder.
    static func reportListingFailure(of folder: URL, displayPath: String, holding: String, log: DiagnosticLog) {
        guard let message = listingFailure(of: folder, holding: holding) else { return }
        log.error(SourceLocation(path: displayPath), message)
    }

    /// A control character: C0 (U+0000–U+001F), DEL, or C1 (U+0080–U+009F, NEL among them).
    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    /// Whether `folder`, which lists `names`, may be listed but not searched (`chmod 600`, `644`):
    /// its first entry cannot be stat'ed for want of permission (``FileBytes/isBehindUnsearchableFolder(_:)``).
    static func isUnsearchable(_ folder: URL, holding names: [String]) -> Bool {
        guard let first = names.first else { return false }
        return FileBytes.isBehindUnsearchableFolder(folder.appendingPathComponent(first))
    }
}
