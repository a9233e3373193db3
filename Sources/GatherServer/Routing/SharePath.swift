/// The public pages a share link opens: `/s/<token>` and what hangs below it.
enum SharePath {
    static func page(token: String) -> String { "/s/\(token)" }
}
