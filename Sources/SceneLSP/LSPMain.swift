/// The server's loop, with the input and output given as functions (the
/// `scene lsp` executable passes stdin and stdout; tests may pass buffers).
public enum LSPMain {
    /// Read until `exit` or end of input; the exit status: 0 after
    /// `shutdown` + `exit`, 1 otherwise (as the protocol asks).
    public static func run(options: ServerOptions, read: () -> [UInt8]?, write: ([UInt8]) -> Void) -> Int32 {
        let server = Server(options: options)
        var reader = MessageReader()
        while let chunk = read() {
            reader.feed(chunk)
            while let item = reader.next() {
                let replies: [JSON]
                switch item {
                case .message(let body): replies = server.receive(body)
                case .bad(let reason): replies = server.badFrame(reason)
                }
                for r in replies { write(MessageReader.frame(r)) }
                if let code = server.exitCode { return code }
            }
            // Nothing more waiting: publish diagnostics for what changed.
            // (Header and body written apart: a publish can be megabytes, not copied again.)
            for body in server.flush() {
                write(Array("Content-Length: \(body.count)\r\n\r\n".utf8))
                write(body)
            }
        }
        return server.exitCode ?? 1
    }
}
