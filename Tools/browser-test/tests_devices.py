"""Devices: the real `quill login` without a token prints a code; the person, signed out, follows its link, signs
in, and lands on the approval page, grants read-only for 90 days, and the terminal gets its token; the Devices page
lists that device with its scope and revokes it; axe-core finds no accessibility violation on these pages."""
import os
import re
import subprocess
import tempfile
import time

from playwright.sync_api import expect

from registry import browser_test
from tests_sharing import assert_accessible


def start_login(session, home):
    """`quill login --server <the server> --read-only` in its own home, running; returns (process, the page it names)."""
    environment = dict(os.environ, HOME=home, XDG_CONFIG_HOME=home + "/config", QUILL_HOME=home + "/data")
    environment.pop("QUILL_SERVER", None)
    environment.pop("QUILL_TOKEN", None)
    process = subprocess.Popen([os.environ["QUILL_CLIENT_BINARY"], "login", "--server", session.base_url],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=environment)
    printed = ""
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        line = process.stdout.readline()
        printed += line
        found = re.search(r"\(or open (\S+)\)", printed)
        if found:
            return process, found.group(1), printed
    process.kill()
    raise AssertionError("quill login printed no link: %r" % printed)


@browser_test
def a_terminal_is_signed_in_from_the_browser_and_revoked_on_the_devices_page(session):
    """Devices: the link quill login prints leads through sign-in to the approval page; approved read-only, quill says who it is signed in as; the Devices page lists and revokes it."""
    with tempfile.TemporaryDirectory() as home:
        process, link, printed = start_login(session, home)
        code = re.search(r"\n    ([A-Z]{4}-[A-Z]{4})\n", printed).group(1)
        try:
            page, _ = session.page()
            page.goto(link)
            expect(page).to_have_url(re.compile(r"/login\?next="))
            page.get_by_label("API token").fill(session.reader.token)
            page.get_by_role("button", name="Sign in", exact=True).click()
            expect(page).to_have_url(session.url("/device?code=" + code))
            expect(page.locator("#device-name")).to_have_text(re.compile(r"^quill on "))
            assert_accessible(page, "the approval page")
            page.get_by_label("Read only").check()
            page.get_by_label("The token lasts").select_option(label="90 days")
            page.get_by_role("button", name="Approve", exact=True).click()
            expect(page.locator("#decided")).to_contain_text("Go back to your terminal")
            out, errors = process.communicate(timeout=30)
        finally:
            if process.poll() is None:
                process.kill()
        assert process.returncode == 0, errors
        assert re.search(r"Signed in to \S+ as reader \(read-only, until \d{4}-\d\d-\d\d\)\.", out), out

        page.goto(session.url("/devices"))
        assert_accessible(page, "the devices page")
        row = page.locator("#devices li", has_text="quill on ")
        expect(row).to_have_count(1)
        expect(row).to_contain_text("read only")
        expect(page.locator("#devices li", has_text="(this browser)")).to_have_count(1)
        row.get_by_role("button", name=re.compile(r"^Revoke")).click()
        expect(page).to_have_url(session.url("/devices"))
        expect(page.locator("#devices li", has_text="quill on ")).to_have_count(0)


@browser_test
def a_wrong_code_is_answered_on_the_page(session):
    """Devices: a code no device waits with is answered on the form, with the code kept to correct."""
    page, guard = session.signed_in_page()
    guard.expect_status(404)
    page.goto(session.url("/device"))
    page.get_by_label("The code your terminal shows").fill("BCDF-GHJK")
    page.get_by_role("button", name="Continue", exact=True).click()
    expect(page.locator("#error")).to_contain_text("No device is waiting with that code")
    expect(page.get_by_label("The code your terminal shows")).to_have_value("BCDF-GHJK")
    assert_accessible(page, "the code form with an error")
