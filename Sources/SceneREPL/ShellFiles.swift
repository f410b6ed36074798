import Foundation
import SceneLang
import SceneEval

/// The commands that read and write files: `:load`, `:save`, `:svg`.
extension Shell {
    static func describe(_ error: Error) -> String {
        let ns = error as NSError
        if ns.domain == NSCocoaErrorDomain, let under = ns.userInfo[NSUnderlyingErrorKey] as? NSError {
            return String(cString: strerror(Int32(under.code)))
        }
        if ns.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(ns.code))) }
        if ns.domain == NSCocoaErrorDomain, ns.code == CocoaError.fileWriteNoPermission.rawValue { return "permission denied" }
        return ns.localizedDescription
    }

    /// `:load FILE`, or FILE given on the command line (`startup`).
    public mutating func load(_ path: String, startup: Bool) -> Reply {
        let bytes: [UInt8]
        switch Console.read(path) {
        case .success(let b): bytes = b
        case .failure(.notFound):
            if startup {
                // Like an editor: a new file, written by `:save`.
                session = session.renamed(path)
                session.fileName = path
                return Reply(out: "new scene; `:save` writes \(path)\n")
            }
            return .error("\(path): no such file")
        case .failure(.unreadable(let why)): return .error("cannot read \(why)")
        case .failure(.tooLarge): return .error("\(path) is larger than \(Console.maxInputBytes / 1024 / 1024) MB")
        }
        let file = SourceFile(name: path, bytes: bytes)
        let t0 = Clock.now
        let isAutosave = self.isAutosave(path)
        switch session.replacingAll(with: file, what: ":load \(path)", name: isAutosave ? session.displayName : path) {
        case .accepted(var s, _):
            let kept = keepBeforeReplacing(":load \(path)")
            if kept.failed { return kept }
            let old = session
            if isAutosave {
                // Still unsaved work: `:save` goes where it went before.
                s.fileName = old.fileName
                s.savedTexts = old.savedTexts
                loadedAutosave = Self.absolute(path)
            } else {
                s = s.saved(as: path)
                loadedAutosave = nil
            }
            session = s
            let n = s.entries.count, m = s.scene.shapes.count
            var out = "loaded \(path): \(n) statement\(n == 1 ? "" : "s"), \(m) shape\(m == 1 ? "" : "s")"
            if !startup && !old.isEmpty { out += " (`:undo` brings back the previous scene)" }
            out += "\n"
            if settings.timing { out += timingLine(s, t0: t0) }
            return Reply(out: out, err: kept.err + findingsText(old: .none, s.file, new: s))
        case .rejected(let r):
            return Reply(err: render(r, edit: false) + "error: \(path) not loaded; the scene is unchanged\n", failed: true)
        case .nothing:
            return Reply()
        }
    }

    mutating func save(_ arg: String) -> Reply {
        guard let path = arg.isEmpty ? session.fileName : arg else {
            return .error("`:save` needs a file name (the scene has none yet)")
        }
        if let why = Self.write(session.text, to: path) { return .error(why + "; nothing was written") }
        session = session.saved(as: path)
        let n = session.entries.count
        return Reply(out: "saved \(n) statement\(n == 1 ? "" : "s") to \(path)\n")
    }


    /// Write a file whole or not at all; nil, or why it could not be written.
    static func write(_ text: String, to path: String) -> String? {
        var isDir: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDir), isDir.boolValue {
            return "\(path) is a directory"
        }
        let parent = (path as NSString).deletingLastPathComponent
        if !parent.isEmpty, !FileManager.default.fileExists(atPath: parent, isDirectory: &isDir) || !isDir.boolValue {
            return "cannot write \(path): no such directory `\(parent)`"
        }
        // Like the CLI: whole or nothing, through a symbolic link, keeping the file's permissions.
        do {
            let out = try OutputFile(path: path)
            out.write(text)
            try out.commit()
        } catch {
            return "cannot write \(path): \(describe(error))"
        }
        return nil
    }

    static let svgUsage = "usage: `:svg [FILE] [--centers] [--labels] [--guides] [--compare ios18|macos15]`"
    /// `:svg`'s options (its completion and did-you-mean read them).
    static let svgOptions = ["--centers", "--labels", "--guides", "--compare"]

    /// `:svg [FILE] [--centers] [--labels] [--guides] [--compare ios18]`, as `scene run --svg`.
    static let swiftUIUsage = "usage: `:swiftui [FILE] [--fallback minimum|relative|resolved]`"

    /// `:swiftui [FILE] [--fallback STYLE]`: print the scene's SwiftUI, or write it to FILE.
    func swiftUI(_ arg: String) -> Reply {
        var words = arg.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        var options = SwiftUIOptions()
        if let k = words.firstIndex(of: "--fallback") {
            guard k + 1 < words.count, let style = FallbackStyle(rawValue: words[k + 1]) else {
                return .error("`--fallback` takes \(FallbackStyle.words.map { "`\($0)`" }.joined(separator: ", ")); "
                    + Self.swiftUIUsage)
            }
            options.fallback = style
            words.removeSubrange(k...(k + 1))
        }
        if words.count > 1 { return .error("`:swiftui` writes one file, not \(words.map { "`\($0)`" }.joined(separator: " and "))") }
        if let w = words.first, w.hasPrefix("-") { return .error("unknown option `\(w)`; " + Self.swiftUIUsage) }
        guard let export = SwiftUIWriter.export(session.file, options: options) else {
            return .error("the scene does not compile; `:check` shows why")
        }
        let notes = renderLimited(export.warnings, in: session.file)
        guard let path = words.first else { return Reply(out: export.code, err: notes) }
        if let why = Self.write(export.code, to: path) { return .error(why + "; nothing was written") }
        let view = export.code.split(separator: "\n").first { $0.hasPrefix("struct ") }.map { String($0.dropFirst(7).prefix { $0 != ":" }) } ?? "the view"
        return Reply(out: "wrote \(path) (\(view), \(session.scene.shapes.count) shapes)\n", err: notes)
    }

    func svg(_ arg: String) -> Reply {
        var path: String? = nil
        var options = SVGOptions()
        var compare: Target? = nil
        var words = arg.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)[...]
        while let w = words.popFirst() {
            switch w {
            case "--centers": options.centers = true
            case "--labels": options.labels = true
            case "--guides": options.guides = true
            case "--compare":
                // The first panel is always iOS 26: only the fallback makes a second one.
                guard let t = words.popFirst().flatMap(Target.init(word:)), t == .ios18 else {
                    return .error("`--compare` takes `ios18` or `macos15` (the first panel is iOS 26 / macOS 26); " + Self.svgUsage)
                }
                compare = t
            default:
                if w.hasPrefix("-") {
                    let s = Suggest.closest(to: w, among: Self.svgOptions)
                    return .error("unknown option `\(w)`" + (s.map { " (did you mean `\($0)`?)" } ?? "") + "; " + Self.svgUsage)
                }
                if let path {
                    return .error("`:svg` writes one file, not `\(path)` and `\(w)`; " + Self.svgUsage)
                }
                path = w
            }
        }
        let out = path ?? "scene.svg"
        // With --compare the first panel is iOS 26 whatever the scene's own target.
        var first = session.scene
        var other: ResolvedScene? = nil
        if let compare {
            let panels = Pipeline.comparison(session.file, fallback: compare)
            first = panels.current ?? first
            other = panels.fallback
        }
        let text = SVGWriter.write(first, compare: other, options: options)
        if let why = Self.write(text, to: out) { return .error(why + "; nothing was written") }
        var extras: [String] = []
        if options.centers { extras.append("corner centres") }
        if options.labels { extras.append("labels") }
        if options.guides { extras.append("device guides") }
        if let compare { extras.append("beside \(compare.rawValue)") }
        let n = session.scene.shapes.count
        return Reply(out: "wrote \(out) (\(n) shape\(n == 1 ? "" : "s")" + extras.map { ", " + $0 }.joined() + ")\n")
    }
}
