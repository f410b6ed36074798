// swift-tools-version:6.0
// An app package that adopts SceneLang's plugins (docs/swift-check.md): scripts/plugin-fixture
// copies it beside a link named SceneLang to the repository and builds it.
import PackageDescription

let package = Package(
    name: "PluginFixture",
    dependencies: [.package(path: "../SceneLang")],
    targets: [
        .target(name: "Cards", plugins: [.plugin(name: "SceneCheckBuild", package: "SceneLang")]),
    ]
)
