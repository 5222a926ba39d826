import Foundation

/// Every entry below a folder, depth first, not following symbolic links: what the tests that
/// compare output folders entry by entry walk.
public enum FolderWalk {
    /// One entry: its path relative to the folder walked (components joined with `/`), its URL,
    /// and its attributes (`FileManager.attributesOfItem`, of the link itself for a link).
    public struct Entry {
        public let path: String
        public let url: URL
        public let attributes: [FileAttributeKey: Any]

        /// The entry's type (`.typeDirectory`, `.typeSymbolicLink`, `.typeRegular`, …).
        public var type: FileAttributeType? { attributes[.type] as? FileAttributeType }
    }

    /// The entries below `folder` (which must exist), each folder before what it holds.
    /// - Throws: the first error reading a folder or an entry's attributes.
    public static func entries(below folder: URL) throws -> [Entry] {
        var entries: [Entry] = []
        func walk(_ relative: String) throws {
            let url = relative.isEmpty ? folder : folder.appendingPathComponent(relative)
            for name in try FileManager.default.contentsOfDirectory(atPath: url.path) {
                let path = relative.isEmpty ? name : relative + "/" + name
                let item = folder.appendingPathComponent(path)
                let entry = Entry(path: path, url: item, attributes: try FileManager.default.attributesOfItem(atPath: item.path))
                entries.append(entry)
                if entry.type == .typeDirectory { try walk(path) }
            }
        }
        try walk("")
        return entries
    }
}
