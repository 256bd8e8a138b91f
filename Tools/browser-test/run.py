"""Runs the browser tests of the web reader (started by Tools/browser-test.sh, which starts the
server and passes its URL and the accounts' tokens in the environment).

    run.py [--seed N] [--only SUBSTRING] [--screenshots [DIR]] [--list]

Each test gets fresh browser contexts, each watched by a PageGuard: any script run, dialog, console
error, foreign request or CSP violation in any test is a failure of that test. Prints one line per
test with its time, and the seed when anything failed."""
import argparse
import os
import random
import sys
import time
import traceback

from playwright.sync_api import sync_playwright

import tests_checker  # noqa: F401  (each module registers its tests, in this order)
import tests_screenshots  # noqa: F401  (before any test adds notes)
import tests_session  # noqa: F401
import tests_reading  # noqa: F401
import tests_writing  # noqa: F401
import tests_live  # noqa: F401
import tests_history  # noqa: F401
import tests_attachments  # noqa: F401
import tests_links  # noqa: F401
import tests_hostile  # noqa: F401
import tests_look  # noqa: F401
import tests_import  # noqa: F401
import tests_sharing  # noqa: F401
import tests_devices  # noqa: F401
from quill_api import QuillAPI
from registry import TESTS
from seed_notes import seed_reader_account
from test_session import TestSession


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seed", type=int, default=None, help="seed of the generated notes (default: random, printed)")
    parser.add_argument("--only", default="", help="run only the tests whose name contains this")
    parser.add_argument("--screenshots", nargs="?", const=os.environ.get("QUILL_SCREENSHOTS_DEFAULT"), default=None,
                        help="write the screenshots into DIR (default docs/screenshots) instead of a scratch folder")
    parser.add_argument("--list", action="store_true", help="list the tests and exit")
    arguments = parser.parse_args()
    if arguments.list:
        for test in TESTS:
            print("%s\n    %s" % (test.__name__, (test.__doc__ or "").strip().splitlines()[0]))
        return 0

    seed = arguments.seed if arguments.seed is not None else random.SystemRandom().randrange(2 ** 31)
    base_url = os.environ["QUILL_WEB_URL"]
    screenshots = arguments.screenshots or os.path.join(os.environ["QUILL_SCRATCH"], "screenshots")
    selected = [test for test in TESTS if arguments.only in test.__name__]
    print("browser tests against %s, seed %d (--seed %d replays it)" % (base_url, seed, seed), flush=True)

    started = time.monotonic()
    failures = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=os.environ["QUILL_CHROMIUM"], headless=True)
        print("Chromium %s" % browser.version, flush=True)
        reader = QuillAPI(base_url, os.environ["QUILL_READER_TOKEN"])
        corpus = seed_reader_account(reader, random.Random(seed))
        for test in selected:
            session = TestSession(browser, base_url, reader, QuillAPI(base_url, os.environ["QUILL_OTHER_TOKEN"]),
                                  QuillAPI(base_url, os.environ["QUILL_HOSTILE_TOKEN"]), corpus,
                                  random.Random("%d/%s" % (seed, test.__name__)), screenshots)
            test_started = time.monotonic()
            try:
                test(session)
                session.assert_no_findings()
                outcome = "ok"
            except Exception as error:  # any failure of one test is reported, then the next runs
                outcome = "FAILED"
                failures.append((test.__name__, error, traceback.format_exc()))
            finally:
                session.close()
            print("%-6s %-28s %5.1f s" % (outcome, test.__name__, time.monotonic() - test_started), flush=True)
        browser.close()

    for name, error, trace in failures:
        print("\n== %s failed:\n%s" % (name, trace), file=sys.stderr)
    print("%d of %d browser tests passed in %.0f s (seed %d)" % (len(selected) - len(failures), len(selected),
                                                                time.monotonic() - started, seed))
    if not selected:
        print("no test matches --only %r" % arguments.only, file=sys.stderr)
        return 2
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
