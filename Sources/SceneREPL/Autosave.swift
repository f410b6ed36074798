import Foundation
import SceneLang
import SceneEval

/// Work is never lost: on the way out, and before a command replaces the
/// scene, unsaved changes go to an autosave in the state folder; `:load` with
/// no file brings back the newest.
extension Shell {
    static func absolute(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.path
    }

    /// The number of an autosave file name: 1 for `scene-autosave.scene`, N for
    /// `scene-autosave-N.scene`, nil for any other name.
    static func autosaveNumber(_ name: String) -> Int? {
        if name == "scene-autosave.scene" { return 1 }
        guard name.hasPrefix("scene-autosave-"), name.hasSuffix(".scene") else { return nil }
        let digits = name.dropFirst("scene-autosave-".count).dropLast(".scene".count)
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }), let n = Int(digits), n >= 2 else { return nil }
        return n
    }

    /// Whether `path` is one of the autosaves in the state folder.
    func isAutosave(_ path: String) -> Bool {
        let url = URL(fileURLWithPath: Self.absolute(path))
        return url.deletingLastPathComponent().path == Self.absolute(settings.stateDirectory)
            && Self.autosaveNumber(url.lastPathComponent) != nil
    }

    /// The autosaves in the state folder, newest first (last written, then highest number).
    public func autosaves() -> [String] {
        let dir = settings.stateDirectory
        let names = (try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []
        let found: [(path: String, number: Int, time: Date)] = names.compactMap { name in
            guard let n = Self.autosaveNumber(name) else { return nil }
            let path = dir + "/" + name
            let time = (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date ?? .distantPast
            return (path, n, time)
        }
        return found.sorted { $0.time != $1.time ? $0.time > $1.time : $0.number > $1.number }.map(\.path)
    }

    /// The start-up line about earlier sessions' unsaved work, if there is some.
    public func autosaveBanner() -> String? {
        let all = autosaves()
        guard let newest = all.first else { return nil }
        if all.count == 1 { return "Unsaved work from an earlier session is in \(newest); `:load` brings it back.\n" }
        return "Unsaved work from earlier sessions: \(all.count) autosaves in \(settings.stateDirectory); "
            + "`:load` brings back the newest (\((newest as NSString).lastPathComponent)), `:load FILE` another.\n"
    }

    /// `:load` with no file: the newest autosave, naming the others.
    mutating func loadNewestAutosave() -> Reply {
        let all = autosaves()
        guard let newest = all.first else { return .error("no autosave file in \(settings.stateDirectory)") }
        var r = load(newest, startup: false)
        if !r.failed, all.count > 1 {
            let others = all.dropFirst()
            r.out += "\(others.count) older autosave\(others.count == 1 ? " is" : "s are") kept (`:load FILE` loads one): "
                + others.map { ($0 as NSString).lastPathComponent }.joined(separator: ", ") + "\n"
        }
        return r
    }

    /// A new autosave file, its name taken so no other session can take it too.
    func reserveAutosave() throws -> String {
        let dir = settings.stateDirectory
        let names = (try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []
        var n = (names.compactMap(Self.autosaveNumber).max() ?? 0) + 1
        while true {
            let path = dir + "/" + (n == 1 ? "scene-autosave.scene" : "scene-autosave-\(n).scene")
            let fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0o600)
            if fd >= 0 { close(fd); return path }
            guard errno == EEXIST else {
                throw NSError(domain: NSPOSIXErrorDomain, code: Int(errno), userInfo: [NSLocalizedDescriptionKey: String(cString: strerror(errno))])
            }
            n += 1
        }
    }

    /// Write the unsaved scene to this session's autosave (the one it wrote or
    /// loaded, else a new one, never another session's), removing the oldest
    /// beyond `autosavesKept`: the path and a note of what was removed.
    mutating func writeAutosave() -> Result<(path: String, note: String), Reply> {
        var path = writtenAutosave ?? loadedAutosave ?? autosavePath
        do {
            try FileManager.default.createDirectory(atPath: settings.stateDirectory, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
            if writtenAutosave == nil, loadedAutosave == nil { path = try reserveAutosave() }
            try Console.writeAtomically(session.text, to: path)
        } catch {
            return .failure(.error("cannot save your unsaved changes to \(path): \(Self.describe(error))"))
        }
        writtenAutosave = path
        var note = ""
        let all = autosaves()
        if all.count > Self.autosavesKept {
            let old = all.dropFirst(Self.autosavesKept).filter { $0 != path && !keptAutosaves.contains($0) }
            for p in old { try? FileManager.default.removeItem(atPath: p) }
            if !old.isEmpty {
                note = "(\(Self.autosavesKept) autosaves are kept; removed the oldest: "
                    + old.map { ($0 as NSString).lastPathComponent }.joined(separator: ", ") + ")\n"
            }
        }
        return .success((path, note))
    }

    /// The autosave this session wrote before replacing a scene that holds exactly `text`.
    func keptAutosave(holding text: String) -> String? {
        keptAutosaves.last { (try? String(contentsOfFile: $0, encoding: .utf8)) == text }
    }

    /// On the way out: keep unsaved changes in an autosave file. An autosave
    /// is never overwritten unless this session loaded it (its work is in the
    /// session); otherwise a new one is written, and the oldest beyond
    /// `autosavesKept` are removed. An autosave loaded and since saved to a
    /// file has done its job and is removed.
    public mutating func autosave() -> Reply {
        guard session.hasUnsavedChanges, !session.isEmpty else {
            if let a = loadedAutosave, !session.hasUnsavedChanges, let f = session.fileName,
               FileManager.default.fileExists(atPath: a) {
                loadedAutosave = nil
                do { try FileManager.default.removeItem(atPath: a) } catch { return Reply() }
                return Reply(err: "removed \(a): its work is saved in \(f)\n")
            }
            return Reply()
        }
        // `:undo` brought back a scene already kept before it was replaced: no second copy.
        if writtenAutosave == nil, let kept = keptAutosave(holding: session.text) {
            return Reply(err: "unsaved changes are in \(kept)\n(`:load \(kept)` brings them back)\n")
        }
        switch writeAutosave() {
        case .failure(let r): return r
        case .success(let (path, note)):
            return Reply(err: "unsaved changes saved to \(path)\n(`:load` with no file brings them back)\n" + note)
        }
    }

    /// Before `command` replaces the scene (`:load FILE`, `:reset`, `:undo` or
    /// `:redo` across one of those), unsaved work goes to an autosave, as on
    /// the way out: `:undo` is not the only way back, and the undo history
    /// ends with the session. The reply says where (or is empty: nothing
    /// unsaved). When the autosave cannot be written the replacement is
    /// refused (`failed`), once: the same command again goes ahead.
    mutating func keepBeforeReplacing(_ command: String) -> Reply {
        guard session.hasUnsavedChanges, !session.isEmpty else { return Reply() }
        let confirmed = replaceRefused == command
        replaceRefused = nil
        if let kept = keptAutosave(holding: session.text) {
            writtenAutosave = nil
            return Reply(err: "unsaved changes are kept in \(kept) (`:load \(kept)` brings them back)\n")
        }
        switch writeAutosave() {
        case .failure(let r):
            if confirmed { return Reply(err: r.err + "note: \(command) discards them, as asked\n") }
            replaceRefused = command
            return Reply(err: r.err + "error: \(command) not done, so they are not lost; `:save FILE` keeps them, "
                         + "or \(command) again discards them\n", failed: true)
        case .success(let (path, note)):
            // The next scene is other work: its own autosave is a new file.
            keptAutosaves.append(path)
            writtenAutosave = nil
            return Reply(err: "unsaved changes saved to \(path) (`:load \(path)` brings them back)\n" + note)
        }
    }
}
