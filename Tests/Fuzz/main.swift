// The libFuzzer entry point for `scripts/fuzz`. This directory is not a SwiftPM
// target of the project: scripts/fuzz builds it in a scratch package that links
// the real SceneLang, SceneEval and SceneREPL sources with
// `-sanitize=fuzzer,address`. The target is chosen by $FUZZ_TARGET (see Targets.swift).
import Foundation

typealias Callback = @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
@_silgen_name("LLVMFuzzerRunDriver")
func runDriver(_ argc: UnsafeMutablePointer<Int32>,
               _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
               _ callback: Callback) -> Int32

let targetName = ProcessInfo.processInfo.environment["FUZZ_TARGET"] ?? "eval"
guard let chosen = Targets.all[targetName] else {
    FileHandle.standardError.write("unknown FUZZ_TARGET `\(targetName)`; targets: \(Targets.all.keys.sorted().joined(separator: " "))\n".data(using: .utf8)!)
    exit(2)
}
let selected = chosen
Validate.selfTest()
Targets.prepare()

let one: Callback = { data, size in
    guard let data else { return 0 }
    selected(UnsafeBufferPointer(start: data, count: size))
    return 0
}
var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(runDriver(&argc, &argv, one))
