import Foundation
import QuillModels
import SearchIndexInterface

/// SQLite FTS5's `bm25()` with the column weights of the SQLite index (title 10, body 1):
/// each text term of the query is one phrase, scored over the whole corpus. Higher is better
/// (FTS5 returns the negation).
struct BM25 {
    static let titleWeight = 10.0
    static let bodyWeight = 1.0
    private static let k1 = 1.2
    private static let b = 0.75

    private let terms: [SearchQuery.Term]
    private let inverseFrequencies: [Double]
    private let averageLength: Double

    init(query: SearchQuery, corpus: [IndexedText]) {
        terms = query.terms.filter { if case .tag = $0 { false } else { true } }
        let total = Double(corpus.count)
        averageLength = corpus.isEmpty ? 1 : Double(corpus.reduce(0) { $0 + $1.title.count + $1.bodyWords.count }) / total
        inverseFrequencies = terms.map { term in
            let containing = Double(corpus.filter { term.occurrences(in: $0.title) + term.occurrences(in: $0.bodyWords) > 0 }.count)
            let idf = log((total - containing + 0.5) / (containing + 0.5))
            return idf <= 0 ? 1e-6 : idf
        }
    }

    func score(_ entry: IndexedText) -> Double {
        let length = Double(entry.title.count + entry.bodyWords.count)
        var score = 0.0
        for (index, term) in terms.enumerated() {
            let frequency = Self.titleWeight * Double(term.occurrences(in: entry.title))
                + Self.bodyWeight * Double(term.occurrences(in: entry.bodyWords))
            score += inverseFrequencies[index] * frequency * (Self.k1 + 1)
                / (frequency + Self.k1 * (1 - Self.b + Self.b * length / max(averageLength, 1)))
        }
        return score
    }
}
