// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "FootballGather",
    products: [
        .executable(name: "fg-server", targets: ["fg-server"]),
    ],
    dependencies: [],
    targets: [
        // System C libraries, reached through module maps.
        .systemLibrary(name: "CSQLite", path: "Sources/CSQLite", providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(name: "CCrypt", path: "Sources/CCrypt", providers: [.apt(["libcrypt-dev"])]),
        // Kernel headers Glibc's module leaves out (epoll, eventfd). Headers only, nothing to link.
        .systemLibrary(name: "CLinux", path: "Sources/CLinux"),

        // Domain and wire format, shared by server and client.
        .target(name: "GatherCore"),
        // HTTP/1.1 messages, parser and serializer. No sockets.
        .target(name: "HTTP", dependencies: ["GatherCore"]),
        // Sockets and epoll event loops.
        .target(name: "Networking", dependencies: ["HTTP", "CLinux"]),
        // SQLite connection, statements, migrations, repositories.
        .target(name: "Storage", dependencies: ["GatherCore", "CSQLite"]),
        // Router, authentication, handlers, server assembly.
        .target(name: "GatherServer", dependencies: ["GatherCore", "HTTP", "Networking", "Storage", "CCrypt"]),

        .executableTarget(name: "fg-server", dependencies: ["GatherServer"], path: "Server"),
        .executableTarget(name: "fg-bench", dependencies: ["GatherServer", "Networking", "HTTP"], path: "Benchmarks/ServerBenchmark"),

        .testTarget(name: "GatherCoreTests", dependencies: ["GatherCore"]),
        .testTarget(name: "HTTPTests", dependencies: ["HTTP"]),
        .testTarget(name: "StorageTests", dependencies: ["Storage"]),
        .testTarget(name: "GatherServerTests", dependencies: ["GatherServer", "Networking", "HTTP", "Storage"]),
    ],
    swiftLanguageModes: [.v6]
)
