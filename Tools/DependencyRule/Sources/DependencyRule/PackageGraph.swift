import Foundation

/// The targets of a package and their dependencies, as `swift package dump-package` prints them.
struct PackageGraph: Sendable {
    struct Target: Sendable {
        let name: String
        let path: String
        let targets: [String]
        let products: [String]
    }

    let targets: [Target]

    init(dumpPackageJSON data: Data) throws {
        guard let root = try JSONSerialization.jsonObject(with: data) as? [String: Any],
              let targets = root["targets"] as? [[String: Any]] else {
            throw RuleError("the input is not the JSON of 'swift package dump-package'")
        }
        self.targets = try targets.map { target in
            guard let name = target["name"] as? String else { throw RuleError("a target has no name") }
            let path = target["path"] as? String ?? ""
            var local: [String] = [], external: [String] = []
            for dependency in target["dependencies"] as? [[String: Any]] ?? [] {
                if let byName = dependency["byName"] as? [Any], let first = byName.first as? String {
                    local.append(first)
                } else if let target = dependency["target"] as? [Any], let first = target.first as? String {
                    local.append(first)
                } else if let product = dependency["product"] as? [Any], let first = product.first as? String {
                    let package = product.count > 1 ? (product[1] as? String ?? "") : ""
                    external.append(package.isEmpty ? first : "\(package)/\(first)")
                }
            }
            return Target(name: name, path: path, targets: local, products: external)
        }
    }

    init(targets: [Target]) { self.targets = targets }
}

struct RuleError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
