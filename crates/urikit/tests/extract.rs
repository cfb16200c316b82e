//! Finding URIs in text: Appendix E of the 1997 and 2003 drafts, each
//! delimiting rule, punctuation and brackets, text without URIs, non-ASCII
//! text, CRLF, streams in small reads, limits and adversarial inputs.

use std::io::{self, Read};

use proptest::prelude::*;
use urikit::extract::{Delimiter, Finder, Match};
use urikit::scheme::{SchemeInfo, SchemeRegistry};
use urikit::UriRef;

/// A reader that gives at most `n` bytes per read.
struct Chunky<'a> {
    data: &'a [u8],
    n: usize,
}

impl Read for Chunky<'_> {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        let k = self.n.min(out.len()).min(self.data.len());
        out[..k].copy_from_slice(&self.data[..k]);
        self.data = &self.data[k..];
        Ok(k)
    }
}

/// Everything `f` finds in `text`, checking on the way that the stream finder
/// (in reads of 1, 3, 7 and 4096 bytes) finds exactly the same.
fn find_with(f: &Finder, text: &str) -> Vec<Match<'static>> {
    let all: Vec<Match<'static>> = f.find_iter(text).map(Match::into_owned).collect();
    for n in [1, 3, 7, 4096] {
        let streamed: Vec<Match<'static>> = f
            .stream(Chunky {
                data: text.as_bytes(),
                n,
            })
            .collect::<io::Result<_>>()
            .unwrap();
        assert_eq!(streamed, all, "stream in reads of {n} differs on {text:?}");
    }
    all
}

fn find(text: &str) -> Vec<Match<'static>> {
    find_with(&Finder::new(), text)
}

fn uris(text: &str) -> Vec<String> {
    find(text).into_iter().map(Match::into_string).collect()
}

#[test]
fn appendix_e_2003_example() {
    // draft-fielding-uri-rfc2396bis-01, Appendix E, with its line breaks.
    let text = "   Yes, Jim, I found it under \"http://www.w3.org/Addressing/\",\n   \
                but you can probably pick it up from <ftp://ds.internic.\n   \
                net/rfc/>.  Note the warning in <http://www.ics.uci.edu/pub/\n   \
                ietf/uri/historical.html#WARNING>.\n";
    let found = find(text);
    let got: Vec<&str> = found.iter().map(|m| m.as_str()).collect();
    assert_eq!(
        got,
        [
            "http://www.w3.org/Addressing/",
            "ftp://ds.internic.net/rfc/",
            "http://www.ics.uci.edu/pub/ietf/uri/historical.html#WARNING",
        ]
    );
    let delims: Vec<Delimiter> = found.iter().map(|m| m.delimiter()).collect();
    assert_eq!(
        delims,
        [Delimiter::Quotes, Delimiter::Angle, Delimiter::Angle]
    );
    assert!(!found[0].is_joined() && found[1].is_joined() && found[2].is_joined());
    assert!(!found[1].has_hyphen_break());
    let pos: Vec<(usize, usize)> = found.iter().map(|m| (m.line(), m.column())).collect();
    assert_eq!(pos, [(1, 32), (2, 42), (3, 37)]);
    assert_eq!(&text[found[1].span()], "ftp://ds.internic.\n   net/rfc/");
}

#[test]
fn appendix_e_1997_example() {
    // draft-fielding-url-syntax-05, Appendix E ("Examples:"), with its line
    // breaks: the <ftp://ds.internic.\n net/rfc/> is joined.
    let text = "   Yes, Jim, I found it under \"http://www.w3.org/pub/WWW/\",\n   \
                but you can probably pick it up from <ftp://ds.internic.\n   \
                net/rfc/>.  Note the warning in <http://ds.internic.net/\n   \
                instructions/overview.html#WARNING>.\n";
    assert_eq!(
        uris(text),
        [
            "http://www.w3.org/pub/WWW/",
            "ftp://ds.internic.net/rfc/",
            "http://ds.internic.net/instructions/overview.html#WARNING",
        ]
    );
}

#[test]
fn the_appendix_e_wrappers() {
    // "within double-quotes "http://example.com/", angle brackets
    // <http://example.com/>, or just by using whitespace"
    let text = "within double-quotes \"http://example.com/\", angle brackets\n\
                <http://example.com/>, or just by using whitespace:\n\n   http://example.com/\n";
    let found = find(text);
    assert_eq!(found.len(), 3);
    assert!(found.iter().all(|m| m.as_str() == "http://example.com/"));
    let delims: Vec<Delimiter> = found.iter().map(|m| m.delimiter()).collect();
    assert_eq!(
        delims,
        [Delimiter::Quotes, Delimiter::Angle, Delimiter::Whitespace]
    );
    assert_eq!(found[2].line(), 4);
    assert_eq!(found[2].column(), 4);
}

#[test]
fn url_prefix_inside_brackets() {
    for text in [
        "<URL:http://example.com/a>",
        "<URL: http://example.com/a>",
        "<url:http://example.com/a>",
        "< URL:\n  http://example.com/a >",
    ] {
        let found = find(text);
        assert_eq!(found.len(), 1, "{text:?}");
        assert_eq!(found[0].as_str(), "http://example.com/a");
        assert_eq!(&text[found[0].span()], "http://example.com/a");
    }
    // The prefix marks a URI whatever its scheme; without it an unknown,
    // authority-less scheme is not taken.
    assert_eq!(uris("<URL:x-custom:thing>"), ["x-custom:thing"]);
    assert!(uris("<x-custom:thing>").is_empty());
    assert!(uris("<std::vector>").is_empty());
    // Outside brackets the prefix is just text before the URI.
    assert_eq!(
        uris("URL:http://example.com/b, URL: http://example.com/c"),
        ["http://example.com/b", "http://example.com/c"]
    );
}

#[test]
fn whitespace_inside_angle_brackets_is_ignored() {
    let text = "<http://example.com/very/\n\tlong/path\r\n  ?q=1#frag>";
    let found = find(text);
    assert_eq!(found.len(), 1);
    assert_eq!(
        found[0].as_str(),
        "http://example.com/very/long/path?q=1#frag"
    );
    assert!(found[0].is_joined());
    assert!(!found[0].has_hyphen_break());
    // A hyphen before the break: joined, hyphen kept, and flagged.
    let found = find("<http://example.com/a-\n   b>");
    assert_eq!(found[0].as_str(), "http://example.com/a-b");
    assert!(found[0].has_hyphen_break());
}

#[test]
fn hyphen_line_break_in_a_bare_uri() {
    let text = "see http://example.com/long-\n    path/x for it";
    let found = find(text);
    assert_eq!(found.len(), 1);
    assert_eq!(found[0].as_str(), "http://example.com/long-path/x");
    assert!(found[0].has_hyphen_break());
    assert_eq!(
        &text[found[0].span()],
        "http://example.com/long-\n    path/x"
    );
    // CRLF and trailing spaces before the break too.
    assert_eq!(
        uris("http://a.example/x-  \r\n  y z"),
        ["http://a.example/x-y"]
    );
    // Without a hyphen a break ends a bare URI.
    assert_eq!(
        uris("http://example.com/long\npath"),
        ["http://example.com/long"]
    );
    // A hyphen then a space (no break) ends it, and so does a blank line.
    assert_eq!(uris("http://a.example/x- y"), ["http://a.example/x-"]);
    assert_eq!(uris("http://a.example/x-\n\ny"), ["http://a.example/x-"]);
    // The join can be turned off.
    let off = Finder::new().hyphen_breaks(false);
    let found = find_with(&off, "http://a.example/x-\ny");
    assert_eq!(found[0].as_str(), "http://a.example/x-");
}

#[test]
fn trailing_punctuation_is_not_taken() {
    for p in [".", ",", ";", ":", "!", "?", "'", "...", "?!", ")."] {
        let text = format!("Look at http://example.com/a/b{p} now");
        assert_eq!(uris(&text), ["http://example.com/a/b"], "{text:?}");
    }
    assert_eq!(
        uris("at the end: http://example.com/."),
        ["http://example.com/"]
    );
    // Inner punctuation stays.
    assert_eq!(
        uris("http://example.com/a.b,c;d:e!f?g=h."),
        ["http://example.com/a.b,c;d:e!f?g=h"]
    );
    assert_eq!(
        uris("'http://example.com/it's'"),
        ["http://example.com/it's"]
    );
}

#[test]
fn brackets_balanced_or_not() {
    assert_eq!(uris("(see http://example.com/x)"), ["http://example.com/x"]);
    assert_eq!(
        uris("(see http://example.com/x)."),
        ["http://example.com/x"]
    );
    assert_eq!(
        uris("http://en.wikipedia.org/wiki/URI_(disambiguation)"),
        ["http://en.wikipedia.org/wiki/URI_(disambiguation)"]
    );
    assert_eq!(
        uris("(http://en.wikipedia.org/wiki/URI_(disambiguation))"),
        ["http://en.wikipedia.org/wiki/URI_(disambiguation)"]
    );
    assert_eq!(
        uris("((http://example.com/a((b)))))"),
        ["http://example.com/a((b))"]
    );
    assert_eq!(uris("[http://example.com/]"), ["http://example.com/"]);
    assert_eq!(
        uris("http://[2001:db8::1]:80/x]"),
        ["http://[2001:db8::1]:80/x"]
    );
    assert_eq!(uris("{http://example.com/}"), ["http://example.com/"]);
}

#[test]
fn text_without_uris() {
    for text in [
        "a:b is a ratio",
        "10:30",
        "at 10:30 we met; a:b is a ratio",
        "std::vector<int> x;",
        "note: http: is a scheme, mailto: too",
        "ftp:the wrong way, svn:ignore",
        "http://",
        "http:// example.com",
        "<b>bold</b> <a:b>",
        "",
        "just words. no links here!",
        "x:x:x:x:x",
    ] {
        assert!(uris(text).is_empty(), "{text:?} gave {:?}", uris(text));
    }
}

#[test]
fn known_and_unknown_schemes() {
    assert_eq!(
        uris("write to mailto:someone@example.org."),
        ["mailto:someone@example.org"]
    );
    assert_eq!(
        uris("urn:isbn:0451450523 is a book"),
        ["urn:isbn:0451450523"]
    );
    assert_eq!(
        uris("news:comp.infosystems.www.servers.unix"),
        ["news:comp.infosystems.www.servers.unix"]
    );
    assert_eq!(uris("file:///etc/hosts"), ["file:///etc/hosts"]);
    assert_eq!(uris("x-unknown://host/p"), ["x-unknown://host/p"]);
    assert!(uris("x-unknown:opaque").is_empty());

    let strict = Finder::new().any_scheme_with_authority(false);
    assert!(find_with(&strict, "x-unknown://host/p").is_empty());
    assert_eq!(find_with(&strict, "http://a.example/").len(), 1);

    let no_known = Finder::new().known_schemes(false);
    assert!(find_with(&no_known, "mailto:a@b.example").is_empty());
    assert_eq!(find_with(&no_known, "http://a.example/").len(), 1);

    let mut reg = SchemeRegistry::empty();
    reg.register("x-mine", SchemeInfo::new());
    let mine = Finder::new().schemes(reg).any_scheme_with_authority(false);
    let found = find_with(&mine, "x-mine:abc and http://a.example/");
    assert_eq!(found.len(), 1);
    assert_eq!(found[0].as_str(), "x-mine:abc");
}

#[test]
fn invalid_candidates_are_cut_or_dropped() {
    // A second '#' ends the URI where the grammar does.
    assert_eq!(uris("http://a.example/b#c#d"), ["http://a.example/b#c"]);
    // A bad percent-encoding cuts the URI before it.
    assert_eq!(uris("http://a.example/b%zz"), ["http://a.example/b"]);
    // Nothing usable is left.
    assert!(uris("http://%zz").is_empty());
    assert!(uris("http://[::1").is_empty());
    // Characters no URI holds end it.
    assert_eq!(uris("http://a.example/x|y"), ["http://a.example/x"]);
    assert_eq!(uris("http://a.example/x\\y"), ["http://a.example/x"]);
}

#[test]
fn non_ascii_text_around_uris() {
    let text = "日本語のページ http://example.jp/パス と «http://example.org/» ça.";
    let found = find(text);
    let got: Vec<&str> = found.iter().map(|m| m.as_str()).collect();
    assert_eq!(got, ["http://example.jp/", "http://example.org/"]);
    for m in &found {
        assert!(text.is_char_boundary(m.start()) && text.is_char_boundary(m.end()));
        assert_eq!(&text[m.span()], m.as_str());
    }
    // Columns count characters: 8 before the first URI, then 9 + 2 more.
    assert_eq!((found[0].line(), found[0].column()), (1, 9));
    let col2 = text[..found[1].start()].chars().count() + 1;
    assert_eq!(found[1].column(), col2);
    // Non-ASCII glued to the scheme.
    assert_eq!(uris("→http://example.com/←"), ["http://example.com/"]);
}

#[test]
fn crlf_line_ends() {
    let text = "first line\r\nsee http://a.example/1\r\n\r\n<http://b.example/\r\n  2>\r\nend http://c.example/3\r\n";
    let found = find(text);
    let got: Vec<(&str, usize, usize)> = found
        .iter()
        .map(|m| (m.as_str(), m.line(), m.column()))
        .collect();
    assert_eq!(
        got,
        [
            ("http://a.example/1", 2, 5),
            ("http://b.example/2", 4, 2),
            ("http://c.example/3", 6, 5),
        ]
    );
    // No '\r' in a span's URI.
    assert!(found.iter().all(|m| !m.as_str().contains('\r')));
}

#[test]
fn abbreviated_forms_when_asked() {
    let f = Finder::new().abbreviated(true);
    let found = find_with(
        &f,
        "Try www.w3.org/Addressing/. Or ftp.example.org/pub, or <www.example.com>.",
    );
    let got: Vec<(&str, bool)> = found
        .iter()
        .map(|m| (m.as_str(), m.is_abbreviated()))
        .collect();
    assert_eq!(
        got,
        [
            ("http://www.w3.org/Addressing/", true),
            ("ftp://ftp.example.org/pub", true),
            ("http://www.example.com", true),
        ]
    );
    assert_eq!(
        &"Try www.w3.org/Addressing/."[found[0].span()],
        "www.w3.org/Addressing/"
    );
    // Off by default; not inside other words or URIs; not a lone "www.".
    assert!(uris("Try www.w3.org/Addressing/").is_empty());
    for text in [
        "awww.example.com",
        "see www. and ftp.",
        "http://www.example.com/",
    ] {
        let got: Vec<String> = find_with(&f, text)
            .into_iter()
            .map(Match::into_string)
            .collect();
        assert!(
            got.iter().all(|u| u.starts_with("http://www.example.com/")),
            "{text:?}: {got:?}"
        );
    }
    // A port and a path, bare or in brackets.
    let found = find_with(&f, "www.example.com:8080/x <www.example.com:8080/y>");
    let got: Vec<&str> = found.iter().map(|m| m.as_str()).collect();
    assert_eq!(
        got,
        [
            "http://www.example.com:8080/x",
            "http://www.example.com:8080/y"
        ]
    );
}

#[test]
fn long_uris_and_the_limit() {
    let long = format!("http://example.com/{}", "a".repeat(300));
    let text = format!("x {long} y http://short.example/ z");
    let f = Finder::new().max_len(200);
    let found = find_with(&f, &text);
    assert_eq!(found.len(), 1, "the long one is skipped, not cut");
    assert_eq!(found[0].as_str(), "http://short.example/");
    // Within the limit it is found whole, in a stream of small reads too.
    let f = Finder::new().max_len(400);
    let found = find_with(&f, &text);
    assert_eq!(found[0].as_str(), long);
    // A long URI across many stream chunks with the default limit.
    let big = format!("http://example.com/{}", "b".repeat(150_000));
    let text = format!("{big} then http://after.example/");
    let found = find_with(&Finder::new().max_len(200_000), &text);
    assert_eq!(found.len(), 2);
    assert_eq!(found[0].end(), big.len());
    let found = find_with(&Finder::new(), &text);
    assert_eq!(found.len(), 1);
    assert_eq!(found[0].as_str(), "http://after.example/");
}

#[test]
fn adversarial_inputs_finish() {
    let n = 400_000;
    let cases = [
        "http://a#b#".repeat(n / 11),
        "x:".repeat(n / 2),
        "<".repeat(n),
        "(".repeat(n),
        format!("http://a/{}", ")".repeat(n)),
        "http://a)".repeat(n / 9),
        "-\n".repeat(n / 2),
        format!("http://a/{}", "-\n".repeat(n / 2)),
        "www.".repeat(n / 4),
        "mailto:".repeat(n / 7),
        format!("<{}", "http://a/ ".repeat(n / 10)),
    ];
    let f = Finder::new().abbreviated(true);
    for text in &cases {
        let start = std::time::Instant::now();
        let count = f.find_iter(text).count();
        let streamed = f.stream(text.as_bytes()).count();
        assert_eq!(count, streamed);
        assert!(
            start.elapsed().as_secs() < 20,
            "{:?}... took {:?}",
            &text[..20],
            start.elapsed()
        );
    }
}

/// Text made of words, URI-ish pieces, punctuation and non-ASCII.
fn text_strategy() -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        Just("http://example.com/".to_string()),
        Just("https://a.example/p?q=1#f".to_string()),
        Just("mailto:x@y.example".to_string()),
        Just("www.example.org".to_string()),
        Just("<".to_string()),
        Just(">".to_string()),
        Just("URL:".to_string()),
        Just("\"".to_string()),
        Just("(".to_string()),
        Just(")".to_string()),
        Just("-\n".to_string()),
        Just("\r\n".to_string()),
        Just(" ".to_string()),
        Just("é".to_string()),
        Just("日本".to_string()),
        Just("#".to_string()),
        Just("%".to_string()),
        "[a-z0-9:/.,;!?@%#\\[\\]'-]{0,6}",
    ];
    prop::collection::vec(piece, 0..40).prop_map(|v| v.concat())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn spans_are_sound(
        text in text_strategy(),
        abbreviated in any::<bool>(),
        n in 1usize..9,
        max_len in prop_oneof![Just(usize::MAX), 16usize..60],
        scheme_rules in any::<bool>(),
    ) {
        let f = Finder::new()
            .abbreviated(abbreviated)
            .max_len(max_len)
            .scheme_rules(scheme_rules);
        let all: Vec<Match<'_>> = f.find_iter(&text).collect();
        let mut last_end = 0;
        for m in &all {
            prop_assert!(m.start() < m.end() && m.end() <= text.len());
            prop_assert!(m.start() >= last_end, "overlap");
            last_end = m.end();
            prop_assert!(text.is_char_boundary(m.start()) && text.is_char_boundary(m.end()));
            prop_assert!(m.end() - m.start() <= max_len);
            let parsed = UriRef::parse(m.as_str());
            prop_assert!(parsed.is_ok(), "{:?} does not parse", m.as_str());
            prop_assert!(parsed.unwrap().scheme().is_some());
            let line = text[..m.start()].matches('\n').count() + 1;
            let line_start = text[..m.start()].rfind('\n').map_or(0, |k| k + 1);
            let column = text[line_start..m.start()].chars().count() + 1;
            prop_assert_eq!((m.line(), m.column()), (line, column));
            if !m.is_joined() && !m.is_abbreviated() {
                prop_assert_eq!(&text[m.span()], m.as_str());
            }
        }
        let streamed: Vec<Match<'static>> = f
            .stream(Chunky { data: text.as_bytes(), n })
            .collect::<io::Result<_>>()
            .unwrap();
        let owned: Vec<Match<'static>> = all.into_iter().map(Match::into_owned).collect();
        prop_assert_eq!(streamed, owned);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(100))]

    /// Any bytes at all (not UTF-8 included) stream without a panic, and what
    /// is found is in bounds and parses.
    #[test]
    fn any_bytes_stream(bytes in prop::collection::vec(any::<u8>(), 0..600), n in 1usize..64) {
        let f = Finder::new().abbreviated(true).max_len(40);
        for m in f.stream(Chunky { data: &bytes, n }) {
            let m = m.unwrap();
            prop_assert!(m.start() < m.end() && m.end() <= bytes.len());
            prop_assert!(UriRef::parse(m.as_str()).is_ok());
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Completing never panics; what it gives is an absolute URI ending with
    /// the input.
    #[test]
    fn complete_is_total(s in "[a-zA-Z0-9.:@/?#%\\[\\]_~-]{0,30}|\\PC{0,20}") {
        if let Ok(c) = urikit::extract::complete(&s) {
            let u = UriRef::parse(c.as_str());
            prop_assert!(u.is_ok_and(|u| u.scheme().is_some()));
            prop_assert!(c.as_str().ends_with(s.as_str()));
        }
    }
}
