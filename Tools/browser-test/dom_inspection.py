"""Reads a rendered page's DOM for markup that could run a script or load from elsewhere, whether or
not anything fired yet: an event-handler attribute, an inline or foreign script, a frame, a `<base>`,
a refresh, a `javascript:` URL, a loading attribute or stylesheet pointing at another origin, a form
posting elsewhere, a style carrying `url(`. The app itself uses none of these (its CSP forbids inline
script and style), so any of them on a page is a finding, from a note or not."""

_INSPECT = r"""
([origin, marker]) => {
    const findings = [];
    const show = (element) => element.outerHTML.slice(0, 200);
    const resolved = (value) => { try { return new URL(value, document.baseURI); } catch (error) { return null; } };
    const foreign = (value) => { const url = resolved(value); return url !== null && url.origin !== origin &&
        !['data:', 'blob:', 'about:'].includes(url.protocol); };
    const scripted = (value) => /^(javascript|vbscript|livescript):/.test(value.replace(/[\u0000-\u0020]/g, '').toLowerCase());
    const forbidden = ['iframe', 'frame', 'frameset', 'object', 'embed', 'applet', 'base', 'portal', 'fencedframe'];
    const loading = ['src', 'srcset', 'data', 'poster', 'background', 'lowsrc', 'dynsrc', 'codebase', 'manifest', 'icon', 'ping'];
    const linking = ['href', 'xlink:href', 'action', 'formaction', 'cite'];
    const roots = [document];
    for (let index = 0; index < roots.length; index++) {
        for (const element of roots[index].querySelectorAll('*')) {
            if (element.shadowRoot) roots.push(element.shadowRoot);
            if (element.localName === 'template') roots.push(element.content);
            const tag = element.localName;
            if (forbidden.includes(tag)) findings.push('a <' + tag + '> element: ' + show(element));
            if (tag === 'script' && (element.textContent.trim() !== '' || !element.hasAttribute('src') || foreign(element.getAttribute('src'))))
                findings.push('a script that is inline or not from the server: ' + show(element));
            if (tag === 'meta' && element.hasAttribute('http-equiv') &&
                !['content-type', 'content-security-policy', 'x-ua-compatible'].includes(element.getAttribute('http-equiv').toLowerCase()))
                findings.push('a <meta http-equiv>: ' + show(element));
            if (tag === 'style' && (element.textContent.toLowerCase().includes(marker) || /url\s*\(|@import/i.test(element.textContent)))
                findings.push('a <style> from a note or loading something: ' + show(element));
            if (tag === 'link' && element.hasAttribute('href') && foreign(element.getAttribute('href')))
                findings.push('a <link> to another origin: ' + show(element));
            if (tag === 'form' && element.hasAttribute('action') && foreign(element.getAttribute('action')))
                findings.push('a form posting to another origin: ' + show(element));
            for (const attribute of element.attributes) {
                const name = attribute.name.toLowerCase(), value = attribute.value;
                if (name.startsWith('on')) findings.push('an event handler attribute ' + name + ': ' + show(element));
                if (name === 'srcdoc') findings.push('a srcdoc attribute: ' + show(element));
                if (name === 'style' && (value.toLowerCase().includes(marker) || /url\s*\(|expression\s*\(|@import/i.test(value)))
                    findings.push('a style attribute from a note or loading something: ' + show(element));
                if ((loading.includes(name) || linking.includes(name)) && scripted(value))
                    findings.push('a script URL in ' + name + ': ' + show(element));
                if (loading.includes(name) && name !== 'srcset' && name !== 'ping' && foreign(value))
                    findings.push(name + ' loading from another origin: ' + show(element));
                const candidates = name === 'ping' ? value.trim().split(/\s+/) :
                    name === 'srcset' ? value.split(',').map((candidate) => candidate.trim().split(/\s+/)[0]) : [];
                if (candidates.some(foreign)) findings.push(name + ' loading from another origin: ' + show(element));
                if ((loading.includes(name) || ['action', 'formaction', 'http-equiv'].includes(name)) &&
                    value.toLowerCase().includes(marker))
                    findings.push('a note\'s text became the attribute ' + name + ': ' + show(element));
            }
        }
    }
    if (document.baseURI.split('#')[0] !== document.URL.split('#')[0]) findings.push('the base URI was changed to ' + document.baseURI);
    return findings;
}
"""


def inspect_dom(page, origin, marker):
    """The findings of one loaded page (empty when it is clean)."""
    return [("dom", finding) for finding in page.evaluate(_INSPECT, [origin, marker])]
