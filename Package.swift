// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "FootballGather",
    products: [
        .executable(name: "gather-server", targets: ["gather-server"]),
        .executable(name: "gather", targets: ["gather"]),
    ],
    dependencies: [],
    targets: [
        // System C libraries, reached through module maps.
        .systemLibrary(name: "CSQLite", path: "Sources/CSQLite", providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(name: "CCrypt", path: "Sources/CCrypt", providers: [.apt(["libcrypt-dev"])]),
        // TLS for gather and gather-server (Debian's libssl-dev: OpenSSL 3).
        .systemLibrary(name: "COpenSSL", path: "Sources/COpenSSL", providers: [.apt(["libssl-dev"])]),
        // zlib (Debian's zlib1g-dev): pages compressed for browsers that ask, and the icons' PNG data.
        .systemLibrary(name: "CZlib", path: "Sources/CZlib", providers: [.apt(["zlib1g-dev"])]),
        // Kernel headers Glibc's module leaves out (epoll, eventfd). Headers only, nothing to link.
        .systemLibrary(name: "CLinux", path: "Sources/CLinux"),

        // What server and client share, one concept each, each depending only on those above it.
        // Text rules every free-text field follows, and the Unicode tables they read (NFC, case folding).
        .target(name: "GatherText"),
        // The wire format: the JSON writer and flat reader, RFC 3339 dates, UUID text, the error body.
        .target(name: "GatherWire", dependencies: ["GatherText"]),
        // IANA time zones read from the system's tz database (TZif files and their POSIX TZ rules), without ICU.
        .target(name: "ZoneInfo"),
        // The domain: players, matches, results, groups, accounts, shares; their rules and their JSON.
        // The commit the binaries were built from, recorded by make (C, so a new commit recompiles one file).
        // DWARF 4: valgrind (make bench-check's callgrind) cannot read clang's DWARF 5.
        .target(name: "CBuildInfo", cSettings: [.unsafeFlags(["-gdwarf-4"])]),
        .target(name: "GatherDomain", dependencies: ["GatherText", "GatherWire", "CBuildInfo"]),
        // Ratings learned from results, and the player statistics and leaderboard that show them.
        .target(name: "GatherRating", dependencies: ["GatherWire", "GatherDomain"]),
        // Fair teams: the balancer's search, its request and answer.
        .target(name: "GatherBalancing", dependencies: ["GatherText", "GatherWire", "GatherDomain", "GatherRating"]),
        // Locks, conditions and threads that ThreadSanitizer can see, without Foundation. Depends on nothing but kernel headers.
        .target(name: "Locking", dependencies: ["CLinux"]),
        // HTTP/1.1 messages, parser and serializer. No sockets.
        .target(name: "HTTP"),
        // Sockets, epoll event loops, and TLS over them.
        .target(name: "Networking", dependencies: ["HTTP", "CLinux", "COpenSSL", "Locking"]),
        // Histograms and the Prometheus text format. Pure standard library.
        .target(name: "Metrics"),
        // SQLite connection, statements, migrations, repositories.
        .target(name: "Storage", dependencies: ["GatherText", "GatherWire", "GatherDomain", "GatherRating", "CSQLite", "COpenSSL", "Locking", "Metrics"]),
        // Router, authentication, handlers, server assembly.
        .target(name: "GatherServer", dependencies: ["Arguments", "GatherText", "GatherWire", "GatherDomain", "GatherRating", "GatherBalancing",
                                                     "GatherWeb", "HTTP", "Networking", "Storage", "CCrypt", "COpenSSL",
                                                     "Locking", "Metrics", "ZoneInfo", "CZlib"]),
        // The public web pages: typed HTML that escapes every text, the stylesheet and the page's Content-Security-Policy.
        .target(name: "GatherWeb", dependencies: ["GatherWire", "GatherDomain", "GatherRating"]),

        // Raw mode, key decoding, display widths, screen buffer and diff renderer. Knows nothing of the app.
        .target(name: "Terminal", dependencies: ["CLinux"]),
        // API client, services, presenters, coordinators, match clock. Never imports Terminal.
        .target(name: "GatherClient", dependencies: ["Arguments", "GatherWire", "GatherDomain", "GatherRating", "GatherBalancing", "HTTP", "Networking", "Locking"]),
        // The one parser of every command line (gather, its scripting commands, gather-server). Knows nothing of the app.
        .target(name: "Arguments"),
        // QR code encoder (byte mode, every version and correction level) and its half-block text rendering. Pure standard library.
        .target(name: "QRCode"),
        // `gather COMMAND`: one task per run for scripts, over the same services and session as the TUI.
        .target(name: "GatherCLI", dependencies: ["Arguments", "GatherClient", "GatherText", "GatherWire", "GatherDomain", "GatherRating",
                                                  "GatherBalancing", "HTTP", "Networking", "QRCode", "Terminal"]),
        // The terminal views of each screen and the run loop that feeds them keys, ticks and resizes.
        .target(name: "GatherTerminal", dependencies: ["GatherClient", "Terminal", "GatherDomain", "QRCode"]),

        .executableTarget(name: "gather-server", dependencies: ["GatherServer", "GatherDomain", "Storage", "Networking"], path: "Server"),
        .executableTarget(name: "gather", dependencies: ["GatherTerminal", "GatherClient", "GatherCLI", "GatherDomain", "Networking", "Terminal"],
                         path: "Client"),
        .executableTarget(name: "gather-bench", dependencies: ["GatherServer", "GatherDomain", "GatherBalancing", "Networking", "HTTP"],
                         path: "Benchmarks/ServerBenchmark"),
        // Simulated groups: do ratings learned from results order players and predict matches better?
        .executableTarget(name: "gather-rating-bench", dependencies: ["GatherDomain", "GatherRating", "GatherBalancing"], path: "Benchmarks/RatingSimulation"),

        // Test support shared by test targets: throw-away certificates made with `openssl`, nginx in front, a misbehaving server,
        // a webhook receiver that speaks HTTPS itself (OpenSSL).
        .target(name: "TestSupport", dependencies: ["COpenSSL"], path: "Tests/TestSupport"),

        // Assertions on validation errors and JSON, shared by the tests of the modules above.
        .target(name: "ValidationAssertions", dependencies: ["GatherText", "GatherWire"], path: "Tests/ValidationAssertions"),

        .testTarget(name: "GatherTextTests", dependencies: ["GatherText", "TestSupport", "ValidationAssertions"]),
        .testTarget(name: "GatherWireTests", dependencies: ["GatherText", "GatherWire", "GatherDomain", "GatherRating", "GatherBalancing",
                                                           "ValidationAssertions"]),
        .testTarget(name: "ZoneInfoTests", dependencies: ["ZoneInfo"]),
        .testTarget(name: "GatherDomainTests", dependencies: ["GatherText", "GatherWire", "GatherDomain", "ValidationAssertions", "TestSupport"]),
        .testTarget(name: "GatherRatingTests", dependencies: ["GatherDomain", "GatherRating"]),
        .testTarget(name: "GatherBalancingTests", dependencies: ["GatherWire", "GatherDomain", "GatherBalancing", "ValidationAssertions"]),
        .testTarget(name: "HTTPTests", dependencies: ["HTTP", "TestSupport"]),
        .testTarget(name: "LockingTests", dependencies: ["Locking"]),
        .testTarget(name: "NetworkingTests", dependencies: ["Networking", "HTTP", "Locking", "CLinux", "TestSupport"]),
        .testTarget(name: "StorageTests", dependencies: ["Storage", "CSQLite", "GatherWire", "GatherDomain", "GatherRating", "TestSupport"]),
        .testTarget(name: "MetricsTests", dependencies: ["Metrics"]),
        .testTarget(name: "GatherWebTests", dependencies: ["GatherWeb"]),
        .testTarget(name: "GatherServerTests", dependencies: ["GatherServer", "GatherText", "GatherWire", "GatherDomain",
                                                             "Networking", "HTTP", "Storage", "CCrypt", "Locking",
                                                             "Metrics", "TestSupport"],
                    // The browser tests' Selenium script, run with Debian's python3.
                    exclude: ["Browser", "Calendar/read_calendar.py"]),
        .testTarget(name: "TerminalTests", dependencies: ["Terminal", "TestSupport"]),
        .testTarget(name: "ArgumentsTests", dependencies: ["Arguments"]),
        .testTarget(name: "QRCodeTests", dependencies: ["QRCode", "TestSupport"]),
        .testTarget(name: "GatherCLITests", dependencies: ["GatherCLI", "GatherClient", "GatherDomain"]),
        .testTarget(name: "GatherClientTests", dependencies: ["GatherClient", "GatherWire", "GatherDomain", "GatherRating", "Networking", "GatherServer", "Locking",
                                                             "TestSupport"]),
        .testTarget(name: "GatherTerminalTests", dependencies: ["GatherTerminal", "GatherClient", "GatherDomain", "Terminal", "GatherServer", "Networking", "Locking", "GatherRating",
                                                               "TestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
