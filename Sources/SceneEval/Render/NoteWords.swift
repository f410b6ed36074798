import SceneLang

/// The words of `scene run`'s notes column, in plain English, and what each
/// means: the one table the text writer, the REPL's `:show`, `scene run --help`
/// and the tests read. The JSON keeps the stable codes (`ModelDecision.rawValue`).
public enum NoteWords {
    /// The notes-column words of a model decision on a phone screen (`window`
    /// false) or a Mac window, or nil when the column leaves it out: the screen
    /// (window) as the container is what `against` already says.
    public static func phrase(_ d: ModelDecision, window: Bool) -> String? {
        switch d {
        case .chebyshevDistance: return "larger inset used"
        case .overflowClamped: return "past its container"
        case .circleContainerSquare: return "measured in circle's square"
        case .clampedToHalfSide: return "capped at half its shorter side"
        case .screenContainer: return nil
        case .relativeWithoutContainer: return "no container: square corners"
        case .ios18Fallback: return window ? "macOS 15 fallback" : "iOS 18 fallback"
        case .radiusOverflowClamped: return "too round for its size"
        }
    }

    /// What the words of `phrase(d, window:)` mean (`scene run --help`, README).
    public static func meaning(_ d: ModelDecision, window: Bool) -> String {
        switch d {
        case .chebyshevDistance:
            return "inset unevenly from the container's corner (across ≠ down): the corner is measured from the "
                + "larger inset; shown only where the smaller one would draw another radius (after the minimum, "
                + "`uniform` and the half-side cap)"
        case .overflowClamped:
            return "it reaches past its container's corner on both edges: that corner counts as inset 0 and takes "
                + "the container's radius (shown only where that changed the radius)"
        case .circleContainerSquare:
            return "its container is a circle: measured from the circle's centred square"
        case .clampedToHalfSide:
            return "a radius larger than half the shape's shorter side was cut to that (a capsule's ends)"
        case .screenContainer:
            return "no container declared: the " + (window ? "window" : "screen") + " is the container"
        case .relativeWithoutContainer:
            return "`relative` with no container declared draws square corners (as SwiftUI does)"
        case .ios18Fallback:
            return (window ? "target macos15: macOS 15" : "target ios18: iOS 18")
                + " has no ConcentricRectangle; the shape draws RoundedRectangle(minimum), square without one"
        case .radiusOverflowClamped:
            return "fixed radii its frame cannot hold (two corners on one edge need more than the edge): as "
                + "written → as drawn, clamped as iOS 18 did; iOS 26 stops the app on it (`scene check`: radius-overflow)"
        }
    }

    /// Every entry the notes column can show, with its meaning, in the order a
    /// row lists them; the decisions on a phone screen, or on a Mac window.
    public static func glossary(window: Bool) -> [(words: String, meaning: String)] {
        var out: [(String, String)] = [
            ("container R", "it declares a container: its children's concentric corners follow radius R "
                + "(four radii, tl tr br bl, when its corners differ)"),
            ("clip R", "it clips what it holds to a shape of radius R (`.clipShape`; four radii when its corners "
                + "differ): a rounded clip cuts its content's corners, and is no container"),
            ("glass", "drawn with a glass effect (the SVG outlines its rim)"),
            ("circular", "circular corners (`.circular`), not Apple's continuous curve"),
            ("spacer N", "a `spacer` (SwiftUI's Spacer): it draws nothing and takes its stack's free space along the "
                + "stack, at least N"),
            ("offset X Y", "drawn X right and Y down from where layout put it, with its content (`.offset`): its "
                + "frame is where it is drawn, its neighbours are placed as if it were not moved"),
        ]
        for d in ModelDecision.allCases {
            guard let p = phrase(d, window: window) else { continue }
            out.append((d == .radiusOverflowClamped ? p + " (written → drawn)" : p, meaning(d, window: window)))
        }
        return out
    }

    /// The notes of one row: container radii, glass, circular corners, model decisions.
    public static func notes(_ sh: ResolvedShape, window: Bool) -> String {
        var s = StringNotes()
        withUnsafePointer(to: sh) { write($0, window: window, to: &s) }
        return s.text
    }

    /// The same notes, written piece by piece to `sink` (the text writer's
    /// buffer takes them with no string built: a scene may have a note on
    /// every row); nothing is written when the row has none. The shape is read in
    /// place, through a pointer (handed over as a value, it was copied for each row).
    static func write<S: NoteSink>(_ sh: UnsafePointer<ResolvedShape>, window: Bool, to sink: inout S) {
        var first = true
        func next() { if first { first = false } else { sink.put(", ") } }
        if sh.pointee.isContainer, let r = sh.pointee.containerRadii {
            next(); sink.put("container "); sink.radii(r)
        }
        // (The box read in place first: asked of a shape with none, `clipRadii` copied every shape.)
        if sh.pointee.extras?.hasLayers == true, let r = sh.pointee.clipRadii { next(); sink.put("clip "); sink.radii(r) }
        if sh.pointee.glass { next(); sink.put("glass") }
        if sh.pointee.style == .circular { next(); sink.put("circular") }
        if let m = sh.pointee.spacerMinimum { next(); sink.put("spacer "); sink.number(m) }
        if let o = sh.pointee.offset { next(); sink.put("offset "); sink.number(o.x); sink.put(" "); sink.number(o.y) }
        guard !sh.pointee.decisions.isEmpty else { return }
        sh.pointee.decisions.forEach { d in
            guard let p = phrase(d, window: window) else { return }
            next(); sink.put(p)
            // A radius iOS 26 would trap on: what was written and what is drawn.
            if d == .radiusOverflowClamped, case let overflows = sh.pointee.overflows, !overflows.isEmpty {
                sink.put(" (")
                for (k, o) in overflows.enumerated() {
                    if k > 0 { sink.put("; ") }
                    o.write(to: &sink)
                }
                sink.put(")")
            }
        }
    }
}

/// Where notes are written: words and numbers (`number` exactly as
/// `Format.number` prints it).
protocol NoteSink {
    mutating func put(_ words: String)
    mutating func number(_ v: Double)
}

extension NoteSink {
    /// One number when all four radii are equal, else the four (`Radii.description`).
    mutating func radii(_ r: Radii) {
        guard !r.isUniform else { number(r.topLeading); return }
        number(r.topLeading); put(" "); number(r.topTrailing); put(" ")
        number(r.bottomTrailing); put(" "); number(r.bottomLeading)
    }
}

/// Notes as a `String` (`NoteWords.notes`, `RadiusOverflow.description`).
struct StringNotes: NoteSink {
    var text = ""
    mutating func put(_ words: String) { text += words }
    mutating func number(_ v: Double) { text += Format.number(v) }
}
