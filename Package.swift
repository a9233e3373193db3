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
        // Kernel headers Glibc's module leaves out (epoll, eventfd). Headers only, nothing to link.
        .systemLibrary(name: "CLinux", path: "Sources/CLinux"),

        // Domain and wire format, shared by server and client.
        .target(name: "GatherCore"),
        // Locks, conditions and threads that ThreadSanitizer can see, without Foundation. Depends on nothing but kernel headers.
        .target(name: "Locking", dependencies: ["CLinux"]),
        // HTTP/1.1 messages, parser and serializer. No sockets.
        .target(name: "HTTP"),
        // Sockets, epoll event loops, and TLS over them.
        .target(name: "Networking", dependencies: ["HTTP", "CLinux", "COpenSSL", "Locking"]),
        // Histograms and the Prometheus text format. Pure standard library.
        .target(name: "Metrics"),
        // SQLite connection, statements, migrations, repositories.
        .target(name: "Storage", dependencies: ["GatherCore", "CSQLite", "Locking", "Metrics"]),
        // Router, authentication, handlers, server assembly.
        .target(name: "GatherServer", dependencies: ["Arguments", "GatherCore", "GatherWeb", "HTTP", "Networking", "Storage", "CCrypt", "COpenSSL",
                                                     "Locking", "Metrics"]),
        // The public web pages: typed HTML that escapes every text, the stylesheet and the page's Content-Security-Policy.
        .target(name: "GatherWeb", dependencies: ["GatherCore"]),

        // Raw mode, key decoding, display widths, screen buffer and diff renderer. Knows nothing of the app.
        .target(name: "Terminal", dependencies: ["CLinux"]),
        // API client, services, presenters, coordinators, match clock. Never imports Terminal.
        .target(name: "GatherClient", dependencies: ["Arguments", "GatherCore", "HTTP", "Networking", "Locking"]),
        // The one parser of every command line (gather, its scripting commands, gather-server). Knows nothing of the app.
        .target(name: "Arguments"),
        // QR code encoder (byte mode, every version and correction level) and its half-block text rendering. Pure standard library.
        .target(name: "QRCode"),
        // `gather COMMAND`: one task per run for scripts, over the same services and session as the TUI.
        .target(name: "GatherCLI", dependencies: ["Arguments", "GatherClient", "GatherCore", "Networking", "QRCode"]),
        // The terminal views of each screen and the run loop that feeds them keys, ticks and resizes.
        .target(name: "GatherTerminal", dependencies: ["GatherClient", "Terminal", "GatherCore", "QRCode"]),

        .executableTarget(name: "gather-server", dependencies: ["GatherServer", "GatherCore", "Storage", "Networking"], path: "Server"),
        .executableTarget(name: "gather", dependencies: ["GatherTerminal", "GatherClient", "GatherCLI", "GatherCore", "Networking", "Terminal"],
                         path: "Client"),
        .executableTarget(name: "gather-bench", dependencies: ["GatherServer", "GatherCore", "Networking", "HTTP"], path: "Benchmarks/ServerBenchmark"),
        // Simulated groups: do ratings learned from results order players and predict matches better?
        .executableTarget(name: "gather-rating-bench", dependencies: ["GatherCore"], path: "Benchmarks/RatingSimulation"),

        // Test support shared by test targets: throw-away certificates made with `openssl`, nginx in front, a misbehaving server.
        .target(name: "TestSupport", path: "Tests/TestSupport"),

        .testTarget(name: "GatherCoreTests", dependencies: ["GatherCore"]),
        .testTarget(name: "HTTPTests", dependencies: ["HTTP"]),
        .testTarget(name: "LockingTests", dependencies: ["Locking"]),
        .testTarget(name: "NetworkingTests", dependencies: ["Networking", "HTTP", "Locking", "TestSupport"]),
        .testTarget(name: "StorageTests", dependencies: ["Storage", "TestSupport"]),
        .testTarget(name: "MetricsTests", dependencies: ["Metrics"]),
        .testTarget(name: "GatherWebTests", dependencies: ["GatherWeb", "GatherCore"]),
        .testTarget(name: "GatherServerTests", dependencies: ["GatherServer", "GatherCore", "Networking", "HTTP", "Storage", "CCrypt", "Locking",
                                                             "Metrics", "TestSupport"],
                    // The browser tests' Selenium script, run with Debian's python3.
                    exclude: ["Browser"]),
        .testTarget(name: "TerminalTests", dependencies: ["Terminal"]),
        .testTarget(name: "ArgumentsTests", dependencies: ["Arguments"]),
        .testTarget(name: "QRCodeTests", dependencies: ["QRCode", "TestSupport"]),
        .testTarget(name: "GatherCLITests", dependencies: ["GatherCLI", "GatherClient", "GatherCore"]),
        .testTarget(name: "GatherClientTests", dependencies: ["GatherClient", "GatherCore", "Networking", "GatherServer", "Locking",
                                                             "TestSupport"]),
        .testTarget(name: "GatherTerminalTests", dependencies: ["GatherTerminal", "GatherClient", "Terminal", "GatherServer", "Networking",
                                                               "TestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
