/// An item as `parseItem` read it: built whole, or written to the item arena's
/// pending slots (`ItemArena.pend`), to be committed once its range is known.
enum ParsedItem {
    case item(Item)
    case compact
}

/// Nodes: a label, its items, and the `<` … `>` block of children.
extension Parser {
    /// A node (a top-level one: `admit` is its caller's to call).
    mutating func parseNode(depth: Int) -> Node? {
        pushNode(depth: depth, admitting: false) ? nodeStack.pop() : nil
    }

    /// Parses a node and pushes it on `nodeStack`, built in place there (a node
    /// built and then returned was copied: three reference counts taken and
    /// dropped a node); `admitting`: only when `admit` takes it. Whether it was pushed.
    mutating func pushNode(depth: Int, admitting: Bool) -> Bool {
        // A label the lexer could not read (`“card”:`) was reported already.
        if tok.kind == .invalid, peek().kind == .colon { advance(); advance() }
        skipInvalid()
        let start = tok.range
        var label: Identifier? = nil
        if tok.kind == .identifier, nextIsColon() {
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
        // The same text read before (a list's rows, a grid's cells): its items shared.
        // (The token after the first may be lexed already, by the label's `peek`.)
        let key = (tok.kind == .identifier || tok.kind == .number) && ahead?.kind != .invalid
            ? lineKey(from: tok.range.start, first: label == nil) : nil
        var replayed = replay(key, lastItem: &lastItem)
        let before = (diagnostics.count, lexer.diagnostics.count, suppressed + lexer.suppressed, p)
        let wasReplayed = replayed != nil
        while !wasReplayed, !atNodeEnd {
            if tok.kind == .invalid { advance(); continue }
            let itemStart = tok.range
            guard let parsed = parseItem(first: lastItem == nil && label == nil) else {
                itemArena.dropPending()
                recover()
                break
            }
            let range = itemStart.to(previous)
            if case .item(let item) = parsed {
                noteKey(Self.slotTag(item), range, &seen)
                itemArena.add(item, range)
            } else {
                noteKey(itemArena.pendingTag, range, &seen)
                itemArena.commit(range)
            }
            lastItem = range
        }
        let items = replayed.take() ?? itemArena.finish()
        if let key, !wasReplayed {
            let quiet = before == (diagnostics.count, lexer.diagnostics.count, suppressed + lexer.suppressed, before.3)
            rememberLine(key, items: items, lastItem: lastItem, quiet: quiet, tokens: p - before.3)
        }
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
        if label == nil, items.isEmpty, block == nil { return false }
        let range = start.to(end)
        if admitting, !admit(at: range) { return false }
        // `consume`: the locals' lifetimes end here, so they move into the node
        // (otherwise each is copied, a reference count taken and dropped).
        let box = (consume label).map(LabelBox.init)
        nodeStack.push(Node(labelBox: consume box, items: consume items, blockStart: block?.lo ?? -1,
                            children: consume children, range: range))
        return true
    }

    /// The items of `key`'s text when it was read before (`replayLine`), `lastItem` set
    /// to their last; the memo told whether it was. (The items moved along, not the
    /// optional pair kept and copied: a count of their storage taken and dropped a node.)
    mutating func replay(_ key: LineKey?, lastItem: inout SourceRange?) -> Items? {
        guard let key else { return nil }
        let found = replayLine(key)
        lineMemo.note(hit: found != nil)
        guard let (items, last) = consume found else { return nil }
        lastItem = last
        return items
    }

    /// Marks the item's key as seen, reporting it when it was seen already.
    mutating func noteKey(_ tag: SlotTag, _ range: SourceRange, _ seen: inout UInt32) {
        let bit = Self.keyBits(tag)
        if bit != 0, seen & bit != 0 {
            error(.duplicateItem, "\(Self.describeKey(tag)) is given twice in one node", at: range,
                  help: "keep one of them")
        } else {
            seen |= bit
        }
    }

    /// An item's kind, as its first slot would name it.
    static func slotTag(_ item: Item) -> SlotTag {
        switch item {
        case .shape: return .shape
        case .container: return .container
        case .clip: return .clip
        case .background: return .background
        case .hit: return .hit
        case .transition: return .transition
        case .glass: return .glass
        case .size: return .size
        case .width: return .width
        case .height: return .height
        case .pad: return .pad
        case .align: return .align
        case .stack: return .stack
        case .fill: return .fill
        case .style: return .style
        case .role: return .role
        case .spacer: return .spacer
        case .offset: return .offset
        }
    }

    /// Which item kinds an item occupies, one bit each (`pad` may repeat: none).
    static func keyBits(_ item: Item) -> UInt32 { keyBits(slotTag(item)) }

    /// The item table's slots for the kind (`ItemSyntax.Slots(tag)`: the bits are given there, once).
    static func keyBits(_ tag: SlotTag) -> UInt32 { ItemSyntax.Slots(tag).rawValue }

    static func describeKey(_ tag: SlotTag) -> String {
        switch tag {
        case .shape: return "a shape"
        case .size: return "a size"
        case .width: return "a width"
        case .height: return "a height"
        case .container: return "`container`"
        case .clip: return "`clip`"
        case .background: return "`background`"
        case .hit: return "`hit`"
        case .transition: return "`transition`"
        case .glass, .glassAlone: return "`glass`"
        case .pad: return "`pad`"
        case .align: return "`align`"
        case .stack: return "`stack`"
        case .fill: return "`fill`"
        case .style: return "`style`"
        case .role: return "`role`"
        case .spacer: return "`spacer`"
        case .offset: return "`offset`"
        case .whole, .more: return "an item"
        }
    }

    /// Children between `<` and `>`; the `<` is already consumed.
    mutating func parseBlock(open: SourceRange, owner: Identifier?, depth: Int) -> [Node] {
        let base = nodeStack.count
        while true {
            skipSeparators()
            if tok.kind == .greater {
                // Kept only where the `>` starts its line, the only ones `reportUnclosed` can
                // blame (`ClosedBlock`): `deep`'s `>>>…>`, all kept, were 28 MB a million nodes.
                if startsLine(tok.range.start) { closedBlocks.append(ClosedBlock(open: open, owner: owner?.range, close: tok.range)) }
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
            _ = pushNode(depth: depth, admitting: true)
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
