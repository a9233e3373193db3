/// The one stylesheet every page carries inline (no request of its own, nothing from elsewhere).
///
/// Mobile first: the rules are for a phone held upright (360 px wide) and one media query widens
/// the type on larger screens. A table scrolls sideways inside its own box (`.table-box`, which
/// `Table` always adds) rather than widening the page; long words in text wrap. Colours come
/// from custom properties that `prefers-color-scheme: dark` swaps, both sets at least 4.5:1 against
/// their background. The system's own fonts, so nothing is downloaded.
///
/// Its SHA-256 goes into the page's Content-Security-Policy by itself (`InlineAsset`): edit freely,
/// but never write `</` or `<!--` in it (the asset refuses them), nor `url(`, `@import` or
/// `@font-face` (the policy would block the request; `StylesheetTests` refuses them).
extension InlineAsset {
    static let stylesheet = InlineAsset(style: """
        :root {
          color-scheme: light dark;
          --background: #ffffff;
          --text: #1b1f23;
          --muted: #57606a;
          --line: #d0d7de;
          --stripe: #f6f8fa;
          --link: #0a6b43;
        }
        @media (prefers-color-scheme: dark) {
          :root {
            --background: #111417;
            --text: #e6e8eb;
            --muted: #9aa4ae;
            --line: #30363d;
            --stripe: #181c21;
            --link: #6fd3a0;
          }
        }
        *, *::before, *::after { box-sizing: border-box; }
        html { -webkit-text-size-adjust: 100%; text-size-adjust: 100%; }
        body {
          margin: 0;
          background: var(--background);
          color: var(--text);
          font-family: system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Helvetica Neue", Arial, sans-serif;
          font-size: 1rem;
          line-height: 1.5;
          overflow-wrap: break-word;
        }
        header, main, footer { max-width: 48rem; margin: 0 auto; padding: 0 1rem; }
        main { padding-block: 1rem 2rem; }
        h1 { font-size: 1.5rem; line-height: 1.25; margin: 0 0 1rem; }
        h2 { font-size: 1.25rem; line-height: 1.3; margin: 1.5rem 0 0.5rem; }
        h3 { font-size: 1.0625rem; margin: 1.25rem 0 0.5rem; }
        p, ul, ol, dl { margin: 0 0 1rem; }
        a { color: var(--link); text-underline-offset: 0.15em; }
        a:focus-visible { outline: 2px solid var(--link); outline-offset: 2px; }
        small, .muted { color: var(--muted); }
        hr { border: 0; border-top: 1px solid var(--line); margin: 1.5rem 0; }
        .table-box { overflow-x: auto; margin: 0 0 1rem; }
        table { border-collapse: collapse; width: 100%; }
        caption { text-align: start; font-weight: 600; padding: 0 0 0.5rem; }
        th, td { padding: 0.5rem 0.625rem; border-bottom: 1px solid var(--line); text-align: start; vertical-align: top; }
        th { font-weight: 600; white-space: nowrap; }
        tbody th { white-space: normal; }
        tbody tr:nth-child(even) { background: var(--stripe); }
        .number { text-align: end; font-variant-numeric: tabular-nums; white-space: nowrap; }
        .site { color: var(--muted); font-size: 0.875rem; margin: 1rem 0 0.25rem; }
        .live { border: 2px solid var(--link); border-radius: 0.5rem; padding: 0.75rem 1rem; margin: 0 0 1.5rem; }
        .live h2 { margin-top: 0; }
        .scoreline { display: flex; flex-wrap: wrap; align-items: baseline; justify-content: center; gap: 0 0.75rem;
          font-size: 1.25rem; margin: 0; }
        .scoreline > * { white-space: nowrap; }
        .scoreline strong { font-size: 2.25rem; font-variant-numeric: tabular-nums; }
        .clock { text-align: center; font-size: 1.75rem; font-variant-numeric: tabular-nums; margin: 0.25rem 0; }
        .sides { display: grid; grid-template-columns: minmax(0, 1fr) minmax(0, 1fr); gap: 1rem; }
        .sides li { overflow-wrap: anywhere; }
        .sides h3 { margin-top: 0.5rem; }
        .goals { color: var(--muted); margin: 0.25rem 0; overflow-wrap: anywhere; }
        .goals:empty { display: none; }
        .seasons ul { list-style: none; padding: 0; margin: 0 0 1rem; display: flex; flex-wrap: wrap; gap: 0.25rem 1rem; }
        .seasons a[aria-current] { font-weight: 600; text-decoration: none; }
        .sides ul { padding-inline-start: 1.25rem; }
        .form { white-space: nowrap; font-variant-numeric: tabular-nums; }
        .won { color: var(--link); font-weight: 600; }
        .lost { color: var(--muted); }
        .matches { list-style: none; padding: 0; }
        .matches li { border-bottom: 1px solid var(--line); padding: 0.5rem 0; }
        .result { font-weight: 600; font-variant-numeric: tabular-nums; }
        .chart { display: block; width: 100%; max-width: 20rem; height: auto; margin: 0.25rem 0 0; overflow: visible; }
        .chart-line { fill: none; stroke: var(--link); stroke-width: 2.5; stroke-linejoin: round; stroke-linecap: round; }
        .chart-point { fill: var(--link); }
        .fixture { border-bottom: 1px solid var(--line); padding: 0 0 1rem; margin: 0 0 1rem; }
        .headcount { font-size: 1.125rem; font-weight: 600; margin: 0.5rem 0; }
        .notice { margin: 0.5rem 0; }
        .answers { display: flex; flex-wrap: wrap; gap: 0.5rem; margin: 0.75rem 0; }
        .answers button { flex: 1 1 5rem; min-height: 3rem; font: inherit; font-size: 1.125rem; font-weight: 600;
          border: 2px solid var(--link); border-radius: 0.5rem; background: var(--background); color: var(--link); cursor: pointer; }
        .answers button[aria-pressed="true"] { background: var(--link); color: var(--background); }
        .names { padding-inline-start: 1.75rem; overflow-wrap: anywhere; }
        .award { color: var(--link); font-weight: 600; white-space: nowrap; }
        @media (max-width: 39.99rem) {
          table { font-size: 0.9375rem; }
          th, td { padding: 0.375rem 0.25rem; }
          .table-box { margin-inline: -0.75rem; }
        }
        @media (max-width: 20rem) {
          header, main, footer { padding-inline: 0.5rem; }
          .table-box { margin-inline: -0.5rem; }
          .extra { display: none; }
          table { font-size: 0.8125rem; }
          th, td { padding: 0.25rem 0.1875rem; }
          thead th, thead .number { white-space: normal; }
          tbody th { overflow-wrap: anywhere; }
        }
        @media (min-width: 40rem) {
          .scoreline { font-size: 1.5rem; }
          body { font-size: 1.0625rem; }
          h1 { font-size: 1.875rem; }
        }
        """)
}

extension ClassName {
    /// The box a table scrolls in.
    package static let tableBox = ClassName("table-box")
    /// A cell holding a number: aligned to the end, digits of equal width.
    package static let number = ClassName("number")
    /// Text of less importance.
    package static let muted = ClassName("muted")

    /// The name of the product above a page's heading.
    package static let site = ClassName("site")
    /// The box of the match being played.
    package static let live = ClassName("live")
    /// The two sides' names around the score.
    package static let scoreline = ClassName("scoreline")
    /// The match clock.
    package static let clock = ClassName("clock")
    /// Who plays on each side, side by side.
    package static let sides = ClassName("sides")
    /// A side's goals: who scored and when.
    package static let goals = ClassName("goals")
    /// The seasons a table can be read for.
    package static let seasons = ClassName("seasons")
    /// A player's last results, W D L.
    package static let form = ClassName("form")
    package static let won = ClassName("won")
    package static let lost = ClassName("lost")
    /// A list of results.
    package static let matches = ClassName("matches")
    /// A score in a list of results.
    package static let result = ClassName("result")

    /// A small chart drawn in the page (a rating's course), its line and its latest point.
    package static let chart = ClassName("chart")
    package static let chartLine = ClassName("chart-line")
    package static let chartPoint = ClassName("chart-point")

    /// A fixture on a personal page, its headcount, where the reader's answer stands, the answer
    /// buttons and the lists of names.
    package static let fixture = ClassName("fixture")
    package static let headcount = ClassName("headcount")
    package static let notice = ClassName("notice")
    package static let answers = ClassName("answers")
    package static let names = ClassName("names")
    /// A column a table can do without where the text is large for the screen (150 % and 200 %
    /// text on a phone: narrower than 20 rem): the columns friends read first stay in view.
    package static let extra = ClassName("extra")
    /// Man of the match: the star beside a name, the line under a result.
    package static let award = ClassName("award")

    /// Every class above, for the test that each has a rule.
    static let all: [ClassName] = [.tableBox, .number, .muted, .site, .live, .scoreline, .clock, .sides, .goals, .seasons, .form, .won, .lost,
                                   .matches, .result, .chart, .chartLine, .chartPoint, .fixture, .headcount, .notice, .answers, .names, .extra, .award]
}
