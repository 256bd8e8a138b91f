"""The reader account's notes, loaded through the API before the tests: a few written by hand (the
newest, so they are what the screenshots show) and enough generated ones, from the run's seed, to
fill more than one page of the list. Timestamps are fixed, so the order and dates are known."""
from datetime import datetime, timedelta, timezone

SHOWCASE = [
    ("Welcome to the web reader", ["quill"],
     "Your notes, **rendered** from *Markdown*, on any machine with a browser.\n\n"
     "## What works here\n\n- read, search and filter by tag\n- create, edit and delete\n"
     "- download the whole account as an archive\n\n"
     "> Edits are safe: if the note changed meanwhile, you see both versions.\n\n"
     "```sh\nquill sync\n```\n\nMore in [the documentation](https://example.com/quill)."),
    ("Groceries", ["home"], "- Milk\n- Eggs\n- Bread flour\n- Coffee beans"),
    ("Meeting notes: roadmap", ["work"],
     "Attendees: Ann, Bo, Chen.\n\n1. Ship the web reader\n2. Faster search\n3. Import from other apps\n\n"
     "Next meeting on **Thursday**."),
    ("Zeppelin museum trip", ["travel"], "Friedrichshafen, Saturday. Tickets online; the lake ferry leaves at 9:40."),
    ("Reading list", ["reading"], "- *The Mythical Man-Month*\n- *A Philosophy of Software Design*\n- *Thinking in Systems*"),
    ("Bread recipe", ["cooking", "home"],
     "500 g flour, 350 g water, 10 g salt, 3 g yeast. Shape it like a zeppelin, bake 40 minutes at 230 °C."),
    ("Server logs from Tuesday", ["work"],
     "The failing request: https://status.example.com/incidents/2026-11-17/a-very-long-path-without-any-"
     "break-in-it-at-all-that-must-still-fit-on-a-phone-screen-somehow\n\n"
     "```\n2026-11-17T10:00:00.123Z error GET /v1/notes/3f9a0c1d 503 30000.000ms duration_ms=30000.000 "
     "hb.request.id=5f0e2c3b4a596877 http.method=GET http.path=/v1/notes/3f9a0c1d http.status=503\n```\n\n"
     "| host | region | requests | errors | p50 | p99 | started | stopped | version | owner |\n"
     "|---|---|---|---|---|---|---|---|---|---|\n"
     "| sync-eu-west-1a.example.net | eu-west-1 | 1,204,331 | 4,102 | 12 ms | 30,000 ms | 09:58:12 | 10:14:40 | 2026.11.3 | platform-oncall |"),
    ("Ideas", ["ideas"], "A note a day. Tag the good ones *ideas* and read them on Sundays."),
]
SEARCH_WORD = "zeppelin"  # in exactly two notes above: a title and a body
FILLER_NOTES = 55
WORDS = ("river garden window market letter paper morning summer coffee bridge signal music "
         "station winter lantern harbor meadow pencil ladder violin candle orchard thunder basket").split()
FILLER_TAGS = ["work", "home", "ideas", "reading", "travel"]
NEWEST = datetime(2026, 11, 20, 9, 30, tzinfo=timezone.utc)


def _timestamp(moment):
    return moment.strftime("%Y-%m-%dT%H:%M:%S.") + "%03dZ" % (moment.microsecond // 1000)


class Corpus:
    """The seeded notes, newest first, as the API answered them."""

    def __init__(self, notes):
        self.notes = notes

    def titles(self):
        return [note["title"] for note in self.notes]

    def by_title(self, title):
        return next(note for note in self.notes if note["title"] == title)

    def with_tag(self, tag):
        return [note for note in self.notes if tag in note["tags"]]


def seed_reader_account(api, rng):
    notes = []
    for index, (title, tags, body) in enumerate(SHOWCASE):
        moment = NEWEST - timedelta(hours=7 * index, minutes=13 * index)
        notes.append(api.create(title, body, tags, note_id="5eed%04x" % index, timestamp=_timestamp(moment)))
    oldest_showcase = NEWEST - timedelta(hours=7 * len(SHOWCASE))
    for index in range(FILLER_NOTES):
        words = [rng.choice(WORDS) for _ in range(rng.randint(2, 4))]
        title = " ".join(words).capitalize() + " %d" % (index + 1)
        body = "\n\n".join(" ".join(rng.choice(WORDS) for _ in range(rng.randint(8, 40))).capitalize() + "."
                           for _ in range(rng.randint(1, 5)))
        tags = rng.sample(FILLER_TAGS, rng.randint(0, 2))
        moment = oldest_showcase - timedelta(days=index + 1, minutes=rng.randint(0, 600))
        notes.append(api.create(title, body, tags, note_id="f111%04x" % index, timestamp=_timestamp(moment)))
    return Corpus(notes)
