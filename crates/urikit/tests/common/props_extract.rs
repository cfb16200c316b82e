//! Extraction properties (feature `extract`), shared like `props.rs` by the
//! `extract` fuzz target and the fuzz regression tests: for any text and
//! every finder configuration, matches come in order without overlapping,
//! their spans are in bounds and on char boundaries, line and column agree
//! with the text before the span, each URI found parses, and a URI that was
//! neither joined across whitespace nor completed is its span's text.

use urikit::extract::Finder;
use urikit::UriRef;

/// The finders checked: the default, with abbreviated forms, without hyphen
/// joining and without unknown schemes, and with the smallest length limit.
pub fn finders() -> [Finder; 4] {
    [
        Finder::new(),
        Finder::new().abbreviated(true),
        Finder::new()
            .hyphen_breaks(false)
            .any_scheme_with_authority(false),
        Finder::new().max_len(16),
    ]
}

/// Checks the extraction properties on `text`.
pub fn check_extract(text: &str) {
    for finder in finders() {
        let mut last_end = 0;
        for m in finder.find_iter(text) {
            let (start, end) = (m.start(), m.end());
            assert!(
                start <= end && end <= text.len(),
                "span {start}..{end} of {}",
                text.len()
            );
            assert!(
                text.is_char_boundary(start) && text.is_char_boundary(end),
                "{start}..{end}"
            );
            assert!(
                start >= last_end,
                "overlapping or unordered: {start} after {last_end}"
            );
            assert_eq!(m.span(), start..end);
            last_end = end;

            let before = &text[..start];
            assert_eq!(
                m.line(),
                1 + before.matches('\n').count(),
                "line at {start}"
            );
            let line_start = before.rfind('\n').map_or(0, |k| k + 1);
            assert_eq!(
                m.column(),
                1 + text[line_start..start].chars().count(),
                "column at {start}"
            );

            let uri = m.as_str();
            assert!(uri.is_ascii(), "{uri:?}");
            assert!(UriRef::parse(uri).is_ok(), "found {uri:?} does not parse");
            if !m.is_joined() && !m.is_abbreviated() {
                assert_eq!(
                    uri,
                    &text[start..end],
                    "unjoined match differs from its span"
                );
            }
            if m.is_joined() && !m.is_abbreviated() {
                // Joining only removes whitespace.
                let squeezed: String = text[start..end]
                    .chars()
                    .filter(|c| !c.is_whitespace())
                    .collect();
                assert_eq!(uri, squeezed, "joined {uri:?} from {:?}", &text[start..end]);
            }
        }
    }
}

/// A valid URI written as `<URL:uri>` inside text (Appendix E's marked form)
/// is found whole, with its span, whatever its scheme.
pub fn check_extract_marked(uri: &str, before: &str, after: &str) {
    let text = format!("{before} <URL:{uri}> {after}");
    let start = before.len() + 6;
    let found: Vec<_> = Finder::new()
        .find_iter(&text)
        .filter(|m| m.start() <= start && start < m.end().max(start + 1))
        .collect();
    assert_eq!(found.len(), 1, "{text:?}: {found:?}");
    assert_eq!(found[0].as_str(), uri, "{text:?}");
    assert_eq!(found[0].span(), start..start + uri.len(), "{text:?}");
    check_extract(&text);
}
