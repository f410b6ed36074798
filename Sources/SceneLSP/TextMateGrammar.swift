import SceneLang
import SceneEval

/// The TextMate grammar for `.scene` files (VS Code, Sublime, Zed, GitHub's
/// highlighter), generated from the keyword, shape-kind, preset and colour
/// tables so a new keyword cannot be missing from it. The committed
/// `editors/vscode/syntaxes/scene.tmLanguage.json` is checked against this.
public enum TextMateGrammar {
    /// Every keyword, in the scope it gets.
    public static var keywordGroups: [(scope: String, words: [String])] {
        let statements = Keyword.statements
        let shapes = Keyword.allCases.filter { ShapeKind(keyword: $0) != nil }
        let constants = Keyword.allCases.filter {
            Alignment(keyword: $0) != nil || [.h, .v, .all, .continuous, .circular].contains($0)
        }
        let taken = Set(statements + shapes + constants)
        let items = Keyword.allCases.filter { !taken.contains($0) }
        return [
            ("keyword.control.statement.scene", statements.map(\.rawValue)),
            ("support.type.shape.scene", shapes.map(\.rawValue)),
            ("keyword.other.item.scene", items.map(\.rawValue)),
            ("constant.language.scene", constants.map(\.rawValue)),
        ]
    }

    static let name = "[\\p{L}_][\\p{L}\\p{N}_]*"

    static func words(_ ws: [String]) -> String {
        "\\b(?:" + ws.sorted { $0.count != $1.count ? $0.count > $1.count : $0 < $1 }.joined(separator: "|") + ")\\b"
    }

    public static func generate() -> JSON {
        var patterns: [JSON] = [
            ["name": "constant.other.color.scene", "match": "#(?:[0-9A-Fa-f]{8}|[0-9A-Fa-f]{6}|[0-9A-Fa-f]{3,4})(?![\\p{L}\\p{N}_])"],
            ["name": "comment.line.number-sign.scene", "match": "#.*$"],
            ["match": JSON("^\\s*(" + name + ")\\s*(:)"), "captures": [
                "1": ["name": "entity.name.tag.label.scene"], "2": ["name": "punctuation.separator.label.scene"]]],
            ["match": JSON("\\b(let)\\s+(" + name + ")"), "captures": [
                "1": ["name": "keyword.control.statement.scene"], "2": ["name": "variable.other.definition.scene"]]],
            ["name": "support.constant.preset.scene", "match": JSON(words(ScreenPreset.all.map(\.name)).replacingOccurrences(of: ")\\b", with: ")(?![\\w-])"))],
            ["name": "support.constant.target.scene", "match": JSON(words(Target.allCases.map(\.rawValue)))],
            ["match": JSON("\\b(fill)\\s+(" + Color.named.keys.sorted().joined(separator: "|") + ")\\b"), "captures": [
                "1": ["name": "keyword.other.item.scene"], "2": ["name": "support.constant.color.scene"]]],
            ["match": JSON("\\b(role)\\s+(" + Role.allCases.map(\.rawValue).joined(separator: "|") + ")\\b"), "captures": [
                "1": ["name": "keyword.other.item.scene"], "2": ["name": "support.constant.role.scene"]]],
        ]
        for g in keywordGroups { patterns.append(["name": JSON(g.scope), "match": JSON(words(g.words))]) }
        patterns += [
            ["name": "keyword.operator.cross.scene", "match": "(?<=[0-9.])x(?=[0-9.])|×"],
            ["name": "constant.numeric.scene", "match": "(?<![\\p{L}\\p{N}_])(?:[0-9]+(?:\\.[0-9]*)?|\\.[0-9]+)"],
            ["name": "keyword.operator.arithmetic.scene", "match": "[-+*/]"],
            ["name": "keyword.operator.assignment.scene", "match": "="],
            ["name": "punctuation.section.block.begin.scene", "match": "<"],
            ["name": "punctuation.section.block.end.scene", "match": ">"],
            ["name": "punctuation.separator.scene", "match": "[,;:]"],
            ["name": "punctuation.section.parens.scene", "match": "[()]"],
            ["name": "variable.other.scene", "match": JSON(name)],
        ]
        return [
            "$schema": "https://raw.githubusercontent.com/martinring/tmlanguage/master/tmlanguage.json",
            "name": "SceneLang",
            "scopeName": "source.scene",
            "fileTypes": ["scene"],
            "comment": "Generated from the keyword, shape-kind, preset and colour tables by the tests (SCENE_RECORD=1 swift test --filter TextMateGrammar); do not edit by hand.",
            "patterns": .array(patterns),
        ]
    }

    /// The grammar as the committed file holds it: pretty-printed, keys sorted.
    public static func text() -> String { pretty(generate(), indent: "") + "\n" }

    static func pretty(_ v: JSON, indent: String) -> String {
        let inner = indent + "  "
        switch v {
        case .array(let a) where !a.isEmpty:
            return "[\n" + a.map { inner + pretty($0, indent: inner) }.joined(separator: ",\n") + "\n" + indent + "]"
        case .object(let o) where !o.isEmpty:
            return "{\n" + o.keys.sorted().map { inner + JSON.string($0).serialized + ": " + pretty(o[$0]!, indent: inner) }
                .joined(separator: ",\n") + "\n" + indent + "}"
        default:
            return v.serialized
        }
    }
}
