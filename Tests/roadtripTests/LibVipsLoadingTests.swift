import Foundation
import Testing

/// libvips is opened on first use (dlopen in Sources/CVips), not linked: a build that makes no
/// photo copy and no share preview never loads it or the ~44 libraries only it needs. Checked
/// with glibc's dynamic loader tracing (`LD_DEBUG=files`, ld.so(8)), which writes
/// `file=libvips.so.42 [0];  needed by …` or `… dynamically loaded by …` when the library is
/// loaded, whatever loads it — into `<LD_DEBUG_OUTPUT>.<pid>` files rather than standard error.
@Suite struct LibVipsLoadingTests {
    /// Builds `project` with the loader's trace on; the trace of every process of the build.
    func tracedBuild(_ project: TemporaryProject) throws -> (output: CommandRunner.Output, trace: String) {
        let folder = project.root.appendingPathComponent("loader-trace")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let output = try project.build(
            ["--quiet"], environment: ["LD_DEBUG": "files", "LD_DEBUG_OUTPUT": folder.appendingPathComponent("trace").path])
        let trace = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted().map {
            try String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8)
        }.joined()
        return (output, trace)
    }

    /// Whether a loader trace shows libvips, or librsvg (which only libvips needs).
    func loadsLibVips(_ trace: String) -> (libvips: Bool, librsvg: Bool) {
        (trace.contains("file=libvips.so"), trace.contains("file=librsvg-2.so"))
    }

    @Test func aSiteWithoutPhotosOrPreviewsNeverLoadsLibVips() throws {
        let project = try TemporaryProject()
        defer { project.remove() }
        try project.write("Destinations/site.yaml", "title: T\n")
        try project.write("Destinations/bled/index.md", "---\ntitle: Bled\nlatitude: 46.3683\nlongitude: 14.1146\n---\nA lake.\n")
        let (output, trace) = try tracedBuild(project)
        #expect(output.status == 0, "\(output.standardError)")
        // The trace itself is there (the test would pass vacuously without it).
        #expect(trace.contains("file=libc.so.6"))
        let loaded = loadsLibVips(trace)
        #expect(!loaded.libvips && !loaded.librsvg)
    }

    @Test func aPhotoLoadsLibVipsWhenItIsNeeded() throws {
        let project = try PhotosTests.onePhotoProject(
            slug: "bled", frontMatter: "title: Bled\nlatitude: 46.3683\nlongitude: 14.1146", photo: "a.jpg", prose: "A lake.\n")
        defer { project.remove() }
        let (output, trace) = try tracedBuild(project)
        #expect(output.status == 0, "\(output.standardError)")
        #expect(trace.contains("dynamically loaded by"))
        #expect(loadsLibVips(trace).libvips)
        // The copy libvips made is a JPEG (SOI marker FF D8).
        let copies = try FileManager.default.subpathsOfDirectory(atPath: project.root.appendingPathComponent("Output/bled").path)
            .filter { $0.hasSuffix(".jpg") }
        #expect(!copies.isEmpty)
        if let copy = copies.first {
            let bytes = Array(try Data(contentsOf: project.root.appendingPathComponent("Output/bled/" + copy)).prefix(2))
            #expect(bytes == [0xFF, 0xD8])
        }
    }
}
