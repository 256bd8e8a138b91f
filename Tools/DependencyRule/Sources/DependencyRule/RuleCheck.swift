/// Finds every edge of the package graph that breaks the layering.
enum RuleCheck {
    static func violations(in graph: PackageGraph) -> [String] {
        var layers: [String: Layer] = [:]
        var problems: [String] = []
        for target in graph.targets {
            if let layer = Layer(path: target.path) {
                layers[target.name] = layer
            } else {
                problems.append("\(target.name): lives at '\(target.path)', outside Modules/<Layer>/, Apps/ and Tests/")
            }
        }
        for target in graph.targets {
            guard let layer = layers[target.name] else { continue }
            for dependency in target.targets {
                guard let other = layers[dependency] else {
                    // Products of the same package named byName resolve to external products in dump-package.
                    if !layer.mayUseExternalProducts {
                        problems.append("\(target.name) (\(layer.rawValue)) depends on '\(dependency)', which is not a layered target")
                    }
                    continue
                }
                if !layer.mayDependOn.contains(other) {
                    problems.append("\(target.name) (\(layer.rawValue)) must not depend on \(dependency) (\(other.rawValue))")
                }
            }
            if !layer.mayUseExternalProducts, let product = target.products.first {
                problems.append("\(target.name) (\(layer.rawValue)) must not use the external product \(product)")
            }
        }
        return problems
    }
}
