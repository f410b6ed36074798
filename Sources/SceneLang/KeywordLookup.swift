// GENERATED from `Keyword.allCases` (Token.swift) by KeywordLookupSource in
// Tests/SceneLangTests/KeywordLookupTests.swift; do not edit by hand. After
// changing `Keyword`, run `SCENE_RECORD=1 swift test --filter KeywordLookup`
// (the test fails until this file matches the enum).

extension Keyword {
    /// The longest keyword's length in bytes.
    static var longest: Int { 14 }

    /// The keyword spelled by the `n` bytes at `p`, if any: a switch on the length and
    /// the first byte, then the word compared (`same`), with no String made or hashed.
    static func lookup(_ p: UnsafePointer<UInt8>, _ n: Int) -> Keyword? {
        switch n {
        case 1...5: return lookup1to5(p, n)
        case 6...10: return lookup6to10(p, n)
        case 11...14: return lookup11to14(p, n)
        default: return nil
        }
    }

    /// Keywords of 1 to 5 bytes.
    static func lookup1to5(_ p: UnsafePointer<UInt8>, _ n: Int) -> Keyword? {
        @inline(__always) func rest(_ s: StaticString) -> Bool { same(p, s.utf8Start, n) }
        switch n {
        case 1:
            switch p[0] {
            case UInt8(ascii: "h"): return .h
            case UInt8(ascii: "v"): return .v
            default: return nil
            }
        case 3:
            switch p[0] {
            case UInt8(ascii: "a"): return rest("all") ? .all : nil
            case UInt8(ascii: "h"): return rest("hit") ? .hit : nil
            case UInt8(ascii: "l"): return rest("let") ? .`let` : nil
            case UInt8(ascii: "m"):
                if rest("min") { return .min }
                if rest("max") { return .max }
                return nil
            case UInt8(ascii: "p"): return rest("pad") ? .pad : nil
            case UInt8(ascii: "t"): return rest("top") ? .top : nil
            default: return nil
            }
        case 4:
            switch p[0] {
            case UInt8(ascii: "c"): return rest("clip") ? .clip : nil
            case UInt8(ascii: "f"): return rest("fill") ? .fill : nil
            case UInt8(ascii: "r"):
                if rest("rect") { return .rect }
                if rest("role") { return .role }
                return nil
            case UInt8(ascii: "s"): return rest("size") ? .size : nil
            default: return nil
            }
        case 5:
            switch p[0] {
            case UInt8(ascii: "a"): return rest("align") ? .align : nil
            case UInt8(ascii: "f"): return rest("fixed") ? .fixed : nil
            case UInt8(ascii: "g"): return rest("glass") ? .glass : nil
            case UInt8(ascii: "s"): return rest("style") ? .style : nil
            case UInt8(ascii: "w"): return rest("width") ? .width : nil
            default: return nil
            }
        default: return nil
        }
    }

    /// Keywords of 6 to 10 bytes.
    static func lookup6to10(_ p: UnsafePointer<UInt8>, _ n: Int) -> Keyword? {
        @inline(__always) func rest(_ s: StaticString) -> Bool { same(p, s.utf8Start, n) }
        switch n {
        case 6:
            switch p[0] {
            case UInt8(ascii: "b"): return rest("bottom") ? .bottom : nil
            case UInt8(ascii: "c"):
                if rest("circle") { return .circle }
                if rest("center") { return .center }
                return nil
            case UInt8(ascii: "h"):
                if rest("height") { return .height }
                if rest("hstack") { return .hstack }
                return nil
            case UInt8(ascii: "m"): return rest("margin") ? .margin : nil
            case UInt8(ascii: "o"): return rest("offset") ? .offset : nil
            case UInt8(ascii: "r"): return rest("radius") ? .radius : nil
            case UInt8(ascii: "s"):
                if rest("screen") { return .screen }
                if rest("spacer") { return .spacer }
                return nil
            case UInt8(ascii: "t"): return rest("target") ? .target : nil
            case UInt8(ascii: "u"): return rest("uneven") ? .uneven : nil
            case UInt8(ascii: "v"): return rest("vstack") ? .vstack : nil
            case UInt8(ascii: "z"): return rest("zstack") ? .zstack : nil
            default: return nil
            }
        case 7:
            switch p[0] {
            case UInt8(ascii: "c"): return rest("capsule") ? .capsule : nil
            case UInt8(ascii: "l"): return rest("leading") ? .leading : nil
            case UInt8(ascii: "s"): return rest("spacing") ? .spacing : nil
            case UInt8(ascii: "u"): return rest("uniform") ? .uniform : nil
            default: return nil
            }
        case 8:
            switch p[0] {
            case UInt8(ascii: "c"): return rest("circular") ? .circular : nil
            case UInt8(ascii: "r"): return rest("relative") ? .relative : nil
            case UInt8(ascii: "t"): return rest("trailing") ? .trailing : nil
            default: return nil
            }
        case 9:
            switch p[0] {
            case UInt8(ascii: "c"): return rest("container") ? .container : nil
            case UInt8(ascii: "r"): return rest("rectangle") ? .rectangle : nil
            default: return nil
            }
        case 10:
            switch p[0] {
            case UInt8(ascii: "b"): return rest("background") ? .background : nil
            case UInt8(ascii: "c"):
                if rest("concentric") { return .concentric }
                if rest("continuous") { return .continuous }
                return nil
            case UInt8(ascii: "t"):
                if rest("transition") { return .transition }
                if rest("topLeading") { return .topLeading }
                return nil
            default: return nil
            }
        default: return nil
        }
    }

    /// Keywords of 11 to 14 bytes.
    static func lookup11to14(_ p: UnsafePointer<UInt8>, _ n: Int) -> Keyword? {
        @inline(__always) func rest(_ s: StaticString) -> Bool { same(p, s.utf8Start, n) }
        switch n {
        case 11:
            switch p[0] {
            case UInt8(ascii: "t"): return rest("topTrailing") ? .topTrailing : nil
            default: return nil
            }
        case 13:
            switch p[0] {
            case UInt8(ascii: "b"): return rest("bottomLeading") ? .bottomLeading : nil
            default: return nil
            }
        case 14:
            switch p[0] {
            case UInt8(ascii: "b"): return rest("bottomTrailing") ? .bottomTrailing : nil
            default: return nil
            }
        default: return nil
        }
    }
}
