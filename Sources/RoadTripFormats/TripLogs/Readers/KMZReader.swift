internal import CZip
import Foundation
import RoadTripCore

/// Reads a KMZ: a zip archive holding a KML document (and the images it uses), as Google Earth,
/// My Maps and OpenTracks write it. Google's KML reference ("KMZ Files") names the document: the
/// first `.kml` file at the root of the archive, usually `doc.kml`; roadtrip takes that one, or,
/// when the root has none, the first `.kml` file in a folder. It is unzipped with libzip into a
/// temporary file (in chunks, so memory stays the same whatever its size) and read by `KMLReader`.
/// On Linux the temporary file has no name from the moment it is made (`mkstemp`, then `unlink`;
/// it is read through `/proc/self/fd/N` while its descriptor is open), so a build killed while it
/// reads leaves nothing behind; elsewhere it is removed when the read ends. Diagnostics name the archive and the document inside it:
/// `trips/day.kmz (doc.kml):12:5: warning: …`.
///
/// The one file that imports libzip (CZip).
public enum KMZReader {
    /// The largest KML document unzipped, in bytes (1 GiB): far above any real track (a
    /// 1-million-point `gx:Track` is about 100 MB), and a bound on the disk — or, where `/tmp` is a
    /// tmpfs (Debian 13's default), the memory — a zip bomb can take.
    public static let maximumDocumentSize: UInt64 = 1 << 30

    /// Reads the KMZ at `url`; `nil` after an error in `log`: the file cannot be opened
    /// (`FileBytes.reason`: "permission denied: the file is not readable"), is not a readable zip
    /// archive ("not a readable zip archive: …", libzip's reason), holds no `.kml` file (the
    /// message lists what it holds), its document is encrypted, larger than
    /// `maximumDocumentSize` or cannot be unzipped, or `KMLReader` reports an error in the document.
    /// - Parameters: as for `KMLReader.read`; `slug` is the archive's.
    public static func read(
        _ url: URL, displayPath: String, slug: String, timeZone: TimeZone, log: DiagnosticLog
    ) -> TripLog? {
        let location = SourceLocation(path: displayPath)
        if (try? url.resourceValues(forKeys: [.fileSizeKey]).fileSize) == 0 {
            log.error(location, FileBytes.emptyFileMessage("a KMZ is a zip archive holding a .kml document"))
            return nil
        }
        if let failure = libzipFailure {
            log.error(location, "cannot read a KMZ: \(failure)")
            return nil
        }
        let (opened, errorCode) = open(url)
        guard let archive = opened else {
            if errorCode == ZIP_ER_OPEN {
                // Not there, not readable, a folder: said in the words every reader uses.
                log.error(location, FileBytes.reason(for: url, error: nil))
            } else if errorCode == ZIP_ER_NOZIP, FileBytes.startsWith(url, zipSignature) {
                log.error(location, "the zip archive is cut short or damaged: it starts as a zip does, but its directory "
                    + "(at the end of the file) is missing; copy the KMZ again, or repair it with `zip -FF`")
            } else {
                log.error(location, "not a readable zip archive: \(reason(forCode: errorCode)) (a KMZ is a zip archive holding a .kml file)")
            }
            return nil
        }
        defer { rt_zip_discard(archive) }
        let names = entryNames(archive)
        guard let (index, name) = documentEntry(names) else {
            let listed = names.prefix(5).map { $0.name }.joined(separator: ", ")
            let more = names.count > 5 ? ", … (\(names.count) files)" : ""
            log.error(location, "a KMZ holds a .kml document; this archive has none"
                + (names.isEmpty ? " (it is empty)" : " (it holds \(listed)\(more))"))
            return nil
        }
        let document: UnzippedDocument
        do throws(Diagnostic) {
            guard let made = UnzippedDocument() else {
                throw .error(location, "cannot unzip \(name): the temporary folder is not writable")
            }
            document = made
            try unzip(index, name: name, of: archive, to: document.descriptor, displayPath: displayPath)
        } catch {
            log.report(error)
            return nil
        }
        guard var tripLog = KMLReader.read(
            document.url, displayPath: "\(displayPath) (\(name))", slug: slug, timeZone: timeZone, log: log)
        else { return nil }
        tripLog.sourcePath = displayPath
        tripLog.format = .kmz
        return tripLog
    }

    /// A zip archive's first bytes (a local file header, PKWARE APPNOTE §4.3.7).
    static let zipSignature: [UInt8] = [0x50, 0x4B, 0x03, 0x04]

    /// Whether the file at `url` starts as a zip archive does but libzip finds no archive in it: a
    /// zip's directory is at its end, so a copy cut short has none.
    public static func isCutShort(_ url: URL) -> Bool {
        guard FileBytes.startsWith(url, zipSignature) else { return false }
        let (opened, errorCode) = open(url)
        guard let archive = opened else { return errorCode == ZIP_ER_NOZIP }
        rt_zip_discard(archive)
        return false
    }

    /// Why libzip cannot be loaded (opened on first use, `rt_zip_load`), or `nil` once it is.
    static let libzipFailure: String? = CErrorText.failure(of: rt_zip_load)

    /// The archive at `url` opened read-only with libzip (to `zip_discard`), or `nil` and
    /// libzip's error code (`ZIP_ER_OPEN` when libzip itself cannot be loaded).
    private static func open(_ url: URL) -> (archive: OpaquePointer?, errorCode: Int32) {
        guard libzipFailure == nil else { return (nil, ZIP_ER_OPEN) }
        var errorCode: Int32 = 0
        let archive = url.withUnsafeFileSystemRepresentation { path in
            path.flatMap { rt_zip_open($0, ZIP_RDONLY, &errorCode) }
        }
        return (archive, errorCode)
    }

    /// Whether the zip archive at `url` holds a `.kml` document (`TripLogContent`'s test for a zip).
    public static func holdsDocument(_ url: URL) -> Bool {
        guard let archive = open(url).archive else { return false }
        defer { rt_zip_discard(archive) }
        return documentEntry(entryNames(archive)) != nil
    }

    /// The archive's entries, in archive order: index and name (folders end with `/`).
    private static func entryNames(_ archive: OpaquePointer) -> [(index: UInt64, name: String)] {
        let count = rt_zip_get_num_entries(archive, 0)
        guard count > 0 else { return [] }
        return (0..<UInt64(count)).compactMap { index in
            rt_zip_get_name(archive, index, zip_flags_t(ZIP_FL_ENC_GUESS)).map { (index, String(cString: $0)) }
        }
    }

    /// The document entry (see the type's rule): the first root `.kml`, else the first `.kml`.
    static func documentEntry(_ entries: [(index: UInt64, name: String)]) -> (UInt64, String)? {
        let documents = entries.filter { $0.name.lowercased().hasSuffix(".kml") }
        let chosen = documents.first { !$0.name.contains("/") } ?? documents.first
        return chosen.map { ($0.index, $0.name) }
    }

    /// A temporary file for the unzipped document, removed when this is released (see the type).
    private final class UnzippedDocument {
        /// Open for reading and writing.
        let descriptor: Int32
        /// Where readers open it.
        let url: URL
        private let pathToRemove: String?

        init?() {
            // mkstemp(3)'s template: a name ending in six 'X' characters, which it replaces with a
            // unique suffix.
            let uniqueSuffix = String(repeating: "X", count: 6)
            var template = Array((FileManager.default.temporaryDirectory.path + "/roadtrip-kmz-" + uniqueSuffix).utf8CString)
            descriptor = mkstemp(&template)
            guard descriptor >= 0 else { return nil }
            let path = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            #if os(Linux)
            unlink(path)  // the file lives on, nameless, while `descriptor` is open
            url = URL(fileURLWithPath: "/proc/self/fd/\(descriptor)")
            pathToRemove = nil
            #else
            url = URL(fileURLWithPath: path)
            pathToRemove = path
            #endif
        }

        deinit {
            close(descriptor)
            if let pathToRemove { unlink(pathToRemove) }
        }
    }

    /// Unzips entry `index` (`name`) into the empty file open at `target`, 64 KiB at a time.
    private static func unzip(
        _ index: UInt64, name: String, of archive: OpaquePointer, to target: Int32, displayPath: String
    ) throws(Diagnostic) {
        let location = SourceLocation(path: displayPath)
        var status = zip_stat_t()
        rt_zip_stat_init(&status)
        if rt_zip_stat_index(archive, index, 0, &status) == 0 {
            if status.valid & UInt64(ZIP_STAT_ENCRYPTION_METHOD) != 0 && status.encryption_method != UInt16(ZIP_EM_NONE) {
                throw .error(location, "\(name) is encrypted; roadtrip reads only unencrypted KMZ archives")
            }
            if status.valid & UInt64(ZIP_STAT_SIZE) != 0 && status.size > maximumDocumentSize {
                throw .error(location, "\(name) unzips to \(status.size) bytes, more than the \(maximumDocumentSize) roadtrip reads")
            }
        }
        guard let entry = rt_zip_fopen_index(archive, index, 0) else {
            throw .error(location, "cannot unzip \(name): \(String(cString: rt_zip_strerror(archive)))")
        }
        defer { rt_zip_fclose(entry) }
        let output = FileHandle(fileDescriptor: target, closeOnDealloc: false)
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var total: UInt64 = 0
        while true {
            let count = buffer.withUnsafeMutableBytes { rt_zip_fread(entry, $0.baseAddress, UInt64($0.count)) }
            if count < 0 {
                throw .error(location, "cannot unzip \(name): \(String(cString: rt_zip_file_strerror(entry)))")
            }
            if count == 0 { break }
            total += UInt64(count)
            if total > maximumDocumentSize {
                throw .error(location, "\(name) unzips to more than the \(maximumDocumentSize) bytes roadtrip reads")
            }
            do {
                try output.write(contentsOf: buffer[0..<Int(count)])
            } catch {
                throw .error(location, "cannot unzip \(name): \(error.localizedDescription)")
            }
        }
    }

    /// libzip's words for an error code of `zip_open`.
    private static func reason(forCode code: Int32) -> String {
        var error = zip_error_t()
        rt_zip_error_init_with_code(&error, code)
        defer { rt_zip_error_fini(&error) }
        return String(cString: rt_zip_error_strerror(&error))
    }
}
