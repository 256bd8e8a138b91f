/// Finds every target whose name breaks the convention of one stem per concern.
///
/// A concern `<C>` is named by its protocols' module, `Modules/Interfaces/<C>Interface`. Around it:
/// its fakes `Modules/Testing/<C>Testing` depend on it; its adapters
/// `Modules/Adapters/<Technology><C>` depend on it; and its one contract suite,
/// `Tests/<C>ContractTests`, runs against `<C>Testing` and every adapter of the concern: those
/// named with its stem, and (given the table of concerns, which reads the sources) those of
/// another concern that also implement one of its protocols, as the server stores implement
/// `WebSessionStore`. A shared concern's contract suite is its folder of
/// `Tests/StandardContractTests`, which runs against every shared concern's implementations. An adapter that implements no interface at all (process set-up over a C
/// library) carries no stem.
enum NameCheck {
    static let interfaceSuffix = "Interface"
    static let testingSuffix = "Testing"
    static let contractSuffix = "ContractTests"

    static func violations(in graph: PackageGraph, concerns: ConcernTable? = nil, shared: SharedConcerns = SharedConcerns()) -> [String] {
        let targets = graph.targets.filter { Layer(path: $0.path) != nil }.sorted { $0.name < $1.name }
        func members(of layer: Layer) -> [PackageGraph.Target] { targets.filter { Layer(path: $0.path) == layer } }
        let interfaces = Set(members(of: .interfaces).map(\.name))
        let testing = Set(members(of: .testing).map(\.name))
        let tests = Set(members(of: .tests).map(\.name))
        var problems: [String] = []

        var stems: Set<String> = []
        for (stem, concern) in shared.concerns.sorted(by: { $0.key < $1.key }) {
            stems.insert(stem)
            if !concern.hasFakes {
                problems.append("\(SharedConcerns.interfaces)/\(stem) has no fakes folder Modules/Testing/\(SharedConcerns.testing)/\(stem)")
            }
            if !concern.hasContractSuite {
                problems.append("\(SharedConcerns.interfaces)/\(stem) has no contract suite Tests/\(SharedConcerns.contractTests)/\(stem)")
            }
        }
        for name in interfaces.sorted() where !SharedConcerns.modules.contains(name) {
            guard let stem = name.removingSuffix(interfaceSuffix) else {
                problems.append("\(name) (Interfaces) is not named <Concern>\(interfaceSuffix)")
                continue
            }
            stems.insert(stem)
            if !testing.contains(stem + testingSuffix) {
                problems.append("\(name) has no fakes module Modules/Testing/\(stem)\(testingSuffix)")
            }
            if !tests.contains(stem + contractSuffix) {
                problems.append("\(name) has no contract suite Tests/\(stem)\(contractSuffix)")
            }
        }

        var adaptersOfConcern: [String: [String]] = [:]
        for adapter in members(of: .adapters) where adapter.targets.contains(where: interfaces.contains)
            && !SharedConcerns.modules.contains(adapter.name) {
            // The longest stem the name ends with, after a technology: `FileNoteStore` is NoteStore's.
            guard let stem = Stem.longest(of: adapter.name, among: stems) else {
                problems.append("\(adapter.name) (Adapters) is not named <Technology><Concern> after any <Concern>\(interfaceSuffix)")
                continue
            }
            adaptersOfConcern[stem, default: []].append(adapter.name)
            let interface = shared.concerns[stem] == nil ? stem + interfaceSuffix : SharedConcerns.interfaces
            if !adapter.targets.contains(interface) {
                problems.append("\(adapter.name) (Adapters) carries the stem \(stem) but does not depend on \(interface)")
            }
        }

        for fakes in members(of: .testing) where !SharedConcerns.modules.contains(fakes.name) {
            guard let stem = fakes.name.removingSuffix(testingSuffix) else { continue }
            if !fakes.targets.contains(stem + interfaceSuffix) {
                problems.append("\(fakes.name) (Testing) does not depend on \(stem)\(interfaceSuffix)")
            }
        }

        for suite in members(of: .tests) {
            if suite.name == SharedConcerns.contractTests {
                // The suites of every shared concern: each runs against its folders and its adapters.
                for (stem, concern) in shared.concerns.sorted(by: { $0.key < $1.key }) {
                    let conforming = concerns?.rows.first { $0.concern == stem }?.adapters ?? []
                    let implementations = Set([SharedConcerns.testing] + (concern.hasAdapter ? [SharedConcerns.adapters] : [])
                        + (adaptersOfConcern[stem] ?? []) + conforming)
                    for implementation in implementations.sorted() where !suite.targets.contains(implementation) {
                        problems.append("\(suite.name) (Tests) does not run \(stem)'s suite against \(implementation)")
                    }
                }
                continue
            }
            guard let stem = suite.name.removingSuffix(contractSuffix) else { continue }
            guard stems.contains(stem) else {
                problems.append("\(suite.name) (Tests) is the contract suite of no concern: there is no \(stem)\(interfaceSuffix)")
                continue
            }
            let conforming = concerns?.rows.first { $0.concern == stem }?.adapters ?? []
            let fakesModule = shared.concerns[stem] == nil ? stem + testingSuffix : SharedConcerns.testing
            let sharedAdapter = shared.concerns[stem]?.hasAdapter == true ? [SharedConcerns.adapters] : []
            let implementations = Set([fakesModule] + (adaptersOfConcern[stem] ?? []) + conforming + sharedAdapter)
            for implementation in implementations.sorted() where !suite.targets.contains(implementation) {
                problems.append("\(suite.name) (Tests) does not run against \(implementation)")
            }
        }
        return problems
    }
}

extension String {
    /// What comes before `suffix` when the string ends with it after at least one character; else `nil`.
    fileprivate func removingSuffix(_ suffix: String) -> String? {
        guard hasSuffix(suffix), count > suffix.count else { return nil }
        return String(dropLast(suffix.count))
    }
}
