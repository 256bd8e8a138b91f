import Foundation
import QuillModels
import StandardTesting

/// A few dozen realistic notes with fixed IDs and dates, for `--preview` and for tests
/// that want a populated store.
public enum SampleNotes {
    /// The instant the samples were "written": 2026-01-05 09:00 UTC.
    public static let epoch = Date(timeIntervalSince1970: 1_767_603_600)

    /// Notes spaced an hour apart, oldest first, with fixed random-looking IDs.
    public static func all() -> [Note] {
        entries.enumerated().compactMap { offset, entry in
            let created = epoch.addingTimeInterval(Double(offset) * 3600)
            return try? Note(
                id: id(offset), title: entry.title, body: entry.body,
                tags: Tag.normalize(entry.tags), created: created, updated: created)
        }
    }

    /// A fixed, well-spread ID per sample (SplitMix64 of its position), so short IDs differ.
    private static func id(_ offset: Int) -> NoteID {
        var generator = SplitMix64(seed: UInt64(offset + 1) &* 0x9E37_79B9_7F4A_7C15)
        return NoteID(high: generator.next(), low: generator.next())
    }

    private static let entries: [(title: String, tags: [String], body: String)] = [
        ("Weekly planning", ["work", "planning"], "- Ship the export command\n- Review sync design\n- Book the team lunch"),
        ("Groceries", ["home"], "Oat milk, eggs, spinach, lemons, coffee beans (the dark roast)."),
        ("Book: The Pragmatic Programmer", ["reading"], "Tracer bullets > prototypes when the path is unclear.\nDRY is about knowledge, not text."),
        ("Standup notes 2026-01-05", ["work", "standup"], "Yesterday: index journal.\nToday: crash tests.\nBlocked: none."),
        ("Recipe: lentil soup", ["cooking", "home"], "# Lentil soup\n1 onion, 2 carrots, 200 g red lentils, cumin, 1 l stock. Simmer 25 min."),
        ("Ideas for the garden", ["home", "garden"], "Raised bed by the fence. Tomatoes, basil, chard. Compost bin near the shed."),
        ("Meeting with Dana", ["work", "1on1"], "Career goals: more design work. Follow up on the conference talk proposal."),
        ("Trip to Lisbon", ["travel"], "Flights booked for March. Tram 28, Belém, LX Factory, day trip to Sintra."),
        ("Swift concurrency cheatsheet", ["swift", "reference"], "Actors isolate state. `Sendable` crosses boundaries. Prefer structured concurrency."),
        ("Workout plan", ["health"], "Mon: run 5 km\nWed: strength\nFri: swim\nSun: long walk"),
        ("Gift ideas", ["personal"], "Mum: pottery class. Sam: a good chef's knife. Alex: board game night."),
        ("Release checklist", ["work", "release"], "1. Tag\n2. Changelog\n3. Build artifacts\n4. Announce"),
        ("Podcast: interface design", ["listening"], "Small protocols, one job each. Compose at the edge of the app."),
        ("Apartment maintenance", ["home"], "Replace the bathroom fan filter. Check smoke alarms. Bleed radiators."),
        ("Quotes", ["personal", "reading"], "\"Simplicity is prerequisite for reliability.\" — Dijkstra"),
        ("Standup notes 2026-01-06", ["work", "standup"], "Yesterday: crash tests.\nToday: CLI errors and exit codes."),
        ("Learning Portuguese", ["language"], "Obrigado/obrigada. Bom dia. Quanto custa? Practise 15 minutes a day."),
        ("Bug: list ordering", ["work", "bug"], "Notes with equal timestamps flip order. Fix: tie-break on ID."),
        ("Budget January", ["finance"], "Rent 1200, food 400, transport 90, savings 500, fun 150."),
        ("Movie list", ["personal"], "Perfect Days; Past Lives; The Zone of Interest; Aftersun."),
        ("Design review: sync", ["work", "design"], "Cursor saved after apply. Push carries base revision. Conflicts keep both."),
        ("Bike repair", ["home"], "Rear brake pads worn. Chain needs lube. Check tyre pressure (4.5 bar)."),
        ("Interview questions", ["work", "hiring"], "Tell me about a bug you chased for days. How do you test a clock-dependent function?"),
        ("Birthday party", ["personal", "planning"], "Saturday 4 pm. Cake from the corner bakery. Invite list in the group chat."),
        ("Reading list 2026", ["reading"], "Designing Data-Intensive Applications; A Philosophy of Software Design; Piranesi."),
        ("Café notes", ["personal"], "Naïve résumé of the day: café au lait, crème brûlée — UTF-8 everywhere."),
        ("Server deployment", ["work", "ops"], "quill-server behind nginx. SQLite for one box; PostgreSQL for two or more."),
        ("Plant watering", ["home", "garden"], "Monstera weekly, cactus monthly, basil daily in summer."),
        ("Retrospective", ["work"], "Went well: small PRs. To improve: flaky integration test. Try: contract suites."),
        ("Night sky", ["personal"], "Jupiter rises in the east around 9 pm. Orion by midnight."),
        ("Car insurance", ["finance"], "Renewal due 1 March. Compare three quotes. Ask about the no-claims discount."),
        ("Tea tasting", ["personal"], "Sencha: grassy. Darjeeling: muscat. Pu-erh: earthy. Water at 80 °C for green."),
    ]
}
