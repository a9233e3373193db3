/// The attributes our pages use. A closed set: no event handlers (`on…`), no `style` (the
/// Content-Security-Policy would refuse both anyway), and `href`/`src` only through constructors
/// that take a `SitePath`.
enum AttributeName: Sendable {
    case `class`, id, lang, dir, title, ariaLabel, ariaCurrent, ariaLive, ariaSort, hidden
    case href, src, alt
    case scope, colspan, rowspan
    case datetime
    case charset, name, content, property
    case viewBox, role, ariaLabelledBy, points, cx, cy, r
    case action, method, type, value, ariaPressed, rel

    var spelling: StaticString {
        switch self {
        case .class: "class"
        case .action: "action"
        case .method: "method"
        case .type: "type"
        case .value: "value"
        case .ariaPressed: "aria-pressed"
        case .rel: "rel"
        case .id: "id"
        case .lang: "lang"
        case .dir: "dir"
        case .title: "title"
        case .ariaLabel: "aria-label"
        case .ariaCurrent: "aria-current"
        case .ariaLive: "aria-live"
        case .ariaSort: "aria-sort"
        case .hidden: "hidden"
        case .href: "href"
        case .src: "src"
        case .alt: "alt"
        case .scope: "scope"
        case .colspan: "colspan"
        case .rowspan: "rowspan"
        case .datetime: "datetime"
        case .charset: "charset"
        case .name: "name"
        case .content: "content"
        case .property: "property"
        case .viewBox: "viewBox"
        case .role: "role"
        case .ariaLabelledBy: "aria-labelledby"
        case .points: "points"
        case .cx: "cx"
        case .cy: "cy"
        case .r: "r"
        }
    }
}
