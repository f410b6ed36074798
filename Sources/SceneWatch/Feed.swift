#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization
import SceneLang
import SceneREPL

/// Sources handed to a server running on its own thread (the REPL's `:watch`): the
/// latest one is kept, and a pipe wakes the server's poll loop.
public final class WatchFeed: PagePublisher {
    private let latest = Mutex<SourceFile?>(nil)
    private let url = Mutex<String?>(nil)
    let readEnd: Int32, writeEnd: Int32

    public init() {
        var ends: [Int32] = [-1, -1]
        _ = pipe(&ends)
        for fd in ends { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK); _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        readEnd = ends[0]; writeEnd = ends[1]
    }

    /// A new source for the page (cheap: the server compiles it on its thread).
    public func post(_ file: SourceFile) {
        latest.withLock { $0 = file }
        var b: UInt8 = 1
        _ = write(writeEnd, &b, 1)
    }

    /// The latest source posted since the last take.
    func take() -> SourceFile? {
        var buffer = [UInt8](repeating: 0, count: 256)
        while read(readEnd, &buffer, buffer.count) > 0 {}
        return latest.withLock { f in defer { f = nil }; return f }
    }

    /// The page's address once the server is up.
    public var address: String? { url.withLock { $0 } }

    /// Starts a server on its own thread following what is posted; its address, or why not.
    public func start(_ first: SourceFile, port: Int) -> Result<String, PageStartError> {
        let outcome = Mutex<Result<String, PageStartError>?>(nil)
        let feed = self
        var thread = pthread_t()
        let box = ThreadBody {
            do {
                let server = try WatchServer(live: Live(file: first), port: port)
                feed.url.withLock { $0 = server.url }
                outcome.withLock { $0 = .success(server.url) }
                server.run(watching: nil, feed: feed) { nil }
            } catch {
                let why = (error as? WatchError)?.message ?? "\(error)"
                outcome.withLock { $0 = .failure(PageStartError(why)) }
            }
        }
        let context = Unmanaged.passRetained(box).toOpaque()
        let started = pthread_create(&thread, nil, { raw in
            #if canImport(Glibc)
            let box = Unmanaged<ThreadBody>.fromOpaque(raw!).takeRetainedValue()
            #else
            let box = Unmanaged<ThreadBody>.fromOpaque(raw).takeRetainedValue()
            #endif
            box.body()
            return nil
        }, context)
        guard started == 0 else { return .failure(PageStartError(WatchError.system("pthread_create", started).message)) }
        pthread_detach(thread)
        while true {
            if let r = outcome.withLock({ $0 }) { return r }
            usleep(1000)
        }
    }
}

/// A closure carried to a new thread.
final class ThreadBody: @unchecked Sendable {
    let body: () -> Void
    init(_ body: @escaping () -> Void) { self.body = body }
}
