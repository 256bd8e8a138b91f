"""What one browser test is given: the browser, the server, the accounts' APIs, the seeded notes, its
own seeded random generator, and guarded contexts that it need not close or check itself."""
from page_guard import PageGuard
from reader_pages import sign_in

DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}


class TestSession:
    def __init__(self, browser, base_url, reader, other, hostile, corpus, rng, screenshots):
        self.browser = browser
        self.base_url = base_url
        self.reader = reader
        self.other = other
        self.hostile = hostile
        self.corpus = corpus
        self.rng = rng
        self.screenshots = screenshots
        self._contexts = []

    def context(self, viewport=DESKTOP, **options):
        """A fresh guarded browser context: (context, guard). Service workers are blocked unless a
        test allows them (`service_workers="allow"`, the offline tests): a page the worker answers
        is not seen by the guard's routing, and the other tests watch every response."""
        options.setdefault("service_workers", "block")
        context = self.browser.new_context(viewport=viewport, **options)
        context.set_default_timeout(10_000)
        guard = PageGuard(context, self.base_url)
        self._contexts.append((context, guard))
        return context, guard

    def page(self, **options):
        """A page in a fresh guarded context, not signed in: (page, guard)."""
        _, guard = self.context(**options)
        return guard.new_page(), guard

    def signed_in_page(self, token=None, **options):
        """A page in a fresh guarded context, signed in through the form (the reader's token by default)."""
        page, guard = self.page(**options)
        sign_in(page, self.base_url, token or self.reader.token)
        return page, guard

    def url(self, path):
        return self.base_url + path

    def assert_no_findings(self):
        findings = [finding for _, guard in self._contexts for finding in guard.take()]
        assert not findings, "the pages did what they must never do:\n" + "\n".join(
            "  [%s] %s" % finding for finding in findings)

    def close(self):
        for context, _ in self._contexts:
            context.close()
        self._contexts = []
