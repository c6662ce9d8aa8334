// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "apolo",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "apolo", targets: ["apolo"])
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0")
    ],
    targets: [
        .systemLibrary(name: "CExif", pkgConfig: "libexif", providers: [.apt(["libexif-dev"])]),
        .systemLibrary(name: "CCrypto", pkgConfig: "libcrypto", providers: [.apt(["libssl-dev"])]),
        .target(name: "CExifShim", dependencies: ["CExif"]),
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        .target(name: "CVipsShim", linkerSettings: [.linkedLibrary("dl"), .linkedLibrary("pthread")]),
        .target(name: "CSystem"),
        .target(name: "ApoloCore"),
        .target(name: "ApoloStore", dependencies: ["ApoloCore", "CSQLite", "CSystem"]),
        .target(name: "ApoloMedia", dependencies: ["ApoloCore", "CExif", "CExifShim", "CCrypto", "CVipsShim", "CSystem"]),
        .target(name: "ApoloEngine", dependencies: ["ApoloCore", "ApoloStore"]),
        .target(name: "ApoloFixtures"),
        .target(
            name: "ApoloCLI",
            dependencies: [
                "ApoloCore", "ApoloStore", "ApoloEngine", "ApoloMedia", "CSystem",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(name: "apolo", dependencies: ["ApoloCLI"]),
        .executableTarget(name: "make-sample-photos", dependencies: ["ApoloFixtures"]),
        .testTarget(name: "ApoloCoreTests", dependencies: ["ApoloCore"]),
        .testTarget(name: "ApoloStoreTests", dependencies: ["ApoloStore", "ApoloCore"]),
        .testTarget(name: "ApoloMediaTests", dependencies: ["ApoloMedia", "ApoloFixtures", "ApoloCore"]),
        .testTarget(name: "ApoloCLITests", dependencies: ["ApoloCLI", "ApoloCore", "ApoloStore", .product(name: "ArgumentParser", package: "swift-argument-parser")]),
        .testTarget(
            name: "EndToEndTests",
            dependencies: ["apolo", "make-sample-photos", "ApoloFixtures"]
        ),
    ]
)
