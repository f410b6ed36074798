// `scene presets [NAME...] [--json]`: the preset table, or the named presets'
// details (an unknown name is a usage error with a did-you-mean).
import Foundation
import SceneLang
import SceneEval
import SceneREPL

func presets(_ args: [String]) -> Int32 {
    var json = false
    var names: [String] = []
    for a in args {
        if a == "--json" { json = true }
        else if a.hasPrefix("-") { usageError("unknown option `\(a)` for `scene presets` (it takes `--json` and preset names)") }
        else { names.append(a) }
    }
    guard !names.isEmpty else {
        Console.out(json ? PresetsWriter.json() : PresetsWriter.text())
        return Exit.ok
    }
    var chosen: [ScreenPreset] = []
    for n in names {
        guard let p = ScreenPreset.named(n) else {
            let s = Suggest.closest(to: n, among: ScreenPreset.names)
            fail("unknown screen preset `\(n)`\nhelp: " + (s.map { "did you mean `\($0)`? " } ?? "")
                 + "`scene presets` lists every preset", Exit.usage)
        }
        chosen.append(p)
    }
    Console.out(json ? PresetsWriter.json(chosen) : chosen.map(presetDetails).joined(separator: "\n"))
    return Exit.ok
}

/// One preset, a field a line: what it is, its size, radius (and how it is known), source, use.
func presetDetails(_ p: ScreenPreset) -> String {
    let how: [ScreenPreset.Status: String] = [
        .published: "Apple states it",
        .measured: "read from the system in the simulator or on a device, and published",
        .reported: "a public third party gives it without saying how, or by eye",
        .none: "no source gives it",
    ]
    var radius = p.radius.map { "\(Format.number($0)) pt, \(p.radiusName) (\(p.status.rawValue): \(how[p.status] ?? ""))" }
        ?? "not published (\(how[.none] ?? "")): a scene gives it, `screen \(p.name) radius R`"
    if p.radius == nil, let e = p.example {
        radius += "; e.g. \(Format.number(e)), \(p.exampleWhy ?? "an example")"
    }
    let rows = [
        ("name", p.name), ("device", p.device), ("family", p.family.rawValue),
        ("size", "\(Format.number(p.width))×\(Format.number(p.height)) pt"
            + (p.family == .window ? " (windows are user-sized: this stands in)" : "")),
        ("radius", radius), ("source", p.source),
        ("in a scene", p.radius == nil ? "screen \(p.name) radius R" : "screen \(p.name)"),
    ]
    return rows.map { $0.0.padding(toLength: 12, withPad: " ", startingAt: 0) + $0.1 }.joined(separator: "\n") + "\n"
}
