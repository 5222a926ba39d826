import Foundation
import RoadTripCore

/// A file read byte by byte through a reused 64 KiB buffer, so readers stream files of any size
/// in constant memory.
struct ByteStream {
    private let handle: FileHandle
    private var chunk: [UInt8] = []
    private var position = 0
    private var atEnd = false

    /// Opens `url`.
    /// - Throws: a `Diagnostic` error naming `displayPath` when the file cannot be opened.
    init(url: URL, displayPath: String) throws(Diagnostic) {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw Diagnostic.error(SourceLocation(path: displayPath), FileBytes.reason(for: url, error: nil))
        }
        do {
            handle = try FileHandle(forReadingFrom: url)
        } catch {
            throw Diagnostic.error(SourceLocation(path: displayPath), FileBytes.reason(for: url, error: error))
        }
    }

    /// The next byte, or `nil` at the end of the file (the file is then closed).
    mutating func next() -> UInt8? {
        if position == chunk.count {
            if atEnd { return nil }
            let data = (try? handle.read(upToCount: 1 << 16)) ?? nil
            guard let data, !data.isEmpty else {
                atEnd = true
                try? handle.close()
                return nil
            }
            chunk.removeAll(keepingCapacity: true)
            chunk.append(contentsOf: data)
            position = 0
        }
        let byte = chunk[position]
        position += 1
        return byte
    }

    /// Reads the next line (ended by LF, CRLF or end of file) into `line`, without its line break;
    /// `false` at the end of the file.
    mutating func nextLine(into line: inout [UInt8]) -> Bool {
        line.removeAll(keepingCapacity: true)
        var any = false
        while let byte = next() {
            any = true
            if byte == 0x0A {
                if line.last == 0x0D { line.removeLast() }
                return true
            }
            line.append(byte)
        }
        if line.last == 0x0D { line.removeLast() }
        return any
    }
}
