import Foundation
import Testing
import SceneLang
import SceneEval
@testable import SceneREPL

/// The problems a new-user trial of the REPL found, one test (or more) each.
@Suite struct REPLTrialTests {
    static func shell(columns: Int = 60, terminal: Bool = false, state: String = "/nonexistent/state") -> Shell {
        var sh = Shell(settings: Shell.Settings(color: false, columns: columns, stateDirectory: state))
        sh.settings.outputIsTerminal = terminal
        return sh
    }

    static func seeded(columns: Int = 60, terminal: Bool = false) -> Shell {
        var sh = shell(columns: columns, terminal: terminal)
        for l in REPLSessionTests.seed { _ = sh.handle(l) }
        return sh
    }

    // MARK: clamped arithmetic

    @Test func aClampedDifferenceShowsItsSignAndThenZero() {
        var sh = Self.seeded()
        let diff = sh.handle("let map = 34").out
        #expect(diff.contains("top corners     minimum 22 (map 34 − max(12, 140) = −106 → 0)"))
        #expect(!diff.contains("= 0)"))
        let show = sh.handle(":show card").out
        #expect(show.contains("minimum 22 (map 34 − max(12, 140) = −106 → 0)"))
        // The table's R − d column is the arithmetic; the radius column says what was drawn.
        #expect(show.contains("topLeading          22  minimum              34  12  140       140   −106       22"))
        // A difference that stays positive reads as before.
        #expect(show.contains("concentric: map 34 − 12 = 22, minimum 22"))
    }

    // MARK: resolved lines

    @Test func resolvedLinesFitATerminalAndAreWholeInAPipe() throws {
        for (terminal, columns) in [(true, 140), (true, 80), (false, 140)] {
            var sh = Self.seeded(columns: columns, terminal: terminal)
            let out = sh.handle("let map = 34").out
            let line = try #require(out.split(separator: "\n").first { $0.hasPrefix("resolved: ") })
            if terminal {
                #expect(line.count <= columns - 1, "\(columns) columns: \(line)")
                #expect(line.count >= columns - 2, "uses the width: \(line)")
                #expect(line.hasSuffix("…"))
            } else {
                #expect(line.hasSuffix("is below the minimum 10"), "\(line)")
                #expect(!line.contains("…"))
            }
        }
    }
}
