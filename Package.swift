// swift-tools-version:6.0
import PackageDescription

// dlib's detector templates use SSE 4.1 when told: 15% faster. x86-64-v2 (SSE 4.2) is every x86 CPU since 2009.
// A second build of the same worker uses AVX2 (x86-64-v3, every x86 CPU since about 2015): 20% faster again; apolo
// starts it when the processor has AVX2 and FMA (apolo_faces.c). -O3: 16% faster than -O2 on the HOG scan.
#if arch(x86_64)
    let dlibVectors = ["-O3", "-march=x86-64-v2", "-DDLIB_HAVE_SSE2", "-DDLIB_HAVE_SSE3", "-DDLIB_HAVE_SSE41"]
    let dlibWide = [
        "-O3", "-march=x86-64-v3", "-DDLIB_HAVE_SSE2", "-DDLIB_HAVE_SSE3", "-DDLIB_HAVE_SSE41",
        "-DDLIB_HAVE_AVX"
    ]
#else
    let dlibVectors = ["-O3"]
    let dlibWide = ["-O3"]
#endif
// YuNet, the face detector, runs in OpenCV's DNN module (Debian's libopencv-dnn-dev; make installs it).
let opencvHeaders = ["-I/usr/include/opencv4"]
let dlibLinks: [LinkerSetting] = [
    .linkedLibrary("opencv_dnn"), .linkedLibrary("opencv_imgproc"), .linkedLibrary("opencv_core"),
    .linkedLibrary("dlib"), .linkedLibrary("blas"), .linkedLibrary("lapack"),
    .linkedLibrary("stdc++"), .linkedLibrary("m"), .linkedLibrary("pthread")
]

let package = Package(
    name: "apolo",
    // Linux only (Glibc, copy_file_range, prctl, /proc, fork-isolated LibRaw): no other platform is claimed.
    products: [
        .executable(name: "apolo", targets: ["apolo"])
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6")
    ],
    targets: [
        .systemLibrary(name: "CExif", pkgConfig: "libexif", providers: [.apt(["libexif-dev"])]),
        .systemLibrary(name: "CCrypto", pkgConfig: "libcrypto", providers: [.apt(["libssl-dev"])]),
        .target(name: "CExifShim", dependencies: ["CExif"]),
        .systemLibrary(name: "CXML2", pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev"])]),
        .target(name: "CXMLShim", dependencies: ["CXML2"]),
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        .target(name: "CVipsShim", linkerSettings: [.linkedLibrary("dl"), .linkedLibrary("pthread")]),
        .target(name: "CApoloSystem"),
        .target(name: "CApoloWeb"),
        .target(name: "CApoloWorkers", linkerSettings: [.linkedLibrary("pthread")]),
        .target(
            name: "CApoloRaw", dependencies: ["CApoloWorkers"],
            linkerSettings: [.linkedLibrary("dl"), .linkedLibrary("pthread")]),
        .target(name: "ApoloCore"),
        .target(name: "ApoloSystem", dependencies: ["ApoloCore"]),
        .target(name: "ApoloStore", dependencies: ["ApoloCore", "ApoloSystem", "CSQLite", "CApoloSystem"]),
        .target(
            name: "ApoloMedia",
            dependencies: [
                "ApoloCore", "ApoloSystem", "CExif", "CExifShim", "CCrypto",
                "CVipsShim", "CApoloSystem", "CApoloRaw", "CApoloWorkers", "CXMLShim"
            ]),
        .target(
            name: "ApoloEngine",
            dependencies: ["ApoloCore", "ApoloStore", "ApoloMedia", "ApoloSystem", "CApoloSystem"]),
        .target(
            name: "ApoloCommands",
            dependencies: [
                "ApoloCore", "ApoloStore", "ApoloEngine",
                .product(name: "ArgumentParser", package: "swift-argument-parser")
            ]
        ),
        .target(
            name: "ApoloServer",
            dependencies: [
                "ApoloCore", "ApoloStore", "ApoloEngine", "ApoloMedia", "ApoloCommands", "CApoloWeb",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HummingbirdTLS", package: "hummingbird"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOHTTP1", package: "swift-nio")
            ],
            exclude: ["Web"]  // embedded by CApoloWeb
        ),
        // generated photos are made in every test run: optimised even in debug builds
        .target(name: "ApoloFixtures", swiftSettings: [.unsafeFlags(["-O"])]),
        .target(
            name: "ApoloCLI",
            dependencies: [
                "ApoloCore", "ApoloStore", "ApoloEngine", "ApoloMedia", "ApoloServer", "ApoloCommands", "CApoloSystem",
                .product(name: "ArgumentParser", package: "swift-argument-parser")
            ]
        ),
        .executableTarget(
            name: "apolo",
            dependencies: [
                "ApoloCLI", "CApoloSystem", "apolo-raw-worker",
                "apolo-face-worker", "apolo-face-worker-v3"
            ]),
        .executableTarget(name: "make-sample-photos", dependencies: ["ApoloFixtures"]),
        .executableTarget(name: "apolo-raw-worker", dependencies: ["CApoloRaw"]),
        // dlib from Debian (libdlib-dev; make installs it), whose pkg-config names BLAS and LAPACK too
        .executableTarget(
            name: "apolo-face-worker", dependencies: ["CApoloWorkers"],
            cxxSettings: [.unsafeFlags(dlibVectors + opencvHeaders)], linkerSettings: dlibLinks),
        // the same main.cpp (a link to it), built for AVX2
        .executableTarget(
            name: "apolo-face-worker-v3", dependencies: ["CApoloWorkers"],
            cxxSettings: [.unsafeFlags(dlibWide + opencvHeaders)], linkerSettings: dlibLinks),
        .testTarget(name: "ApoloCoreTests", dependencies: ["ApoloCore"]),
        .testTarget(name: "ApoloEngineTests", dependencies: ["ApoloEngine", "ApoloStore", "ApoloCore"]),
        .testTarget(name: "ApoloStoreTests", dependencies: ["ApoloStore", "ApoloCore"]),
        .testTarget(
            name: "ApoloMediaTests",
            dependencies: [
                "ApoloMedia", "ApoloFixtures", "ApoloCore",
                "apolo-raw-worker"
            ]),
        .testTarget(
            name: "ApoloCLITests",
            dependencies: [
                "ApoloCLI", "ApoloCommands", "ApoloCore", "ApoloStore",
                .product(name: "ArgumentParser", package: "swift-argument-parser")
            ]),
        .testTarget(
            name: "ApoloServerTests",
            dependencies: [
                "ApoloServer", "ApoloEngine", "ApoloStore", "ApoloMedia", "ApoloCore", "ApoloFixtures",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log")
            ]
        ),
        .testTarget(
            name: "EndToEndTests",
            dependencies: ["apolo", "make-sample-photos", "apolo-raw-worker", "ApoloFixtures", "ApoloStore"]
        )
    ]
)
