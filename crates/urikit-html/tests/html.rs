//! HTML links and the embedded base (Appendix D of the 1997 and 2003 drafts).

use urikit::base::{BaseLayers, Layer};
use urikit_html::{embedded_base, links, Link, LinkError};

fn collect(html: &str, layers: &BaseLayers) -> (Vec<Link>, urikit::base::Established) {
    let mut out = Vec::new();
    let est = links(html.as_bytes(), layers, |l| {
        out.push(l);
        Ok(())
    })
    .unwrap();
    (out, est)
}

fn resolved(l: &Link) -> &str {
    l.resolved.as_ref().map(|u| u.as_str()).unwrap_or("(error)")
}

const APPENDIX_D: &str = r#"<!doctype html public "-//IETF//DTD HTML//EN">
<HTML><HEAD>
<TITLE>An example HTML document</TITLE>
<BASE href="http://www.ics.uci.edu/Test/a/b/c">
</HEAD><BODY>
... <A href="../x">a hypertext anchor</A> ...
</BODY></HTML>
"#;

#[test]
fn appendix_d_resolves_against_the_base_element() {
    // "regardless of the context in which the example document was obtained"
    let mut layers = BaseLayers::new();
    layers.retrieval("http://elsewhere.example/doc.html");
    let (found, est) = collect(APPENDIX_D, &layers);
    assert_eq!(est.layer(), Some(Layer::Embedded));
    let a: Vec<&Link> = found.iter().filter(|l| l.element == "a").collect();
    assert_eq!(a.len(), 1);
    assert_eq!(a[0].value, "../x");
    assert_eq!(resolved(a[0]), "http://www.ics.uci.edu/Test/a/x");
    assert_eq!(&APPENDIX_D[a[0].start..a[0].end], "../x");
    assert_eq!(
        embedded_base(APPENDIX_D.as_bytes()).unwrap().as_deref(),
        Some("http://www.ics.uci.edu/Test/a/b/c")
    );
}

#[test]
fn every_uri_attribute() {
    let html = r##"<html><head><link rel=stylesheet href="s.css"><script src="j.js"></script></head>
<body background="bg.png">
<a href="a.html" ping="/p1 /p2">x</a>
<img src="i.png" srcset="i-1x.png 1x, i-2x.png 2x,i,comma.png 3x" longdesc="d.html" usemap="#map">
<form action="/post"><button formaction="/other">b</button></form>
<blockquote cite="http://quote.example/">q</blockquote><q cite="q.html">z</q>
<video poster="p.jpg" src="v.mp4"><source src="s.webm"><track src="t.vtt"></video>
<object data="o.swf" codebase="/cb/" archive="a1.jar a2.jar"></object>
<div data="not-a-link" data-href="nor-this" title="http://nor.this/"></div>
<iframe src="f.html"></iframe><area href="ar.html"><input src="in.png" formaction="fa">
</body></html>"##;
    let mut layers = BaseLayers::new();
    layers.retrieval("http://h.example/dir/page");
    let (found, est) = collect(html, &layers);
    assert_eq!(est.layer(), Some(Layer::Retrieval));
    let got: Vec<(String, &str)> = found
        .iter()
        .map(|l| (format!("{}@{}", l.attribute, l.element), resolved(l)))
        .collect();
    let expected = [
        ("href@link", "http://h.example/dir/s.css"),
        ("src@script", "http://h.example/dir/j.js"),
        ("background@body", "http://h.example/dir/bg.png"),
        ("href@a", "http://h.example/dir/a.html"),
        ("ping@a", "http://h.example/p1"),
        ("ping@a", "http://h.example/p2"),
        ("src@img", "http://h.example/dir/i.png"),
        ("srcset@img", "http://h.example/dir/i-1x.png"),
        ("srcset@img", "http://h.example/dir/i-2x.png"),
        ("srcset@img", "http://h.example/dir/i,comma.png"),
        ("longdesc@img", "http://h.example/dir/d.html"),
        ("usemap@img", "http://h.example/dir/page#map"),
        ("action@form", "http://h.example/post"),
        ("formaction@button", "http://h.example/other"),
        ("cite@blockquote", "http://quote.example/"),
        ("cite@q", "http://h.example/dir/q.html"),
        ("poster@video", "http://h.example/dir/p.jpg"),
        ("src@video", "http://h.example/dir/v.mp4"),
        ("src@source", "http://h.example/dir/s.webm"),
        ("src@track", "http://h.example/dir/t.vtt"),
        ("data@object", "http://h.example/dir/o.swf"),
        ("codebase@object", "http://h.example/cb/"),
        ("archive@object", "http://h.example/dir/a1.jar"),
        ("archive@object", "http://h.example/dir/a2.jar"),
        ("src@iframe", "http://h.example/dir/f.html"),
        ("href@area", "http://h.example/dir/ar.html"),
        ("src@input", "http://h.example/dir/in.png"),
        ("formaction@input", "http://h.example/dir/fa"),
    ];
    let expected: Vec<(String, &str)> = expected.iter().map(|(a, r)| (a.to_string(), *r)).collect();
    assert_eq!(got, expected);
    // Every span is the value as written.
    for l in &found {
        assert_eq!(&html[l.start..l.end], l.value, "{l:?}");
    }
}

#[test]
fn srcset_entries_and_positions() {
    let html = "<p>\n  <img srcset=\" a.png 1x,\n  b.png 2x \">";
    let (found, _) = collect(html, &BaseLayers::new());
    let v: Vec<(&str, Option<usize>, Option<usize>)> = found
        .iter()
        .map(|l| (l.value.as_str(), l.line, l.column))
        .collect();
    assert_eq!(
        v,
        [("a.png", Some(2), Some(17)), ("b.png", Some(3), Some(3))]
    );
    // No base at all: relative links cannot be resolved.
    assert!(found.iter().all(|l| l.resolved == Err(LinkError::NoBase)));
}

#[test]
fn base_rules() {
    let mut layers = BaseLayers::new();
    layers.retrieval("http://r.example/a/b");
    // A relative <base href> is resolved against the retrieval URI; a link
    // before the <base> in the head is held and resolved against it too.
    let html = r#"<head><link href="early.css"><base href="/sub/dir/"></head><a href="x">"#;
    let (found, est) = collect(html, &layers);
    assert_eq!(est.base().unwrap().as_str(), "http://r.example/sub/dir/");
    assert_eq!(resolved(&found[0]), "http://r.example/sub/dir/early.css");
    assert_eq!(resolved(&found[2]), "http://r.example/sub/dir/x");
    // A <base> after the head has ended is not used.
    let html = r#"<p>text</p><base href="http://late.example/"><a href="x">"#;
    let (found, est) = collect(html, &layers);
    assert_eq!(est.layer(), Some(Layer::Retrieval));
    assert_eq!(resolved(found.last().unwrap()), "http://r.example/a/x");
    assert_eq!(embedded_base(html.as_bytes()).unwrap(), None);
    // Only the first <base href> counts.
    let html = r#"<base target=_top><base href="http://one.example/"><base href="http://two.example/"><a href=x>"#;
    let (found, _) = collect(html, &layers);
    assert_eq!(resolved(found.last().unwrap()), "http://one.example/x");
}

#[test]
fn values_are_decoded_trimmed_and_checked() {
    let mut layers = BaseLayers::new();
    layers.retrieval("http://h.example/");
    let html = "<a href=\"  ?a=1&amp;b=2&#38;c=&#x33; \">x</a><a href=\"a b\">y</a><a href=\"caf\u{e9}\">z</a><a href=\"&nbsp;\">w</a>";
    let (found, _) = collect(html, &layers);
    assert_eq!(found[0].value, "?a=1&b=2&c=3");
    assert_eq!(resolved(&found[0]), "http://h.example/?a=1&b=2&c=3");
    let e = found[1].resolved.as_ref().unwrap_err();
    assert_eq!((e.name(), e.index()), ("unexpected_char_in_path", 1));
    assert!(matches!(found[2].resolved, Err(LinkError::Parse(_))));
    // All named references are decoded: `&nbsp;` is U+00A0, not a URI.
    assert_eq!(found[3].value, "\u{a0}");
    assert!(matches!(found[3].resolved, Err(LinkError::Parse(_))));
    // A non-ASCII character right after an '&' (found by the property test).
    let (found, _) = collect("<a href=\"&amp; 2x<p>\u{e9}\n\"<p>", &layers);
    assert_eq!(found[0].value, "& 2x<p>\u{e9}");
}

#[test]
fn character_references_follow_the_html_standard_end_to_end() {
    let html = r#"<html><head><base href="http://h.example/d/p?&amp;x=1"></head><body>
<a href="?a=1&copy=2">legacy before '=': kept</a>
<a href="?a=1&copy;=2">with ';': decoded</a>
<a href="?a=1&copy">legacy at the end: decoded</a>
<a href="?a=1&copyx&notit;">legacy before a letter: kept</a>
<a href="?a=1&amp;b=2&amp=3&amp">amp three ways</a>
<a href="../&#x2F;x&#47;y&#0;">numeric</a>
<a href="&#x68;ttp&#58;//other.example/&lang=en">numeric scheme</a>
<img srcset="i&amp;1.png 1x, i&copy,2.png 2x" ping="/p?&amp;a /q&copy">
</body></html>"#;
    let (found, est) = collect(html, &BaseLayers::new());
    assert_eq!(est.base().unwrap().as_str(), "http://h.example/d/p?&x=1");
    let got: Vec<(&str, &str)> = found
        .iter()
        .map(|l| (l.value.as_str(), resolved(l)))
        .collect();
    assert_eq!(
        got,
        [
            ("http://h.example/d/p?&x=1", "http://h.example/d/p?&x=1"),
            ("?a=1&copy=2", "http://h.example/d/p?a=1&copy=2"),
            ("?a=1\u{a9}=2", "(error)"),
            ("?a=1\u{a9}", "(error)"),
            ("?a=1&copyx&notit;", "http://h.example/d/p?a=1&copyx&notit;"),
            ("?a=1&b=2&amp=3&", "http://h.example/d/p?a=1&b=2&amp=3&"),
            ("..//x/y\u{fffd}", "(error)"),
            (
                "http://other.example/&lang=en",
                "http://other.example/&lang=en"
            ),
            ("i&1.png", "http://h.example/d/i&1.png"),
            ("i\u{a9},2.png", "(error)"),
            ("/p?&a", "http://h.example/p?&a"),
            ("/q\u{a9}", "(error)"),
        ]
    );
    // The decoded non-ASCII values are reported as not URI references, at
    // the byte of the decoded character.
    let e = found[2].resolved.as_ref().unwrap_err();
    assert_eq!((e.name(), e.index()), ("unexpected_char_in_query", 4));
    // Spans are of the value as written.
    assert_eq!(&html[found[1].start..found[1].end], "?a=1&copy=2");
    assert_eq!(&html[found[6].start..found[6].end], "../&#x2F;x&#47;y&#0;");
    assert_eq!(
        embedded_base(html.as_bytes()).unwrap().as_deref(),
        Some("http://h.example/d/p?&x=1")
    );
}

#[test]
fn numeric_references_resolve_against_the_base() {
    let mut layers = BaseLayers::new();
    layers.retrieval("http://r.example/a/b");
    // Decoded to ASCII, they make ordinary references.
    let (found, _) = collect(
        r#"<a href="&#46;&#46;/&#x63;?q=&#x26;&#x3D;#f&#x23;">"#,
        &layers,
    );
    assert_eq!(found[0].value, "../c?q=&=#f#");
    assert!(matches!(found[0].resolved, Err(LinkError::Parse(_))));
    let (found, _) = collect(r#"<a href="&#46;&#46;/&#x63;?q=&#x26;&#x3D;#f">"#, &layers);
    assert_eq!(resolved(&found[0]), "http://r.example/c?q=&=#f");
    // Windows-1252 and U+FFFD replacements give non-ASCII: not URIs.
    for (raw, value) in [
        ("&#x80;", "\u{20ac}"),
        ("&#150;", "\u{2013}"),
        ("&#0;", "\u{fffd}"),
        ("&#xD800;", "\u{fffd}"),
        ("&#x110000;", "\u{fffd}"),
    ] {
        let (found, _) = collect(&format!("<a href=\"x{raw}\">"), &layers);
        assert_eq!(found[0].value, format!("x{value}"), "{raw}");
        assert!(
            matches!(found[0].resolved, Err(LinkError::Parse(_))),
            "{raw}"
        );
    }
}

#[test]
fn a_large_document_streams() {
    let mut html = String::from("<html><head><base href=\"http://big.example/\"></head><body>\n");
    for i in 0..60_000 {
        html.push_str(&format!("<p>para {i} <a href=\"p/{i}\">link</a></p>\n"));
    }
    let mut count = 0;
    let mut last = None;
    links(html.as_bytes(), &BaseLayers::new(), |l| {
        count += 1;
        last = Some((l.line, resolved(&l).to_owned()));
        Ok(())
    })
    .unwrap();
    assert_eq!(count, 60_001);
    assert_eq!(
        last,
        Some((Some(60_001), "http://big.example/p/59999".to_owned()))
    );
}

mod props {
    use proptest::prelude::*;
    use urikit::base::BaseLayers;

    fn html_strategy() -> impl Strategy<Value = String> {
        let piece = prop_oneof![
            Just("<a href=\"".to_string()),
            Just("<img srcset=\"".to_string()),
            Just("<base href=".to_string()),
            Just("<p>".to_string()),
            Just("\"".to_string()),
            Just("'".to_string()),
            Just(">".to_string()),
            Just("<".to_string()),
            Just("&amp;".to_string()),
            Just("&#x".to_string()),
            Just(", ".to_string()),
            Just(" 2x".to_string()),
            Just("é\n".to_string()),
            "[a-z0-9:/.?#=& -]{0,8}",
        ];
        prop::collection::vec(piece, 0..30).prop_map(|v| v.concat())
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]

        #[test]
        fn links_are_in_bounds(doc in html_strategy()) {
            let mut layers = BaseLayers::new();
            layers.retrieval("http://h.example/d/");
            let mut spans = Vec::new();
            urikit_html::links(doc.as_bytes(), &layers, |l| {
                spans.push((l.start, l.end, l.line, l.column));
                Ok(())
            })
            .unwrap();
            for (start, end, line, column) in spans {
                prop_assert!(start <= end && end <= doc.len());
                prop_assert!(doc.is_char_boundary(start) && doc.is_char_boundary(end));
                let expected_line = doc[..start].matches('\n').count() + 1;
                prop_assert_eq!(line, Some(expected_line));
                let line_start = doc[..start].rfind('\n').map_or(0, |k| k + 1);
                prop_assert_eq!(column, Some(doc[line_start..start].chars().count() + 1));
            }
        }
    }
}
