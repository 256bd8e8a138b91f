import Foundation
import QuillModels
import ServerFeature
import ServerStoreInterface

/// A published site's Atom feed (RFC 4287) and sitemap (sitemaps.org), written as text: the
/// newest `ShareRules.sitePageSize` notes, each with its rendered HTML, under absolute URLs
/// (`origin`, as the reader reached the server).
enum SiteFeed {
    struct Item {
        let entry: PublishedIndex.Entry
        let html: String
    }

    static func atom(site: PublishedSite, items: [Item], origin: String) -> String {
        let home = origin + ShareRules.path(of: site)
        let updated = items.map(\.entry.updated).max() ?? site.created
        var xml = """
            <?xml version="1.0" encoding="utf-8"?>
            <feed xmlns="http://www.w3.org/2005/Atom" xml:base="\(text(home))">
            <title>\(text(site.title))</title>
            <id>\(text(home))</id>
            <link rel="alternate" type="text/html" href="\(text(home))"/>
            <link rel="self" type="application/atom+xml" href="\(text(home + "feed.xml"))"/>
            <updated>\(Timestamp(updated))</updated>
            <author><name>\(text(site.title))</name></author>

            """
        for item in items {
            let page = origin + ShareRules.path(of: item.entry.id, on: site)
            xml += """
                <entry>
                <title>\(text(item.entry.title))</title>
                <id>\(text(page))</id>
                <link rel="alternate" type="text/html" href="\(text(page))"/>
                <published>\(Timestamp(item.entry.created))</published>
                <updated>\(Timestamp(item.entry.updated))</updated>
                <content type="html">\(text(item.html))</content>
                </entry>

                """
        }
        return xml + "</feed>\n"
    }

    static func sitemap(site: PublishedSite, entries: [PublishedIndex.Entry], origin: String) -> String {
        let updated = entries.map(\.updated).max() ?? site.created
        var xml = """
            <?xml version="1.0" encoding="utf-8"?>
            <urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
            <url><loc>\(text(origin + ShareRules.path(of: site)))</loc><lastmod>\(Timestamp(updated))</lastmod></url>

            """
        for entry in entries {
            xml += "<url><loc>\(text(origin + ShareRules.path(of: entry.id, on: site)))</loc><lastmod>\(Timestamp(entry.updated))</lastmod></url>\n"
        }
        return xml + "</urlset>\n"
    }

    /// `value` as XML character data: escaped, and without the characters XML 1.0 forbids (most
    /// C0 controls), which a note's text may hold and which would make the whole feed unreadable.
    static func text(_ value: String) -> String {
        let allowed = value.unicodeScalars.allSatisfy(isAllowed) ? value
            : String(String.UnicodeScalarView(value.unicodeScalars.filter(isAllowed)))
        return HTMLAllowList.escaped(allowed)
    }

    private static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A, 0x0D: true
        case 0x00..<0x20, 0xFFFE, 0xFFFF: false
        default: true
        }
    }
}
