import Foundation
import Testing
@testable import RoadTripKit
@testable import RoadTripCore
@testable import RoadTripFormats
@testable import RoadTripGeo
@testable import RoadTripContent
@testable import RoadTripCompute
@testable import RoadTripRender
@testable import RoadTripSite
@testable import RoadTripServe

/// Why a project file cannot be read, in words (issue 11): never "NSCocoaErrorDomain error 256".
@Suite struct FileBytesTests {
    @Test func folderMissingFileAndDanglingLink() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("filebytes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        func message(_ url: URL) -> String? {
            do { _ = try FileBytes.read(url); return nil } catch { return error.message }
        }
        #expect(message(folder) == "this is a directory, not a file")
        #expect(message(folder.appendingPathComponent("missing.json")) == "the file does not exist")
        let link = folder.appendingPathComponent("link.json")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: folder.appendingPathComponent("gone").path)
        #expect(message(link) == "this is a symbolic link to a missing file ('\(folder.path)/gone')")
        // A link to nothing is there (so optional files that are one get read, and reported);
        // a missing file is not.
        #expect(FileBytes.isPresent(link) && FileBytes.danglingLinkTarget(link) == folder.path + "/gone")
        #expect(!FileBytes.isPresent(folder.appendingPathComponent("missing.json")))
        let file = folder.appendingPathComponent("ok.json")
        try Data("[]".utf8).write(to: file)
        #expect(try FileBytes.read(file) == Data("[]".utf8))
        // The same reasons reach TextFile's readers (index.md, site.yaml, templates).
        #expect(throws: FileReadError.self) { try TextFile.read(folder) }
        // Where a folder is looked for: a link to nothing, and a link to itself (`ln -s Themes
        // Themes`, once called "a link to a missing folder" by a fresh-clone tester's account).
        let themes = folder.appendingPathComponent("Themes")
        try FileManager.default.createSymbolicLink(atPath: themes.path, withDestinationPath: "Themes")
        #expect(FileBytes.folderProblem(themes) == "this is a symbolic link in a loop ('Themes'), which leads to no folder")
        #expect(FileBytes.folderProblem(link) == "this is a symbolic link to a missing folder ('\(folder.path)/gone')")
        #expect(FileBytes.folderProblem(folder) == nil && FileBytes.folderProblem(file) == "this is a file, not a folder")
    }

    /// What is in the way of writing a file, in words and relative to the project, and the
    /// write's error saying it (never "NSCocoaErrorDomain error 512" or "A file with the same name
    /// already exists").
    @Test func whatIsInTheWayOfAWrite() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("filebytes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        func writeError(_ data: Data, to url: URL, replacing: Bool) -> String? {
            do throws(FileWriteError) {
                try FileBytes.write(data, to: url, replacing: replacing, projectRoot: root)
                return nil
            } catch {
                return error.description
            }
        }
        let target = root.appendingPathComponent("Themes/default/layouts/base.mustache")
        #expect(FileBytes.obstacle(toWriting: target, projectRoot: root) == nil)

        try Data("x".utf8).write(to: root.appendingPathComponent("Themes"))
        #expect(FileBytes.obstacle(toWriting: target, projectRoot: root) == "Themes is a file, not a folder; move it away")
        #expect(writeError(Data(), to: target, replacing: true)
            == "cannot write Themes/default/layouts/base.mustache: Themes is a file, not a folder; move it away")
        try FileManager.default.removeItem(at: root.appendingPathComponent("Themes"))

        try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
        #expect(FileBytes.obstacle(toWriting: target, projectRoot: root)
            == "Themes/default/layouts/base.mustache is a folder, not a file; move it away")
        try FileManager.default.removeItem(at: target.deletingLastPathComponent())

        try FileManager.default.createSymbolicLink(
            at: root.appendingPathComponent("Themes/default/layouts"), withDestinationURL: root.appendingPathComponent("gone"))
        #expect(FileBytes.obstacle(toWriting: target, projectRoot: root)
            == "Themes/default/layouts is a symbolic link to nothing; remove it")

        // A file that may not be replaced.
        let file = root.appendingPathComponent("index.md")
        try FileBytes.write(Data("one\n".utf8), to: file, replacing: false, projectRoot: root)
        #expect(writeError(Data("two\n".utf8), to: file, replacing: false) == "cannot write index.md: it already exists")
        #expect(try Data(contentsOf: file) == Data("one\n".utf8))
    }

    /// A file with nothing but white space (and a BOM) is blank: every reader says "the file is
    /// empty" for it, then what the file should hold.
    @Test func blankFiles() {
        #expect(FileBytes.isBlank(Data()))
        #expect(FileBytes.isBlank(Data(" \t\r\n".utf8)))
        #expect(FileBytes.isBlank(Data([0xEF, 0xBB, 0xBF, 0x0A])))
        #expect(!FileBytes.isBlank(Data("[]".utf8)))
        #expect(FileBytes.emptyFileMessage("a GPX document has a <gpx> root element")
            == "the file is empty: a GPX document has a <gpx> root element")
    }
}
