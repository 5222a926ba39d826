import Foundation
import Synchronization

/// A running `roadtrip serve` for tests: started with `--port 0`, its output collected line by line
/// (``RunningCommand``), its URL read from the "Serving http://…" line.
final class ServerProcess: @unchecked Sendable {
    let command: RunningCommand
    let port: Int

    var process: Process { command.process }

    /// Starts `roadtrip serve --source <root> --port 0 <extra>` (with `environment` added to the
    /// test process's own) and waits (up to 30 s) until it serves. With `launcher`, that program
    /// runs `roadtrip` (its path after `launcher.arguments`), as `setpriv` runs it as another user.
    init(
        root: URL, extra: [String] = [], environment: [String: String] = [:],
        launcher: (program: URL, arguments: [String])? = nil
    ) throws {
        let arguments = ["serve", "--source", root.path, "--port", "0"] + extra
        let command = try launcher.map {
            try RunningCommand($0.arguments + [CommandRunner.executable.path] + arguments, program: $0.program, environment: environment)
        } ?? RunningCommand(arguments, environment: environment)
        guard let port = Self.port(of: command, within: 30) else {
            command.process.terminate()
            throw ServerTestError.message("serve did not start: \(command.errors)")
        }
        self.command = command
        self.port = port
    }

    /// The port of `command`'s "Serving http://<host>:N/" line, waiting up to `seconds` for it
    /// while the process runs; `nil` when it does not come.
    static func port(of command: RunningCommand, within seconds: Double) -> Int? {
        var port: Int?
        _ = RunningCommand.poll(seconds) {
            let text = command.output
            if let range = text.range(of: #"Serving http://[^ ]+:(\d+)/"#, options: .regularExpression) {
                port = Int(text[range].split(separator: ":").last!.dropLast())
            }
            return port != nil || !command.process.isRunning
        }
        return port
    }

    var output: String { command.output }
    var errors: String { command.errors }

    /// Waits up to `seconds` for `condition` on the standard error text.
    func waitForError(_ seconds: Double = 20, _ condition: (String) -> Bool) -> Bool {
        command.waitForError(seconds, condition)
    }

    /// Sends `signal` and waits up to `seconds` for the process to end; its exit status, or nil.
    func stop(signal: Int32 = SIGINT, within seconds: Double = 10) -> Int32? {
        // Stopped already (a test's own stop, then its deferred one): no signal to a reused pid.
        guard process.isRunning else { return process.terminationStatus }
        kill(process.processIdentifier, signal)
        let deadline = Date(timeIntervalSinceNow: seconds)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        if process.isRunning {
            process.terminate()
            return nil
        }
        return process.terminationStatus
    }
}

/// Text collected from another thread.
final class TextBuffer: Sendable {
    private let storage = Mutex("")
    func append(_ data: Data) { storage.withLock { $0 += String(decoding: data, as: UTF8.self) } }
    func append(_ text: String) { storage.withLock { $0 += text } }
    var text: String { storage.withLock { $0 } }
}

enum ServerTestError: Error {
    case message(String)
}

/// HTTP/1.1 over a plain socket, so that tests send exactly the bytes they mean (URLSession and curl
/// would normalise `..` away).
struct RawHTTP {
    struct Response {
        var status: Int
        var headers: [String: String]  // lower-cased names
        var body: [UInt8]
        var bodyText: String { String(decoding: body, as: UTF8.self) }
    }

    /// A connected socket to `destination`:`port` with a 10 s receive timeout, from the loopback
    /// address `source` when given (`127.0.0.2`: Linux routes all of 127.0.0.0/8 to the loopback
    /// interface, so a test can be several clients).
    static func connect(port: Int, to destination: String = "127.0.0.1", from source: String? = nil) throws -> Int32 {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw ServerTestError.message("socket failed: errno \(errno)") }
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        if let source, !bind(descriptor, to: source) {
            close(descriptor)
            throw ServerTestError.message("cannot bind to \(source): errno \(errno)")
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr(destination)
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard result == 0 else {
            close(descriptor)
            throw ServerTestError.message("connect to port \(port) failed: errno \(errno)")
        }
        return descriptor
    }

    static func send(_ descriptor: Int32, _ text: String) {
        send(descriptor, Array(text.utf8))
    }

    static func send(_ descriptor: Int32, _ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if sent <= 0 { return }
            offset += sent
        }
    }

    /// Everything the server sends until it closes the connection (or 10 s pass).
    static func readAll(_ descriptor: Int32) -> [UInt8] {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count <= 0 { break }
            bytes += buffer[..<count]
        }
        return bytes
    }

    /// `GET target`.
    static func request(port: Int, _ target: String, headers: [String: String] = [:]) throws -> Response {
        try request(port: port, "GET", target, headers: headers)
    }

    /// Sends `method target` with `Connection: close` and `headers`, and parses the answer.
    static func request(
        port: Int, _ method: String, _ target: String, headers: [String: String] = [:]
    ) throws -> Response {
        let descriptor = try connect(port: port)
        defer { close(descriptor) }
        var text = "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
        for (name, value) in headers { text += "\(name): \(value)\r\n" }
        send(descriptor, text + "\r\n")
        return try parse(readAll(descriptor))
    }

    /// Sends `text` exactly as given (request line, headers and all) and parses the answer.
    static func exchange(port: Int, _ text: String) throws -> Response {
        try exchange(port: port, Array(text.utf8))
    }

    /// Sends `bytes` exactly as given and parses the answer.
    static func exchange(port: Int, _ bytes: [UInt8]) throws -> Response {
        let descriptor = try connect(port: port)
        defer { close(descriptor) }
        send(descriptor, bytes)
        return try parse(readAll(descriptor))
    }

    /// `true` when a socket can be bound to the loopback address `source`.
    static func canBind(_ source: String) -> Bool {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(descriptor) }
        return bind(descriptor, to: source)
    }

    /// Binds `descriptor` to the IPv4 address `source`, any port; `false` when it cannot.
    private static func bind(_ descriptor: Int32, to source: String) -> Bool {
        var local = sockaddr_in()
        local.sin_family = sa_family_t(AF_INET)
        local.sin_addr.s_addr = inet_addr(source)
        return withUnsafePointer(to: &local) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        } == 0
    }

    /// Raises this process's open-file limit to at least `count` (up to the hard limit), for tests
    /// that hold hundreds of connections; the server started afterwards inherits it.
    static func allowOpenFiles(_ count: Int) {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0, limit.rlim_cur < rlim_t(count) else { return }
        limit.rlim_cur = min(limit.rlim_max, rlim_t(count))
        setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
    }

    /// How many of `descriptors` the server has not closed, once `done(count)` holds or `seconds`
    /// have passed: everything each one receives is read and dropped, and one that reads end of
    /// file (or a reset) counts as closed.
    static func openCount(_ descriptors: [Int32], seconds: Double = 20, until done: (Int) -> Bool) -> Int {
        var open = Set(descriptors)
        var buffer = [UInt8](repeating: 0, count: 65_536)
        let deadline = Date(timeIntervalSinceNow: seconds)
        repeat {
            var polled = open.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            let ready = poll(&polled, nfds_t(polled.count), 100)
            if ready > 0 {
                for entry in polled where entry.revents != 0 {
                    let count = buffer.withUnsafeMutableBytes { recv(entry.fd, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
                    if count == 0 || (count < 0 && errno != EAGAIN && errno != EINTR) { open.remove(entry.fd) }
                }
            } else if done(open.count) {
                // Nothing arrived for 0.1 s and the count is what the caller waits for.
                break
            }
        } while Date() < deadline
        return open.count
    }

    static func parse(_ bytes: [UInt8]) throws -> Response {
        let separator: [UInt8] = [13, 10, 13, 10]
        guard let end = (0..<max(0, bytes.count - 3)).first(where: { Array(bytes[$0..<$0 + 4]) == separator }) else {
            throw ServerTestError.message("no complete response: \(String(decoding: bytes, as: UTF8.self))")
        }
        let head = String(decoding: bytes[..<end], as: UTF8.self).components(separatedBy: "\r\n")
        let statusWords = head[0].split(separator: " ")
        guard statusWords.count >= 2, let status = Int(statusWords[1]) else {
            throw ServerTestError.message("bad status line \(head[0])")
        }
        var headers: [String: String] = [:]
        for line in head.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return Response(status: status, headers: headers, body: Array(bytes[(end + 4)...]))
    }
}

/// A Server-Sent Events connection that collects what the server sends, on a background thread.
final class EventStreamClient: Sendable {
    private let descriptor: Int32
    private let received = TextBuffer()

    init(port: Int) throws {
        descriptor = try RawHTTP.connect(port: port)
        RawHTTP.send(descriptor, "GET /__roadtrip/events HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n")
        let descriptor = self.descriptor
        let received = self.received
        Thread.detachNewThread {
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
                if count == 0 { break }
                if count < 0 { if errno == EAGAIN || errno == EINTR { continue } else { break } }
                received.append(String(decoding: buffer[..<count], as: UTF8.self))
            }
        }
    }

    var text: String { received.text }

    /// Waits up to `seconds` until `count` occurrences of `event: name` arrived.
    func waitFor(event name: String, count: Int = 1, seconds: Double = 20) -> Bool {
        let deadline = Date(timeIntervalSinceNow: seconds)
        while Date() < deadline {
            if text.components(separatedBy: "event: \(name)\n").count - 1 >= count { return true }
            Thread.sleep(forTimeInterval: 0.02)
        }
        return false
    }

    /// Waits until the server has the stream open (its first bytes arrived).
    func waitUntilOpen(seconds: Double = 10) -> Bool {
        let deadline = Date(timeIntervalSinceNow: seconds)
        while Date() < deadline {
            if text.contains("retry: 1000") { return true }
            Thread.sleep(forTimeInterval: 0.02)
        }
        return false
    }

    func close() { shutdown(descriptor, Int32(SHUT_RDWR)) }

    deinit { Glibc.close(descriptor) }
}

/// Server-Sent Events read the way a browser reads them, to check what a stream makes a page do.
enum ServerSentEvents {
    /// The events a browser dispatches from `response` (status line, headers and a chunked body,
    /// as the server sends an event stream), following WHATWG HTML §9.2.6 "Interpreting an event
    /// stream": lines end at CRLF, LF or CR; a blank line dispatches; `:` starts a comment; `event`
    /// sets the type (default `message`); `data` lines are joined with LF; an event without data
    /// is not dispatched.
    static func events(inResponse response: [UInt8]) -> [(type: String, data: String)] {
        let separator: [UInt8] = [13, 10, 13, 10]
        guard let end = (0..<max(0, response.count - 3)).first(where: { Array(response[$0..<$0 + 4]) == separator }) else {
            return []
        }
        return events(in: String(decoding: dechunk(Array(response[(end + 4)...])), as: UTF8.self))
    }

    /// The payload of a chunked body (RFC 9112 §7.1), up to the last complete chunk.
    static func dechunk(_ body: [UInt8]) -> [UInt8] {
        var payload: [UInt8] = []
        var index = 0
        while let lineEnd = (index..<max(index, body.count - 1)).first(where: { body[$0] == 13 && body[$0 + 1] == 10 }) {
            let sizeText = String(decoding: body[index..<lineEnd], as: UTF8.self).split(separator: ";").first ?? ""
            guard let size = Int(sizeText.trimmingCharacters(in: .whitespaces), radix: 16), size > 0,
                lineEnd + 2 + size <= body.count
            else { break }
            payload += body[(lineEnd + 2)..<(lineEnd + 2 + size)]
            index = lineEnd + 2 + size + 2
        }
        return payload
    }

    /// The events in an event stream's text.
    static func events(in text: String) -> [(type: String, data: String)] {
        var lines: [String] = []
        var line = ""
        var afterCarriageReturn = false
        for scalar in text.unicodeScalars {
            if scalar == "\n" && afterCarriageReturn {
                afterCarriageReturn = false
                continue
            }
            afterCarriageReturn = scalar == "\r"
            if scalar == "\r" || scalar == "\n" {
                lines.append(line)
                line = ""
            } else {
                line.unicodeScalars.append(scalar)
            }
        }
        var events: [(type: String, data: String)] = []
        var type = ""
        var data = ""
        for line in lines {
            if line.isEmpty {
                if !data.isEmpty {
                    data.removeLast()  // the last LF
                    events.append((type.isEmpty ? "message" : type, data))
                }
                type = ""
                data = ""
                continue
            }
            if line.hasPrefix(":") { continue }
            let colon = line.firstIndex(of: ":") ?? line.endIndex
            let field = String(line[..<colon])
            var value = colon == line.endIndex ? "" : String(line[line.index(after: colon)...])
            if value.hasPrefix(" ") { value.removeFirst() }
            switch field {
            case "event": type = value
            case "data": data += value + "\n"
            default: break
            }
        }
        return events
    }
}
