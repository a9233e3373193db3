/// The elements our pages are made of. A closed set: page code names an element only through its
/// type (`Elements.swift`), so no caller can spell a tag, and the raw-text elements (`script`,
/// `style`) are absent: the parser does not decode references in them, so escaping cannot protect
/// their contents, and only `InlineAsset` writes them, from constants.
enum Tag: Sendable {
    // The document.
    case html, head, body, title, meta, link
    // Sections.
    case main, header, footer, nav, section, article
    // Text.
    case h1, h2, h3, p, div, span, strong, em, small, bdi, time, a, br, hr
    // Lists.
    case ul, ol, li, dl, dt, dd
    // Tables.
    case table, caption, thead, tbody, tr, th, td
    // Embedded.
    case img
    // A form that posts to one of our own pages, and the buttons that submit it.
    case form, button
    // A chart drawn inline (SVG, in the HTML parser's foreign content): the figure, its
    // accessible description, and the two shapes charts here are made of.
    case svg, desc, polyline, circle

    var name: StaticString {
        switch self {
        case .html: "html"
        case .head: "head"
        case .body: "body"
        case .title: "title"
        case .meta: "meta"
        case .link: "link"
        case .main: "main"
        case .header: "header"
        case .footer: "footer"
        case .nav: "nav"
        case .section: "section"
        case .article: "article"
        case .h1: "h1"
        case .h2: "h2"
        case .h3: "h3"
        case .p: "p"
        case .div: "div"
        case .span: "span"
        case .strong: "strong"
        case .em: "em"
        case .small: "small"
        case .bdi: "bdi"
        case .time: "time"
        case .a: "a"
        case .br: "br"
        case .hr: "hr"
        case .ul: "ul"
        case .ol: "ol"
        case .li: "li"
        case .dl: "dl"
        case .dt: "dt"
        case .dd: "dd"
        case .table: "table"
        case .caption: "caption"
        case .thead: "thead"
        case .tbody: "tbody"
        case .tr: "tr"
        case .th: "th"
        case .td: "td"
        case .img: "img"
        case .form: "form"
        case .button: "button"
        case .svg: "svg"
        case .desc: "desc"
        case .polyline: "polyline"
        case .circle: "circle"
        }
    }

    /// Void elements have no contents and no end tag (`<br>`, never `<br></br>`, which a parser
    /// reads as two line breaks). Their constructors take no contents.
    var isVoid: Bool {
        switch self {
        case .meta, .link, .br, .hr, .img: true
        default: false
        }
    }
}
