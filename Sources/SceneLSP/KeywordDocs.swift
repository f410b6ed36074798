import SceneLang

/// One line of grammar per keyword, shown on hover (from grammar.md's
/// productions). A test checks every keyword has one.
public enum KeywordDocs {
    public static func line(_ k: Keyword) -> String {
        switch k {
        case .let: return "`let NAME = expr` — a binding; later bindings and every node may use it"
        case .screen: return "`screen PRESET [W x H] [radius R]` or `screen W x H [radius R]` — the device (default iphone-16-pro)"
        case .target: return "`target ios26 | ios18 | macos26 | macos15` — iOS 18 (macOS 15) replaces each concentric corner by its minimum"
        case .margin: return "`margin expr` — the checker's screen-edge margin (default 16)"
        case .rect: return "`rect R` — RoundedRectangle(cornerRadius: R), clamped to half the shorter side"
        case .rectangle: return "`rectangle` — Rectangle: square corners"
        case .capsule: return "`capsule` — Capsule: half the shorter side at every corner"
        case .circle: return "`circle` — Circle, in its centred square"
        case .uneven: return "`uneven(TL, TR, BR, BL)` — UnevenRoundedRectangle, clockwise from topLeading"
        case .concentric: return "`concentric [min M] [uniform] [(clauses)]` — ConcentricRectangle: container radius − distance, at least the minimum"
        case .relative: return "`relative` — ContainerRelativeShape: the container's radius less the smallest edge inset, at every corner (with unequal insets, `concentric` follows each corner)"
        case .fixed: return "`fixed V` — in a `concentric(…)` clause: a fixed corner radius, `.fixed(V)`"
        case .min: return "`min M` after `concentric` — the minimum radius; `min(a, b, …)` in an expression — the smallest value"
        case .max: return "`max(a, b, …)` — the largest value"
        case .uniform: return "`uniform` — the corners (of the shape, or of a clause's group) take their largest resolved radius"
        case .container: return "`container SHAPE` — the node's container shape (`.containerShape(…)`) for the nodes inside it"
        case .size: return "`size W [x H]` — the node's frame size (one number: a square)"
        case .width: return "`width expr` — the node's frame width"
        case .height: return "`height expr` — the node's frame height"
        case .pad: return "`pad [expr] { top|leading|bottom|trailing|h|v expr }` — padding around the node; later values win"
        case .align: return "`align center|top|bottom|leading|trailing|topLeading|…` — where a sized node sits (default center)"
        case .spacing: return "`hstack|vstack spacing expr` — the gap between a stack's children (default 8)"
        case .fill: return "`fill #rgb | #rrggbb | #rrggbbaa | NAME` — the shape's colour"
        case .style: return "`style continuous | circular` — the corner curve (default continuous)"
        case .glass: return "`glass [SHAPE]` — a Liquid Glass effect in SHAPE (default: the node's shape, else a capsule)"
        case .hstack: return "`hstack [spacing expr]` — children side by side; the stack fits them"
        case .vstack: return "`vstack [spacing expr]` — children one above the other; the stack fits them"
        case .zstack: return "`zstack` — children over each other; the stack fits the largest"
        case .radius: return "`screen … radius R` — the display's (or window's) corner radius"
        case .clip: return "`clip SHAPE` — `.clipShape(SHAPE)`"
        case .background: return "`background SHAPE` — a background filled in SHAPE; the drawn shape of a node with no shape or glass shape of its own"
        case .hit: return "`hit SHAPE` — `.contentShape(SHAPE)`, the hit-testing shape"
        case .role: return "`role button | badge | pill` — what the shape is for (the checker's shape rules)"
        case .transition: return "`transition SHAPE` — the shape a transition morphs through"
        case .spacer: return "`spacer [min M]` — Spacer(minLength:): a node of its own in an hstack or vstack that takes the free space along it, at least M (default 8)"
        case .offset: return "`offset X Y` — .offset(x:y:): moves the node's drawing and content, not its layout; corners resolve where it is drawn"
        case .top, .bottom, .leading, .trailing:
            return "`\(k.rawValue)` — an edge (`pad \(k.rawValue) 8`), an alignment, or a corner group in `concentric(\(k.rawValue): …)`"
        case .h: return "`pad h expr` — leading and trailing padding"
        case .v: return "`pad v expr` — top and bottom padding"
        case .center: return "`align center` — centred in the available area (the default)"
        case .all: return "`concentric(all: …)` — a clause for all four corners"
        case .topLeading, .topTrailing, .bottomLeading, .bottomTrailing:
            return "`\(k.rawValue)` — one corner in `concentric(\(k.rawValue): …)`, or an alignment"
        case .continuous: return "`style continuous` — Apple's smooth corners (the default)"
        case .circular: return "`style circular` — true circular arcs"
        }
    }
}
