import CRsvg
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The static release `scene` draws through `scene-raster`, the small dynamic executable
/// installed beside it: glibc cannot load librsvg into a static process (docs/raster.md).
enum Helper {
    static let name = "scene-raster"

    /// The helper beside this executable (`/proc/self/exe`), or nil.
    static func path() -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard n > 0 else { return nil }
        let exe = String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard let slash = exe.lastIndex(of: "/") else { return nil }
        let candidate = exe[..<slash] + "/" + name
        return access(candidate, X_OK) == 0 ? String(candidate) : nil
    }

    /// Runs the helper: the SVG on its standard input (an unlinked temporary file), the
    /// file or the message on its standard output, the outcome in its exit status.
    static func render(svg: [UInt8], format: Raster.Format, scale: Double, rgba: [Double]) -> Result<[UInt8], Raster.Failure> {
        guard let helper = path() else {
            return .failure(.missing(why: "`\(name)`, which draws for this static build, is not installed beside `scene`; install it with scripts/install"))
        }
        var template = Array("/tmp/scene-raster-XXXXXX".utf8CString)
        let input = mkstemp(&template)
        guard input >= 0 else { return .failure(.failed("cannot create a temporary file: \(String(cString: strerror(errno)))")) }
        unlink(template)
        defer { close(input) }
        var written = 0
        while written < svg.count {
            let w = svg[written...].withUnsafeBytes { write(input, $0.baseAddress, $0.count) }
            guard w > 0 else { return .failure(.failed("cannot write a temporary file")) }
            written += w
        }
        lseek(input, 0, SEEK_SET)
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else { return .failure(.failed("cannot make a pipe")) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, input, 0)
        posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 1)
        posix_spawn_file_actions_addclose(&actions, pipeEnds[0])
        let arguments = [helper, format == .png ? "png" : "pdf", "\(scale)"] + rgba.map { "\($0)" }
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for a in argv { free(a) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, helper, &actions, nil, &argv, environ)
        close(pipeEnds[1])
        guard spawned == 0 else {
            close(pipeEnds[0])
            return .failure(.failed("cannot run \(helper): \(String(cString: strerror(spawned)))"))
        }
        var out: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let r = chunk.withUnsafeMutableBytes { read(pipeEnds[0], $0.baseAddress, $0.count) }
            if r > 0 { out += chunk[0..<r] } else if r < 0, errno == EINTR { continue } else { break }
        }
        close(pipeEnds[0])
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        let exited = status & 0x7f == 0, code = (status >> 8) & 0xff
        let message = String(decoding: out.prefix(512), as: UTF8.self)
        switch (exited, code) {
        case (true, 0): return .success(out)
        case (true, 69): return .failure(.missing(why: message))
        case (true, _): return .failure(.failed(message.isEmpty ? "\(name) exited with \(code)" : message))
        default: return .failure(.failed("\(name) was killed by signal \(status & 0x7f)"))
        }
    }
}
