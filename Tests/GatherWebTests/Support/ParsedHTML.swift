import Foundation
@testable import GatherWeb

/// A document as Python's `html.parser` reads it: a line per event (doctype, start tag with its
/// attributes, end tag, text with character references decoded), the structural faults the reader
/// found (an end tag that does not close the open element, a void element's end tag, a comment,
/// anything left open, a row outside a table section or a block inside a paragraph, which a browser
/// would rearrange), and the SHA-256 of each `style` and `script` element's contents.
///
/// When `html5lib` (the WHATWG parsing algorithm) is installed, the same bytes are also parsed as a
/// browser would: its parse errors, and whether the tree it built has the same events, are reported
/// too. Without it, `html5lib` is nil.
struct ParsedHTML {
    let events: [String]
    let faults: [String]
    let digests: [(tag: String, sha256: String)]
    let html5lib: (errors: [String], sameTree: Bool)?

    init(_ bytes: [UInt8]) throws {
        let printed = try Interpreter.python.run(ParsedHTML.reader, input: bytes)
        guard let object = try JSONSerialization.jsonObject(with: printed) as? [String: Any],
              let events = object["events"] as? [[Any]], let faults = object["faults"] as? [String],
              let digests = object["digests"] as? [[String]] else {
            throw ReadFailure(printed: String(decoding: printed, as: UTF8.self))
        }
        self.events = try events.map(ParsedHTML.line)
        self.faults = faults
        self.digests = digests.map { ($0[0], $0[1]) }
        if let html5 = object["html5lib"] as? [String: Any], let errors = html5["errors"] as? [String],
           let sameTree = html5["sameTree"] as? Bool {
            html5lib = (errors, sameTree)
        } else {
            html5lib = nil
        }
    }

    /// The texts read, in order.
    var texts: [String] {
        events.compactMap { $0.hasPrefix("text ") ? String($0.dropFirst(5)) : nil }
    }

    struct ReadFailure: Error {
        let printed: String
    }

    private static func line(_ event: [Any]) throws -> String {
        switch event.first as? String {
        case "doctype": return "doctype \(event[1])"
        case "start":
            let attributes = (event[2] as? [[Any]] ?? []).map { pair in (pair[0] as? String ?? "?", pair[1] as? String) }
            return startLine(event[1] as? String ?? "?", attributes)
        case "end": return "end \(event[1])"
        case "text": return textLine(event[1] as? String ?? "?")
        default: throw ReadFailure(printed: "\(event)")
        }
    }

    static func startLine(_ tag: String, _ attributes: [(String, String?)]) -> String {
        (["start \(tag)"] + attributes.map { name, value in value.map { "\(name)=\(String(reflecting: $0))" } ?? name })
            .joined(separator: " ")
    }

    static func textLine(_ text: String) -> String {
        "text \(String(reflecting: text))"
    }

    // MARK: What the page should read as

    /// The events a correct reading of `nodes` gives, worked out from the tree rather than from
    /// the bytes: adjacent texts merge, empty ones vanish, void elements have no end.
    static func expectedEvents(_ nodes: [Node]) -> [String] {
        var events: [String] = []
        var pendingText = ""
        func flush() {
            if !pendingText.isEmpty { events.append(textLine(pendingText)) }
            pendingText = ""
        }
        func walk(_ node: Node) {
            switch node.kind {
            case let .element(tag, attributes, children):
                flush()
                events.append(startLine("\(tag.name)", attributes.map { ("\($0.name.spelling)", value(of: $0.value)) }))
                children.forEach(walk)
                flush()
                if !tag.isVoid { events.append("end \(tag.name)") }
            case let .words(words): pendingText += "\(words)"
            case let .text(text): pendingText += text
            case let .inline(asset):
                flush()
                let tag = asset.kind == .style ? "style" : "script"
                events.append(startLine(tag, []))
                events.append(textLine("\(asset.source)"))
                events.append("end \(tag)")
            }
        }
        nodes.forEach(walk)
        flush()
        return events
    }

    private static func value(of value: Attribute.Value) -> String? {
        switch value {
        case let .text(text): text
        case let .word(word): "\(word)"
        case let .number(number): String(number)
        case let .path(path): path.encoded
        case let .classes(names): names.map { "\($0.name)" }.joined(separator: " ")
        case .present: nil
        }
    }

    // MARK: The reader

    private static let reader = #"""
        import base64, hashlib, json, sys
        from html.parser import HTMLParser

        VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}
        # Where an element may stand, for the elements a browser would move or close when misplaced.
        PARENTS = {"thead": {"table"}, "tbody": {"table"}, "caption": {"table"}, "tr": {"thead", "tbody"},
                   "th": {"tr"}, "td": {"tr"}, "li": {"ul", "ol"}, "dt": {"dl"}, "dd": {"dl"}}
        # What a paragraph cannot hold: the parser ends the paragraph at these.
        NOT_IN_P = {"address", "article", "aside", "div", "dl", "footer", "h1", "h2", "h3", "header", "hr", "main",
                    "nav", "ol", "p", "section", "table", "ul"}

        class Reader(HTMLParser):
            def __init__(self):
                super().__init__(convert_charrefs=True)
                self.events, self.faults, self.stack, self.digests = [], [], [], []

            def handle_decl(self, decl):
                self.events.append(["doctype", decl])

            def handle_starttag(self, tag, attrs):
                self.events.append(["start", tag, [[name, value] for name, value in attrs]])
                parent = self.stack[-1] if self.stack else None
                if tag in PARENTS and parent not in PARENTS[tag]:
                    self.faults.append("%s inside %s" % (tag, parent))
                if tag in NOT_IN_P and "p" in self.stack:
                    self.faults.append(tag + " inside p")
                if tag not in VOID:
                    self.stack.append(tag)

            def handle_startendtag(self, tag, attrs):
                self.faults.append("self-closing tag " + tag)
                self.handle_starttag(tag, attrs)

            def handle_endtag(self, tag):
                self.events.append(["end", tag])
                if tag in VOID:
                    self.faults.append("end tag of void element " + tag)
                elif not self.stack or self.stack[-1] != tag:
                    self.faults.append("end tag %s while %s is open" % (tag, self.stack[-1:]))
                else:
                    self.stack.pop()

            def handle_data(self, data):
                if self.stack and self.stack[-1] in ("style", "script"):
                    digest = hashlib.sha256(data.encode("utf-8")).digest()
                    self.digests.append([self.stack[-1], base64.b64encode(digest).decode("ascii")])
                if self.events and self.events[-1][0] == "text":
                    self.events[-1][1] += data
                else:
                    self.events.append(["text", data])

            def handle_comment(self, data):
                self.faults.append("comment " + data)

            def handle_pi(self, data):
                self.faults.append("processing instruction " + data)

            def unknown_decl(self, data):
                self.faults.append("declaration " + data)

        with open(sys.argv[1], "rb") as file:
            source = file.read().decode("utf-8")
        reader = Reader()
        reader.feed(source)
        reader.close()
        if reader.stack:
            reader.faults.append("left open: " + " ".join(reader.stack))

        try:
            import html5lib
        except ImportError:
            html5 = None
        else:
            parser = html5lib.HTMLParser(tree=html5lib.getTreeBuilder("etree"), namespaceHTMLElements=False)
            root = parser.parse(source)
            events = []
            def text(data):
                if events and events[-1][0] == "text":
                    events[-1][1] += data
                else:
                    events.append(["text", data])
            def walk(element):
                events.append(["start", element.tag, sorted([name, value] for name, value in element.attrib.items())])
                if element.text:
                    text(element.text)
                for child in element:
                    if isinstance(child.tag, str):
                        walk(child)
                    if child.tail:
                        text(child.tail)
                if element.tag not in VOID:
                    events.append(["end", element.tag])
            walk(root)
            comparable = [["start", e[1], sorted([n, v if v is not None else ""] for n, v in e[2])] if e[0] == "start" else e
                          for e in reader.events if e[0] != "doctype"]
            html5 = {"errors": [repr(error) for error in parser.errors], "sameTree": events == comparable}

        print(json.dumps({"events": reader.events, "faults": reader.faults, "digests": reader.digests, "html5lib": html5}))
        """#
}
