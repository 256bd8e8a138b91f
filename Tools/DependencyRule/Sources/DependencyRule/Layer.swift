/// A layer of Quill's architecture, read from where a target lives (`Modules/<Layer>/…`, `Apps/…`, `Tests/…`).
enum Layer: String, CaseIterable, Sendable {
    case models = "Models"
    case interfaces = "Interfaces"
    case features = "Features"
    case systemLibraries = "SystemLibraries"
    case kits = "Kits"
    case adapters = "Adapters"
    case testing = "Testing"
    case composition = "Composition"
    case apps = "Apps"
    case tests = "Tests"

    init?(path: String) {
        let parts = path.split(separator: "/").map(String.init)
        switch parts.first {
        case "Modules" where parts.count >= 3: self.init(rawValue: parts[1])
        case "Apps": self = .apps
        case "Tests": self = .tests
        default: return nil
        }
    }

    /// The layers a target of this layer may depend on. This table *is* the dependency rule.
    var mayDependOn: Set<Layer> {
        switch self {
        case .models: [.models]
        case .interfaces: [.models, .interfaces]
        case .features: [.models, .interfaces, .features]
        case .systemLibraries: []
        case .kits: [.systemLibraries, .kits]
        case .adapters: [.models, .interfaces, .systemLibraries, .kits]
        case .testing: [.models, .interfaces, .testing]
        case .composition: [.models, .interfaces, .features, .adapters, .testing, .composition]
        case .apps: [.models, .interfaces, .features, .composition]
        case .tests: Set(Layer.allCases).subtracting([.tests])
        }
    }

    /// Whether targets of this layer may use products of external packages (frameworks, libraries).
    var mayUseExternalProducts: Bool {
        switch self {
        case .models, .interfaces, .systemLibraries, .testing: false
        case .features, .kits, .adapters, .composition, .apps, .tests: true
        }
    }
}
