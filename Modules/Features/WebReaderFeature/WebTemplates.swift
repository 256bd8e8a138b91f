import Mustache

/// The web reader's Mustache templates, compiled into the binary (the release tarball carries
/// no template files). `{{name}}` escapes HTML; the one `{{{html}}}` is Markdown already made safe.
enum WebTemplates {
    static func library() throws -> MustacheLibrary {
        var library = MustacheLibrary()
        for (name, text) in all { try library.register(text, named: name) }
        return library
    }

    static let all: [(String, String)] = [
        ("header", header), ("footer", footer), ("login", login), ("moveOn", moveOn), ("list", list), ("noteRow", noteRow), ("note", note), ("form", form),
        ("edit", edit), ("new", new), ("conflict", conflict), ("delete", delete), ("error", error),
        ("history", history), ("trash", trash), ("import", importForm), ("imported", imported),
        ("sharedHeader", sharedHeader), ("shared", shared), ("sharedAsk", sharedAsk), ("sharedGone", sharedGone),
        ("shareForm", shareForm), ("shareMade", shareMade), ("shares", shares),
        ("offline", offline), ("deviceCode", deviceCode), ("deviceApprove", deviceApprove), ("deviceDecided", deviceDecided), ("devices", devices),
        ("siteHeader", siteHeader), ("siteIndex", siteIndex), ("siteNote", siteNote),
    ]

    static let header = """
    <!doctype html>
    <html lang="en">
    <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>{{pageTitle}} · Quill</title>
    <link rel="stylesheet" href="/static/quill.css">
    {{#signedIn}}<link rel="manifest" href="/manifest.webmanifest">
    <script src="/static/quill.js" defer></script>{{/signedIn}}
    </head>
    <body>
    <a class="skip" href="#main">Skip to content</a>
    <header class="site">
    <nav aria-label="Main">
    <a class="brand" href="/">Quill</a>
    {{#signedIn}}
    {{#canWrite}}<a href="/notes/new">New note</a>{{/canWrite}}
    <a href="/trash">Trash</a>
    <a href="/shares">Shared links</a>
    <a href="/devices">Devices</a>
    {{#canWrite}}<a href="/import">Import</a>{{/canWrite}}
    <a href="/export">Download export</a>
    <a href="/offline">Kept offline</a>
    <span id="live" class="live" role="status" aria-live="polite" hidden></span>
    <span id="pending" class="live" role="status" aria-live="polite" hidden></span>
    <form class="signout" method="post" action="/logout">
    <input type="hidden" name="csrf" value="{{csrf}}">
    <span class="who">{{accountName}}</span>
    <button type="submit">Sign out</button>
    </form>
    {{/signedIn}}
    </nav>
    </header>
    <main id="main">
    {{#error}}<p id="error" class="error" role="alert">{{.}}</p>{{/error}}

    """

    static let footer = """
    </main>
    </body>
    </html>

    """

    static let login = """
    {{> header}}
    <h1>Sign in</h1>
    {{#provider}}
    <div class="card">
    {{#reachable}}<p><a class="button" href="{{start}}">Sign in with {{name}}</a></p>{{/reachable}}
    {{^reachable}}<p class="error" role="alert">The identity provider ({{name}}) cannot be reached right now.
    {{#tokenForm}}You can still sign in with an API token.{{/tokenForm}}{{^tokenForm}}Try again in a minute.{{/tokenForm}}</p>{{/reachable}}
    </div>
    {{/provider}}
    {{#tokenForm}}
    <form class="card" method="post" action="/login">
    <input type="hidden" name="csrf" value="{{csrf}}">
    <input type="hidden" name="next" value="{{next}}">
    <p><label for="token">API token</label>
    <input id="token" name="token" type="password" autocomplete="current-password" required autofocus
     aria-describedby="token-help"></p>
    <p id="token-help" class="help">The token <code>quill-server account create</code> printed for your account.</p>
    <p><button type="submit">Sign in</button></p>
    </form>
    {{/tokenForm}}
    {{> footer}}
    """

    /// A page that moves on by itself (`WebPages.moveOn`).
    static let moveOn = """
    {{> header}}
    <h1>{{heading}}</h1>
    <meta http-equiv="refresh" content="0; url={{next}}">
    <p><a href="{{next}}">Continue</a></p>
    {{> footer}}
    """

    static let offline = """
    {{> header}}
    <h1>Kept offline</h1>
    <p>The notes opened on this device lately can be read here without a connection; an edit saved
    offline waits in this browser until the connection returns. Signing out forgets them.</p>
    <ul id="kept"></ul>
    <p id="space"></p>
    {{> footer}}
    """

    static let list = """
    {{> header}}
    <h1>{{heading}}</h1>
    <form class="search" method="get" action="/" role="search">
    <label for="q">Search notes</label>
    <input id="q" name="q" type="search" dir="auto" value="{{q}}">
    {{#tag}}<input type="hidden" name="tag" value="{{.}}">{{/tag}}
    <button type="submit">Search</button>
    </form>
    {{#filtered}}<p class="filters"><a href="/">Show all notes</a></p>{{/filtered}}
    {{#empty}}<p class="empty">No notes here.</p>{{/empty}}
    <ul id="notes" class="notes">
    {{{rows}}}</ul>
    {{#next}}<p class="paging"><a rel="next" href="{{.}}">Older notes</a></p>{{/next}}
    {{> footer}}
    """

    /// One note of the list; `NoteRows` renders it once per revision and the list inserts it.
    static let noteRow = """
    <li><a class="title" dir="auto" href="/notes/{{id}}">{{title}}</a>
    <span class="meta"><time datetime="{{updatedISO}}">{{updated}}</time>{{#tags}} <a class="tag" href="/?tag={{urlTag}}">#{{tag}}</a>{{/tags}}</span></li>

    """

    static let note = """
    {{> header}}
    <article class="note" data-note="{{id}}" data-revision="{{revision}}">
    <h1 dir="auto">{{title}}</h1>
    <p class="meta">Created <time datetime="{{createdISO}}">{{created}}</time> · changed <time datetime="{{updatedISO}}">{{updated}}</time> · revision {{revision}}</p>
    {{#hasTags}}<p class="tags">{{#tags}}<a class="tag" href="/?tag={{urlTag}}">#{{tag}}</a> {{/tags}}</p>{{/hasTags}}
    <div class="markdown">
    {{{bodyHTML}}}
    </div>
    {{#hasBacklinks}}
    <section class="backlinks" aria-labelledby="backlinks-heading">
    <h2 id="backlinks-heading">Linked from</h2>
    <ul>{{#backlinks}}<li><a dir="auto" href="/notes/{{sourceID}}">{{sourceTitle}}</a> <span class="context" dir="auto">{{context}}</span></li>{{/backlinks}}</ul>
    </section>
    {{/hasBacklinks}}
    <p class="actions">{{#canWrite}}<a href="/notes/{{id}}/edit">Edit</a> {{/canWrite}}<a href="/notes/{{id}}/history">History</a>{{#canWrite}} <a href="/notes/{{id}}/share">Share</a> <a href="/notes/{{id}}/delete">Delete</a>{{/canWrite}}</p>
    </article>
    {{> footer}}
    """

    /// The fields of a note; `action`, `submit`, and for an edit `revision`, come from the page.
    /// The files come last, after the form token, which must arrive before them (`readNoteForm`).
    static let form = """
    <form class="card editor" method="post" action="{{action}}" enctype="multipart/form-data">
    <input type="hidden" name="csrf" value="{{csrf}}">
    {{#revision}}<input type="hidden" name="revision" value="{{.}}">{{/revision}}
    <p><label for="title">Title</label>
    <input id="title" name="title" type="text" dir="auto" value="{{formTitle}}" required maxlength="500"></p>
    <p><label for="body">Body (Markdown)</label>
    <textarea id="body" name="body" rows="16" dir="auto">{{formBody}}</textarea></p>
    <p><label for="tags">Tags (separated by spaces or commas)</label>
    <input id="tags" name="tags" type="text" dir="auto" value="{{formTags}}"></p>
    <p><label for="files">Attach files (pictures show in the note, other files as links)</label>
    <input id="files" name="files" type="file" multiple></p>
    <p><button type="submit">{{submit}}</button> <a href="{{cancel}}">Cancel</a></p>
    </form>
    """

    static let new = """
    {{> header}}
    <h1>New note</h1>
    {{> form}}
    {{> footer}}
    """

    static let edit = """
    {{> header}}
    <h1>Edit “<bdi>{{title}}</bdi>”</h1>
    {{> form}}
    {{> footer}}
    """

    static let conflict = """
    {{> header}}
    <h1>This note changed since you opened it</h1>
    <p>Nothing was saved. The server has revision {{revision}}; your text is below it. Save yours again to replace the server's version, or cancel to keep it.</p>
    <section id="server-version" class="version" aria-labelledby="server-version-heading">
    <h2 id="server-version-heading">The server's version</h2>
    <h3 dir="auto">{{title}}</h3>
    {{#hasTags}}<p class="tags">{{#tags}}<a class="tag" href="/?tag={{urlTag}}">#{{tag}}</a> {{/tags}}</p>{{/hasTags}}
    <div class="markdown">
    {{{bodyHTML}}}
    </div>
    </section>
    <section id="your-version" class="version" aria-labelledby="your-version-heading">
    <h2 id="your-version-heading">Your version</h2>
    {{> form}}
    </section>
    {{> footer}}
    """

    static let delete = """
    {{> header}}
    <h1>Delete “<bdi>{{title}}</bdi>”?</h1>
    <p>The note is removed from every device when it next syncs.</p>
    <form class="card" method="post" action="/notes/{{id}}/delete">
    <input type="hidden" name="csrf" value="{{csrf}}">
    <input type="hidden" name="revision" value="{{revision}}">
    <p><button type="submit" class="danger">Delete note</button> <a href="/notes/{{id}}">Cancel</a></p>
    </form>
    {{> footer}}
    """

    /// A note's revisions, the diff between two of them, and the restore form.
    static let history = """
    {{> header}}
    <h1>History of “<bdi>{{title}}</bdi>”</h1>
    {{#deleted}}<p class="help">This note is deleted. Restore a revision to bring it back.</p>{{/deleted}}
    {{^deleted}}<p><a href="/notes/{{id}}">Back to the note</a></p>{{/deleted}}
    <table id="revisions" class="revisions">
    <thead><tr><th scope="col">Revision</th><th scope="col">When</th><th scope="col">From</th><th scope="col">Title</th><th scope="col">Change</th></tr></thead>
    <tbody>
    {{#revisions}}<tr><td>{{number}}{{#isCurrent}} (current){{/isCurrent}}</td><td><time datetime="{{updatedISO}}">{{updated}}</time></td><td>{{origin}}</td><td dir="auto">{{title}}</td><td>{{change}}</td></tr>
    {{/revisions}}
    </tbody>
    </table>
    <h2 id="compare-heading">Compare</h2>
    <form class="compare" method="get" action="/notes/{{id}}/history" aria-labelledby="compare-heading">
    <label for="from">Older revision</label>
    <select id="from" name="from">{{#revisions}}<option value="{{number}}"{{#isFrom}} selected{{/isFrom}}>{{number}}</option>{{/revisions}}</select>
    <label for="to">Newer revision</label>
    <select id="to" name="to">{{#revisions}}<option value="{{number}}"{{#isTo}} selected{{/isTo}}>{{number}}</option>{{/revisions}}</select>
    <button type="submit">Compare</button>
    </form>
    {{#same}}<p class="help">Revisions {{from}} and {{to}} say the same.</p>{{/same}}
    {{^same}}<pre id="diff" class="diff" aria-label="Changes from revision {{from}} to revision {{to}}">{{#diffLines}}<span class="{{kind}}">{{text}}</span>
    {{/diffLines}}</pre>{{/same}}
    {{#canWrite}}<h2 id="restore-heading">Restore</h2>
    {{#deleted}}<form class="card" method="post" action="/notes/{{id}}/restore" aria-labelledby="restore-heading">
    <input type="hidden" name="csrf" value="{{csrf}}">
    <input type="hidden" name="current" value="{{revision}}">
    <p><button type="submit">Restore the note as it was deleted</button></p>
    </form>{{/deleted}}
    {{^deleted}}{{#hasRestorable}}<form class="card" method="post" action="/notes/{{id}}/restore" aria-labelledby="restore-heading">
    <input type="hidden" name="csrf" value="{{csrf}}">
    <input type="hidden" name="current" value="{{revision}}">
    <p><label for="revision">Revision to go back to</label>
    <select id="revision" name="revision">{{#restorable}}<option value="{{number}}">{{number}} · {{updated}} · {{title}}</option>{{/restorable}}</select></p>
    <p class="help">The note becomes what it was then, as a new revision; the current one stays in the history.</p>
    <p><button type="submit">Restore this revision</button></p>
    </form>{{/hasRestorable}}{{^hasRestorable}}<p class="help">This note has only one revision.</p>{{/hasRestorable}}{{/deleted}}{{/canWrite}}
    {{> footer}}
    """

    /// Deleted notes, each with a restore button.
    static let trash = """
    {{> header}}
    <h1>Trash</h1>
    {{#empty}}<p class="empty">No deleted notes.</p>{{/empty}}
    <ul id="trash" class="notes">
    {{#notes}}<li><span class="title" dir="auto">{{title}}</span>
    <span class="meta">Deleted <time datetime="{{deletedISO}}">{{deleted}}</time> · <a href="/notes/{{id}}/history">History</a></span>
    {{#canWrite}}<form class="inline" method="post" action="/notes/{{id}}/restore">
    <input type="hidden" name="csrf" value="{{csrf}}">
    <input type="hidden" name="current" value="{{revision}}">
    <button type="submit" aria-label="Restore {{title}}">Restore</button>
    </form>{{/canWrite}}</li>
    {{/notes}}
    </ul>
    {{#next}}<p class="paging"><a rel="next" href="{{.}}">More deleted notes</a></p>{{/next}}
    {{> footer}}
    """

    /// The import form: one file of any format `quill import` reads.
    static let importForm = """
    {{> header}}
    <h1>Import</h1>
    <p>A Quill export (<code>.tar.gz</code>), a <code>.tar.gz</code> of Markdown files, or an export of
    Evernote (<code>.enex</code>), Google Keep (Takeout's zip), Bear (<code>.bear2bk</code>), Notion
    (“Markdown &amp; CSV” zip), Simplenote, Standard Notes, Joplin (<code>.jex</code>), Logseq (a zip of the graph), Dendron (a zip of the workspace or vault), Roam Research (its JSON export) or TiddlyWiki (its HTML file), up to {{maximum}}. Nothing is imported
    unless all of it can be; importing the same file again leaves the notes it made alone.</p>
    <form class="card" method="post" action="/import" enctype="multipart/form-data">
    <input type="hidden" name="csrf" value="{{csrf}}">
    <p><label for="file">File to import</label>
    <input id="file" name="file" type="file" required></p>
    <p><input id="dry_run" name="dry_run" type="checkbox" value="on">
    <label for="dry_run">Check only (import nothing)</label></p>
    <p><button type="submit">Import</button> <a href="/">Cancel</a></p>
    </form>
    {{> footer}}
    """

    /// What an import did (or would do).
    static let imported = """
    {{> header}}
    <h1>{{heading}}</h1>
    {{#format}}<p>From {{.}}.</p>{{/format}}
    <ul id="import-report">
    {{#counts}}<li>{{.}}</li>
    {{/counts}}
    </ul>
    {{#hasSkipped}}<h2>Passed over</h2>
    <ul id="import-skipped">{{#skipped}}<li>{{.}}</li>{{/skipped}}</ul>{{/hasSkipped}}
    {{#hasNotices}}<h2>Worth knowing</h2>
    <ul id="import-notices">{{#notices}}<li><bdi class="meta">{{entry}}</bdi>: {{message}}</li>{{/notices}}</ul>{{/hasNotices}}
    <p>{{#applied}}<a href="/">See the notes</a>{{/applied}}{{^applied}}<a href="/import">Import the file</a>{{/applied}}</p>
    {{> footer}}
    """

    static let error = """
    {{> header}}
    <h1>{{heading}}</h1>
    <p><a href="/">Back to the notes</a></p>
    {{> footer}}
    """

    /// The layout of a shared page (`/s/<token>`): no navigation, no account, nothing to sign in
    /// to; kept out of search engines.
    static let sharedHeader = """
    <!doctype html>
    <html lang="en">
    <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <meta name="robots" content="noindex, nofollow">
    <meta name="referrer" content="no-referrer">
    <title>{{pageTitle}}</title>
    <link rel="stylesheet" href="/static/quill.css">
    </head>
    <body>
    <main id="main">

    """

    static let shared = """
    {{> sharedHeader}}
    <article class="note">
    <h1 dir="auto">{{title}}</h1>
    <p class="meta">Updated <time datetime="{{updatedISO}}">{{updated}}</time></p>
    <div class="markdown">
    {{{bodyHTML}}}
    </div>
    </article>
    {{> footer}}
    """

    /// A view-limited share before the person asks for the note: nothing of it shows yet.
    static let sharedAsk = """
    {{> sharedHeader}}
    <h1>A note was shared with you</h1>
    <form class="card" method="post" action="{{path}}">
    <input type="hidden" name="view" value="{{viewToken}}">
    <p>This link can be opened {{remaining}} more {{times}}. Opening it here uses one.</p>
    <p><button type="submit">Show the note</button></p>
    </form>
    {{> footer}}
    """

    /// Expired, revoked, used up, or never a share: one page for all, naming nothing.
    static let sharedGone = """
    {{> sharedHeader}}
    <h1>This link does not lead to a note</h1>
    <p>It may have expired, been revoked or used up, or it was never a link to a note. Ask the person who sent it for a new one.</p>
    {{> footer}}
    """

    static let shareForm = """
    {{> header}}
    <h1>Share “<bdi>{{title}}</bdi>”</h1>
    <form class="card" method="post" action="/notes/{{id}}/share">
    <input type="hidden" name="csrf" value="{{csrf}}">
    <p><label for="expires">Link works for</label>
    <select id="expires" name="expires">
    <option value="1d">one day</option>
    <option value="7d" selected>one week</option>
    <option value="30d">thirty days</option>
    <option value="never">ever (until revoked)</option>
    </select></p>
    <p><label for="views">Views allowed</label>
    <input id="views" name="views" type="number" min="1" max="1000000" inputmode="numeric" aria-describedby="views-help"></p>
    <p id="views-help" class="help">Leave empty for no limit. Link previews in chat apps use up none.</p>
    <p><input id="snapshot" name="snapshot" type="checkbox" value="1"> <label for="snapshot">Show the note as it is now, not as it will be</label></p>
    <p><button type="submit">Make link</button></p>
    </form>
    {{> footer}}
    """

    static let shareMade = """
    {{> header}}
    <h1>Link to “<bdi>{{title}}</bdi>”</h1>
    <p><label for="link">Anyone with this link can read the note without signing in:</label></p>
    <p><input id="link" name="link" class="link" type="text" readonly value="{{url}}"></p>
    <p><a href="/shares">All shared links</a> · <a href="/notes/{{id}}">Back to the note</a></p>
    {{> footer}}
    """

    static let shares = """
    {{> header}}
    <h1>Shared links</h1>
    {{#empty}}<p class="empty">No note is shared.</p>{{/empty}}
    <ul id="shares" class="notes">
    {{#shares}}<li><a class="title" dir="auto" href="/notes/{{note}}">{{title}}</a>
    <span class="meta">{{state}} · {{views}} · {{expires}} · <a href="{{path}}">link</a></span>
    {{#active}}{{#canWrite}}<form class="inline" method="post" action="/shares/{{id}}/revoke">
    <input type="hidden" name="csrf" value="{{csrf}}">
    <button type="submit" aria-label="Revoke the link to {{title}}">Revoke</button>
    </form>{{/canWrite}}{{/active}}</li>
    {{/shares}}
    </ul>
    {{> footer}}
    """

    /// `/device`: the code a terminal printed.
    static let deviceCode = """
    {{> header}}
    <h1>Sign in a device</h1>
    <form class="card" method="get" action="/device">
    <p><label for="code">The code your terminal shows</label>
    <input id="code" name="code" value="{{code}}" autocomplete="off" autocapitalize="characters" spellcheck="false" required autofocus
     aria-describedby="code-help"></p>
    <p id="code-help" class="help"><code>quill login …</code> printed it, like <code>KDBX-TMPW</code>.</p>
    <p><button type="submit">Continue</button></p>
    </form>
    {{> footer}}
    """

    /// `/device?code=…`: what the device asks for, to approve or deny.
    static let deviceApprove = """
    {{> header}}
    <h1>Sign in “{{deviceName}}”?</h1>
    <form class="card" method="post" action="/device">
    <input type="hidden" name="csrf" value="{{csrf}}">
    <input type="hidden" name="code" value="{{code}}">
    <p>A device calling itself <strong id="device-name">{{deviceName}}</strong>{{#from}}, from {{.}},{{/from}} asks to sign in to
    <strong>{{accountName}}</strong> with the code <code>{{displayCode}}</code>, {{requested}}. Approve only if you started this.</p>
    <fieldset><legend>Access</legend>
    {{#offerFull}}<p><input type="radio" id="scope-full" name="scope" value="full"{{#fullChecked}} checked{{/fullChecked}}>
    <label for="scope-full">Read and write</label></p>{{/offerFull}}
    <p><input type="radio" id="scope-read" name="scope" value="read-only"{{^fullChecked}} checked{{/fullChecked}}>
    <label for="scope-read">Read only</label></p>
    </fieldset>
    <p><label for="lifetime">The token lasts</label>
    <select id="lifetime" name="lifetime">{{#lifetimes}}<option value="{{index}}">{{label}}</option>{{/lifetimes}}</select></p>
    <p><button type="submit" name="decision" value="approve">Approve</button>
    <button type="submit" name="decision" value="deny">Deny</button></p>
    </form>
    {{> footer}}
    """

    static let deviceDecided = """
    {{> header}}
    <h1>{{heading}}</h1>
    <p id="decided">{{message}}</p>
    <p><a href="/devices">See your devices</a></p>
    {{> footer}}
    """

    /// `/devices`: the account's web sessions and tokens, each revocable.
    static let devices = """
    {{> header}}
    <h1>Devices</h1>
    <p class="help">Browsers signed in here and tokens of your account: scripts, assistants and devices that signed in with
    <code>quill login</code>. Revoking one signs it out at once.</p>
    <ul id="devices" class="notes">
    {{#devices}}<li><span class="title" dir="auto">{{name}}</span>{{#current}} <strong>(this browser)</strong>{{/current}}
    <span class="meta">{{kind}} · {{scope}} · created {{created}} · last used {{lastUsed}}{{#address}} from {{.}}{{/address}} · {{expires}}</span>
    {{#canWrite}}<form class="inline" method="post" action="/devices/{{id}}/revoke">
    <input type="hidden" name="csrf" value="{{csrf}}">
    <button type="submit" aria-label="Revoke {{name}}">Revoke</button>
    </form>{{/canWrite}}</li>
    {{/devices}}
    </ul>
    {{> footer}}
    """

    /// The layout of a published site's pages: no navigation of the web reader, no account; the
    /// site's feed announced.
    static let siteHeader = """
    <!doctype html>
    <html lang="en">
    <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <meta name="referrer" content="no-referrer">
    <title>{{pageTitle}}</title>
    <link rel="stylesheet" href="/static/quill.css">
    <link rel="alternate" type="application/atom+xml" title="{{siteTitle}}" href="{{feed}}">
    </head>
    <body>
    <main id="main">

    """

    static let siteIndex = """
    {{> siteHeader}}
    <h1 dir="auto">{{siteTitle}}</h1>
    {{#empty}}<p class="empty">Nothing is published here yet.</p>{{/empty}}
    <ul id="notes" class="notes">
    {{#notes}}<li><a class="title" dir="auto" href="{{path}}">{{title}}</a>
    <span class="meta"><time datetime="{{updatedISO}}">{{updated}}</time></span></li>
    {{/notes}}
    </ul>
    <p class="paging">{{#newer}}<a rel="prev" href="{{.}}">Newer notes</a> {{/newer}}{{#older}}<a rel="next" href="{{.}}">Older notes</a> {{/older}}<a href="{{feed}}">Feed</a></p>
    {{> footer}}
    """

    static let siteNote = """
    {{> siteHeader}}
    <p class="meta"><a dir="auto" href="{{sitePath}}">{{siteTitle}}</a></p>
    <article class="note">
    <h1 dir="auto">{{title}}</h1>
    <p class="meta">Updated <time datetime="{{updatedISO}}">{{updated}}</time></p>
    <div class="markdown">
    {{{bodyHTML}}}
    </div>
    </article>
    {{> footer}}
    """
}
