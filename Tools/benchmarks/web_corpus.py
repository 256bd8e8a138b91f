#!/usr/bin/env python3
"""Loads COUNT notes into one account of a running quill-server through the sync API
(`POST /v1/sync/push`, up to 1,000 changes and 1.5 MB a request): Markdown bodies of 0.3-4 KiB (a heading,
paragraphs, a list now and then), 0-3 tags from a pool of 40, updated times spread over three
years. Seeded: every run loads the same notes.

Usage: Tools/benchmarks/web_corpus.py BASE_URL TOKEN [COUNT [TAG]]    (prints the mean body size)
TAG, when given, is added to every note (a published site's tag).
"""
import http.client
import json
import random
import sys
import time
from urllib.parse import urlsplit

WORDS = ("note idea meeting project quill archive tea garden budget travel recipe book swift tar "
         "gzip stream test design review plan draft summary list task home work monday friday "
         "morning evening quick brown fox lazy dog river mountain city server client sync backup "
         "release deploy coffee bread school family doctor invoice").split()
TAGS = WORDS[:40]
BATCH = 1000
MAXIMUM_REQUEST_BYTES = 1_500_000


def iso(ms):
    return time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(ms // 1000)) + ".%03dZ" % (ms % 1000)


def sentence(rng):
    return " ".join(rng.choice(WORDS) for _ in range(rng.randint(6, 16))).capitalize() + "."


def body_of(rng, title):
    target = int(min(4096, max(300, rng.lognormvariate(7.0, 0.6))))  # median ~1.1 KiB
    parts, size = ["# " + title], len(title) + 2
    while size < target:
        if rng.random() < 0.2:
            part = "\n".join("- " + sentence(rng) for _ in range(rng.randint(2, 5)))
        else:
            part = " ".join(sentence(rng) for _ in range(rng.randint(2, 6)))
        if rng.random() < 0.2:
            part = part.replace(" ", " **", 1).replace(".", "**.", 1)
        parts.append(part)
        size += len(part) + 2
    return "\n\n".join(parts)[:target]


def main():
    base, token = sys.argv[1], sys.argv[2]
    count = int(sys.argv[3]) if len(sys.argv) > 3 else 10_000
    every = {sys.argv[4]} if len(sys.argv) > 4 else set()
    rng = random.Random(2026)
    address = urlsplit(base)
    connection = http.client.HTTPConnection(address.hostname, address.port, timeout=120)
    start = 1_700_000_000_000
    spread = 3 * 365 * 24 * 3600 * 1000 // count
    total = 0
    changes, size = [], 0

    def push():
        request = json.dumps({"requestID": "web-corpus-" + changes[0]["note"]["id"], "changes": changes})
        connection.request("POST", "/v1/sync/push", request,
                           {"Authorization": "Bearer " + token, "Content-Type": "application/json"})
        response = connection.getresponse()
        answer = response.read()
        if response.status != 200:
            sys.exit("push answered %d: %s" % (response.status, answer[:500]))
        statuses = {result["status"] for result in json.loads(answer)["results"]}
        if statuses != {"applied"}:
            sys.exit("push answered %s" % statuses)

    for index in range(count):
        title = " ".join(rng.choice(WORDS) for _ in range(rng.randint(2, 7))).capitalize()
        body = body_of(rng, title)
        total += len(body.encode())
        ms = start + index * spread + rng.randrange(spread)
        changes.append({"baseRevision": None, "note": {
            "body": body, "created": iso(ms), "deleted": False, "format": 1, "id": "%032x" % rng.getrandbits(128),
            "revision": 1, "tags": sorted({rng.choice(TAGS) for _ in range(rng.randint(0, 3))} | every),
            "title": title, "updated": iso(ms)}})
        size += len(body) + 300
        if len(changes) == BATCH or size > MAXIMUM_REQUEST_BYTES:  # the server takes at most 2 MiB a request
            push()
            changes, size = [], 0
    if changes:
        push()
    print(total // count)


if __name__ == "__main__":
    main()
