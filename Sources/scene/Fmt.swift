// `scene fmt [--check] FILE...`: rewrite scenes in the canonical layout
// (`Formatter` in SceneLang), or with `--check` list the ones that are not.
import Foundation
import SceneLang
import SceneEval
import SceneREPL
import SceneFiles

/// The `.scene` files a command-line path names: the file itself, or every
/// `.scene` file under a directory, in name order.
func sceneFiles(_ path: String) -> [String] {
    InputFiles.expand(path, endingIn: [".scene"], skippingBuilds: false)
}

func fmt(_ args: [String]) -> Int32 {
    var check = false
    var paths: [String] = []
    for a in args {
        switch a {
        case "--check": check = true
        default:
            if a.hasPrefix("-") && a != "-" { usageError("unknown option `\(a)`") }
            paths.append(a)
        }
    }
    guard !paths.isEmpty else { usageError("`scene fmt` needs a file (or `-` for standard input)") }
    var refused = 0, broken = 0
    var unformatted: [String] = []
    for path in paths.flatMap(sceneFiles) {
        let file = load(path)
        switch SourceFormat.format(file) {
        case .errors(let ds):
            report(ds, in: file)
            Console.err("scene: \(file.name): not formatted: it does not parse\n")
            refused += 1
        case .changedMeaning:
            Console.err("scene: \(file.name): internal error: the formatted scene would resolve differently; left unchanged\n")
            broken += 1
        case .formatted(let text):
            let same = text.utf8.elementsEqual(file.bytes)
            if check {
                if !same { unformatted.append(file.name) }
            } else if path == "-" {
                Console.out(text)
            } else if !same {
                do { try Console.writeAtomically(text, to: path) } catch {
                    fail("cannot write \(path): \(error.localizedDescription)", Exit.cantCreate)
                }
                Console.err("formatted \(path)\n")
            }
        }
    }
    if !unformatted.isEmpty { Console.out(unformatted.map { $0 + "\n" }.joined()) }
    if broken > 0 { return Exit.software }
    if refused > 0 { return Exit.dataError }
    return check && !unformatted.isEmpty ? Exit.warnings : Exit.ok
}
