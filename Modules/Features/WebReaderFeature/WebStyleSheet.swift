/// The one style sheet (`/static/quill.css`): readable type, phone width, dark mode, visible focus,
/// and sides named by the text's direction (start and end), so that right-to-left notes lay out as they read.
enum WebStyleSheet {
    static let css = """
    :root { color-scheme: light dark; --bg: #fdfdfc; --fg: #1d1d1f; --muted: #5f6368; --line: #d9d9de; --accent: #0b57d0;
      --card: #ffffff; --danger: #b3261e; --code: #f1f1f4; }
    @media (prefers-color-scheme: dark) {
      :root { --bg: #151517; --fg: #e8e8ea; --muted: #a0a3a8; --line: #3a3a40; --accent: #8ab4f8; --card: #1e1e22;
        --danger: #f2b8b5; --code: #26262b; }
    }
    * { box-sizing: border-box; }
    html { font-size: 100%; }
    body { margin: 0; background: var(--bg); color: var(--fg); line-height: 1.55;
      font-family: system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; }
    a { color: var(--accent); }
    a:focus-visible, button:focus-visible, input:focus-visible, textarea:focus-visible, [tabindex]:focus-visible {
      outline: 3px solid var(--accent); outline-offset: 2px; }
    .skip { position: absolute; left: -999px; top: 0; background: var(--card); padding: .5rem 1rem; }
    .skip:focus { left: .5rem; }
    header.site { border-bottom: 1px solid var(--line); background: var(--card); }
    header.site nav { max-width: 48rem; margin: 0 auto; padding: .75rem 1rem; display: flex; flex-wrap: wrap; gap: .5rem 1rem;
      align-items: center; }
    .brand { font-weight: 700; font-size: 1.15rem; text-decoration: none; color: var(--fg); margin-right: auto; }
    .signout { display: flex; gap: .5rem; align-items: center; margin: 0; }
    .who { color: var(--muted); }
    .live { color: var(--muted); font-size: .85rem; }
    .live[data-state=reconnecting], .live[data-state=offline] { color: var(--danger); }
    .notice { border: 1px solid var(--accent); border-radius: 6px; padding: .5rem .75rem; }
    main { max-width: 48rem; margin: 0 auto; padding: 1rem; }
    h1 { font-size: 1.6rem; line-height: 1.25; overflow-wrap: anywhere; }
    label { display: block; font-weight: 600; margin-bottom: .25rem; }
    input[type=text], input[type=search], input[type=password], textarea { width: 100%; font: inherit; padding: .5rem .6rem;
      color: var(--fg); background: var(--bg); border: 1px solid var(--line); border-radius: 6px; }
    input[type=file] { max-width: 100%; font: inherit; }
    textarea { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: .95rem; unicode-bidi: plaintext; }
    button, a.button { font: inherit; padding: .45rem 1rem; border-radius: 6px; border: 1px solid var(--accent); background: var(--accent);
      color: var(--bg); cursor: pointer; }
    a.button { display: inline-block; text-decoration: none; }
    .signout button { background: transparent; color: var(--accent); }
    button.danger { background: var(--danger); border-color: var(--danger); }
    .card { background: var(--card); border: 1px solid var(--line); border-radius: 10px; padding: .5rem 1rem; }
    .search { display: flex; flex-wrap: wrap; gap: .5rem; align-items: end; margin-bottom: 1rem; }
    .search label { width: 100%; margin: 0; }
    .search input { flex: 1 1 12rem; width: auto; }
    .notes { list-style: none; padding: 0; margin: 0; }
    .notes li { padding: .7rem 0; border-bottom: 1px solid var(--line); }
    .notes .title { font-weight: 600; font-size: 1.05rem; overflow-wrap: anywhere; }
    .meta { display: block; color: var(--muted); font-size: .9rem; }
    .tag { margin-right: .4rem; font-size: .9rem; }
    .markdown a[href^="/notes/new"] { color: #a33; text-decoration-style: dashed; }
    .backlinks ul { padding-inline-start: 1.2rem; }
    .backlinks .context { color: #666; font-size: .9rem; overflow-wrap: anywhere; }
    .help, .empty, .filters { color: var(--muted); }
    .error { border: 1px solid var(--danger); color: var(--danger); border-radius: 6px; padding: .5rem .75rem; }
    .markdown { overflow-wrap: anywhere; }
    .markdown pre, .markdown code { background: var(--code); border-radius: 4px; }
    .markdown pre { padding: .75rem; overflow-x: auto; }
    .markdown code { padding: .1rem .25rem; }
    .markdown pre code { padding: 0; }
    .markdown img { max-width: 100%; }
    .markdown blockquote { margin-inline-start: 0; padding-inline-start: 1rem; border-inline-start: 3px solid var(--line); color: var(--muted); }
    .markdown .table { max-width: 100%; overflow-x: auto; }
    .markdown mark { background: #fff3a3; color: #1d1d1f; }
    @media (prefers-color-scheme: dark) { .markdown mark { background: #665c00; color: #ffffff; } }
    .markdown .footnotes { border-top: 1px solid var(--line); margin-top: 1.5rem; font-size: .9rem; }
    .markdown table { border-collapse: collapse; }
    .markdown th, .markdown td { border: 1px solid var(--line); padding: .25rem .5rem; overflow-wrap: normal; }
    .version { border-top: 1px solid var(--line); margin-top: 1rem; }
    .actions a { margin-right: 1rem; }
    .revisions { border-collapse: collapse; width: 100%; font-size: .95rem; }
    .revisions th, .revisions td { text-align: start; padding: .3rem .5rem; border-bottom: 1px solid var(--line); overflow-wrap: anywhere; }
    .compare { display: flex; flex-wrap: wrap; gap: .5rem; align-items: center; }
    .compare label { display: inline; margin: 0; }
    select { font: inherit; padding: .3rem; color: var(--fg); background: var(--bg); border: 1px solid var(--line); border-radius: 6px; }
    .diff { background: var(--code); padding: .75rem; border-radius: 6px; overflow-x: auto; white-space: pre-wrap; overflow-wrap: anywhere; }
    .diff span { display: block; }
    .diff .added { color: #1a7f37; }
    .diff .removed { color: var(--danger); }
    .diff .hunk { color: var(--muted); }
    @media (prefers-color-scheme: dark) { .diff .added { color: #7ee2a8; } }
    form.inline { display: inline; margin-left: .5rem; }
    @media (max-width: 30rem) { h1 { font-size: 1.35rem; } main { padding: .75rem; } }

    """
}
