/// Nodes: a label, its items, and the `<` … `>` block of children.
extension Parser {
    mutating func parseNode(depth: Int) -> Node? {
        // A label the lexer could not read (`“card”:`) was reported already.
        if tok.kind == .invalid, peek().kind == .colon { advance(); advance() }
        skipInvalid()
        let start = tok.range
        var label: Identifier? = nil
        if tok.kind == .identifier, peek().kind == .colon {
            if let k = tok.keyword {
                error(.reservedWord, "`\(k.rawValue)` is a keyword and cannot be a label", at: tok.range,
                      help: "choose another label, such as `\(k.rawValue)1`")
            } else {
                label = Identifier(text(tok), tok.range)
            }
            advance(); advance()
        }
        var lastItem: SourceRange? = nil
        var seen: UInt32 = 0  // one bit per item key, to find duplicates
        while !atNodeEnd {
            if tok.kind == .invalid { advance(); continue }
            let itemStart = tok.range
            guard let (item, key) = parseItem(first: lastItem == nil && label == nil) else { recover(); break }
            let range = itemStart.to(previous)
            let bit = Self.keyBits(item)
            if bit != 0, seen & bit != 0 {
                error(.duplicateItem, "\(Self.describeKey(key)) is given twice in one node", at: range,
                      help: "keep one of them")
            } else {
                seen |= bit
            }
            itemArena.add(item, range)
            lastItem = range
        }
        let items = itemArena.finish()
        // A `<` alone at the start of the next line opens this node's children
        // (brace-on-its-own-line style), not a group of its own.
        if tok.kind == .newline, label != nil || !items.isEmpty, peek().kind == .less {
            advance()
        }
        var children: [Node] = []
        var block: SourceRange? = nil
        if tok.kind == .less {
            let open = tok.range
            if depth + 1 >= Self.maxNodeDepth {
                error(.nestingTooDeep, "nodes nest deeper than \(Self.maxNodeDepth) levels", at: open,
                      help: "flatten the scene; no real layout needs this depth")
                skipBlock()
            } else {
                advance()
                children = parseBlock(open: open, owner: label, depth: depth + 1)
                block = open.to(previous)
            }
        }
        let end = block ?? lastItem ?? label?.range ?? start
        if label == nil, items.isEmpty, block == nil { return nil }
        return Node(label: label, items: items, children: children, block: block, range: start.to(end))
    }

    /// Which item kinds an item occupies, one bit each (`pad` may repeat: none).
    static func keyBits(_ item: Item) -> UInt32 {
        switch item {
        case .shape: return 1 << 0
        case .container: return 1 << 1
        case .clip: return 1 << 2
        case .background: return 1 << 3
        case .hit: return 1 << 4
        case .transition: return 1 << 5
        case .glass: return 1 << 6
        case .size: return 1 << 7 | 1 << 8
        case .width: return 1 << 7
        case .height: return 1 << 8
        case .pad: return 0
        case .align: return 1 << 9
        case .stack: return 1 << 10
        case .fill: return 1 << 11
        case .style: return 1 << 12
        case .role: return 1 << 13
        }
    }

    static func describeKey(_ key: String) -> String {
        switch key {
        case "shape": return "a shape"
        case "size": return "a size"
        case "width": return "a width"
        case "height": return "a height"
        default: return "`\(key)`"
        }
    }

    /// Children between `<` and `>`; the `<` is already consumed.
    mutating func parseBlock(open: SourceRange, owner: Identifier?, depth: Int) -> [Node] {
        let base = nodeStack.count
        while true {
            skipSeparators()
            if tok.kind == .greater {
                closedBlocks.append(ClosedBlock(open: open, owner: owner?.name, close: tok.range))
                advance()
                return nodeStack.take(from: base)
            }
            if tok.kind == .eof {
                if !reportedUnterminated {
                    reportedUnterminated = true
                    reportUnclosed(open: open, owner: owner)
                }
                return nodeStack.take(from: base)
            }
            if let k = tok.keyword, tok.kind == .identifier, Keyword.statements.contains(k) {
                error(.misplacedStatement, "`\(k.rawValue)` must be at the top level, not inside `<` … `>`",
                      at: tok.range, help: "move this line above the node")
                recover()
                if tok.kind == .less { skipBlock() }
                continue
            }
            let before = p
            if let child = parseNode(depth: depth), admit(at: child.range) { nodeStack.push(child) }
            skipInvalid()
            switch tok.kind {
            case .newline, .semicolon, .greater, .eof: break
            default:
                error(.unexpectedToken, "expected end of line, found \(display(tok))", at: tok.range,
                      help: "put each node on its own line, or separate them with `;`")
                recover()
                if tok.kind == .less { skipBlock() }
            }
            if p == before { advance() }
        }
    }

    /// Skip a `<` … `>` block without building anything (used after errors and
    /// past the depth limit). Iterative, so any depth is safe.
    mutating func skipBlock() {
        guard tok.kind == .less else { return }
        let open = tok.range
        var depth = 0
        repeat {
            if tok.kind == .less { depth += 1 }
            else if tok.kind == .greater { depth -= 1 }
            else if tok.kind == .eof {
                if !reportedUnterminated {
                    reportedUnterminated = true
                    error(.unterminatedBlock, "`<` is never closed", at: open, help: "add `>` after the last child")
                }
                return
            }
            advance()
        } while depth > 0
    }
}
