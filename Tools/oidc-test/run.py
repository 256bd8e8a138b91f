"""Sign-in through a real OpenID provider, tried as people do it: Glewlwyd on loopback (glewlwyd.py), the
real `quill-server` over SQLite configured with `--oidc-*`, headless Chromium driven by Playwright, and the
real `quill`. Each step prints what it proves; the first failure stops the run with the server's log."""
import os
import re
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request

from playwright.sync_api import expect, sync_playwright

from glewlwyd import Glewlwyd

SERVER = os.environ["QUILL_SERVER_BINARY"]
CLIENT = os.environ["QUILL_CLIENT_BINARY"]
CHROMIUM = os.environ["QUILL_CHROMIUM"]
SECRET = "quill-client-secret-for-tests"
PEOPLE = [("ann", "ann-password-1", "ann@example.com", ["family", "staff"]),
          ("eve", "eve-password-1", "eve@example.com", ["strangers"])]


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def step(text):
    print("oidc-test: " + text, flush=True)


class QuillServer:
    """The real quill-server, signing in through the provider; its log kept for a failure."""

    def __init__(self, scratch, provider, port):
        self.scratch, self.provider, self.port = scratch, provider, port
        self.url = "http://127.0.0.1:%d" % port
        self.data = os.path.join(scratch, "quill-data")
        self.log_path = os.path.join(scratch, "quill-server.log")
        with open(os.path.join(scratch, "client-secret"), "w") as secret:
            secret.write(SECRET + "\n")
        self.process = None

    def arguments(self):
        return [SERVER, "serve", "--data-dir", self.data, "--host", "127.0.0.1", "--port", str(self.port), "--public-url", self.url,
                "--oidc-issuer", self.provider.issuer, "--oidc-client-id", "quill",
                "--oidc-client-secret-file", os.path.join(self.scratch, "client-secret"), "--oidc-scopes", "openid",
                "--oidc-allow-group", "family", "--oidc-create-accounts"]

    def start(self):
        self.process = subprocess.Popen(self.arguments(), stdout=subprocess.DEVNULL, stderr=open(self.log_path, "a"))
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            try:
                urllib.request.urlopen(self.url + "/healthz", timeout=1).read()
                return
            except OSError:
                assert self.process.poll() is None, "quill-server exited: " + self.log()
                time.sleep(0.1)
        raise AssertionError("quill-server did not answer: " + self.log())

    def stop(self):
        if self.process and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=15)

    def log(self):
        with open(self.log_path) as log:
            return log.read()[-4000:]

    def command(self, *arguments):
        return subprocess.run([SERVER, *arguments, "--data-dir", self.data], capture_output=True, text=True, timeout=30)


def sign_in_at_provider(page, username, password):
    """From Quill's sign-in page: the provider's button, Glewlwyd's login form, its Continue."""
    page.get_by_role("link", name=re.compile(r"^Sign in with ")).click()
    page.get_by_placeholder("Your username").fill(username)
    page.get_by_placeholder("Your password").fill(password)
    page.get_by_role("button", name="OK").click()
    page.get_by_role("button", name="Continue").click()


def main():
    with tempfile.TemporaryDirectory(prefix="quill-oidc-test.") as scratch:
        provider = Glewlwyd(scratch, free_port())
        provider.prepare()
        server = QuillServer(scratch, provider, free_port())
        try:
            run(scratch, provider, server)
        except BaseException:
            print("oidc-test: quill-server's log ends with:\n" + server.log(), file=sys.stderr)
            print("oidc-test: Glewlwyd's log ends with:\n" + provider.log_tail(), file=sys.stderr)
            raise
        finally:
            server.stop()
            provider.stop()


def run(scratch, provider, server):
    # A provider that cannot be reached at start-up is a clear error, not a crash or a silent fallback.
    refused = subprocess.run(server.arguments(), capture_output=True, text=True, timeout=60)
    assert refused.returncode != 0 and "cannot use the identity provider" in refused.stderr, refused.stderr
    step("quill-server refuses to start while the provider is down, and says which")

    provider.start()
    provider.provision(server.url + "/oidc/callback", server.url + "/login", SECRET, PEOPLE)
    token = server.command("account", "create", "tokenholder").stdout.strip()
    server.start()
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])

        ann = browser.new_context()
        page = ann.new_page()
        page.goto(server.url + "/login")
        sign_in_at_provider(page, "ann", "ann-password-1")
        expect(page.locator(".who")).to_have_text("ann")
        expect(page).to_have_url(server.url + "/")
        step("a person of an allowed group signs in through Glewlwyd, and gets an account of their name")

        eve = browser.new_context().new_page()
        eve.goto(server.url + "/login")
        sign_in_at_provider(eve, "eve", "eve-password-1")
        expect(eve.locator("[role=alert]")).to_contain_text("eve@example.com, who is not allowed on this server")
        assert not any(cookie["name"] == "quill_session" for cookie in eve.context.cookies())
        step("a person of the provider who is not allowed is refused, and told whom to ask")

        with tempfile.TemporaryDirectory() as home:
            environment = dict(os.environ, HOME=home, XDG_CONFIG_HOME=home + "/config", QUILL_HOME=home + "/data")
            login = subprocess.Popen([CLIENT, "login", "--server", server.url], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                     env=environment)
            printed = ""
            while not re.search(r"\(or open (\S+)\)", printed):
                line = login.stdout.readline()
                assert line, "quill login printed no link: " + printed
                printed += line
            link = re.search(r"\(or open (\S+)\)", printed).group(1)
            terminal = browser.new_context().new_page()
            terminal.goto(link)
            sign_in_at_provider(terminal, "ann", "ann-password-1")
            expect(terminal.locator("#device-name")).to_have_text(re.compile(r"^quill on "))
            terminal.get_by_role("button", name="Approve", exact=True).click()
            expect(terminal.locator("#decided")).to_contain_text("Go back to your terminal")
            out, errors = login.communicate(timeout=30)
            assert login.returncode == 0 and re.search(r"Signed in to \S+ as ann \(read-write", out), (out, errors)
        step("the real quill's device login is approved in a browser signed in through the provider")

        page.get_by_role("button", name="Sign out").click()
        # Glewlwyd asks the person whether to end its session too.
        expect(page.get_by_text(re.compile("wishes you to close the current session"))).to_be_visible()
        expect(page.get_by_text(re.compile(r"redirected to: " + re.escape(server.url + "/login")))).to_be_visible()
        page.get_by_role("button", name=re.compile(r"Logout")).first.click()
        # Glewlwyd 2.7 ends its session and says so, or leads back to Quill's sign-in page.
        deadline = time.monotonic() + 15
        while not (page.url.startswith(server.url) or page.get_by_text("Session closed").is_visible()):
            assert time.monotonic() < deadline, "the provider neither closed its session nor led back: " + page.url
            page.wait_for_timeout(200)
        page.goto(server.url + "/")
        expect(page).to_have_url(re.compile(r"/login"))
        page.get_by_role("link", name=re.compile(r"^Sign in with ")).click()
        expect(page.get_by_placeholder("Your password")).to_be_visible()
        step("signing out ends the Quill session and the provider's: the provider asks for the password again")

        before = provider.key_ids()
        provider.rotate_key()
        after = provider.key_ids()
        assert before and after and not set(before) & set(after), (before, after)
        terminal.goto(server.url + "/")
        expect(terminal.locator(".who")).to_have_text("ann")
        again = browser.new_context().new_page()
        again.goto(server.url + "/login")
        sign_in_at_provider(again, "ann", "ann-password-1")
        expect(again.locator(".who")).to_have_text("ann")
        step("the provider's signing key rotated: live sessions go on, and the next sign-in verifies with the new key")

        provider.stop()
        time.sleep(11)
        down = browser.new_context().new_page()
        down.goto(server.url + "/login")
        expect(down.locator("[role=alert]")).to_contain_text("cannot be reached right now")
        down.get_by_label("API token").fill(token)
        down.get_by_role("button", name="Sign in", exact=True).click()
        expect(down.locator(".who")).to_have_text("tokenholder")
        step("with the provider down, the sign-in page says so and a token still signs in")
        browser.close()

    server.stop()
    if re.search(r" 5[0-9]{2} [0-9.]+ms| (error|critical) ", server.log()):
        raise AssertionError("the server logged a 5xx or an error")


if __name__ == "__main__":
    main()
