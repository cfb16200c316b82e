//! Differential parsing of the WHATWG reading: `urikit::whatwg::Url` against
//! the `url` crate (servo/rust-url, 2.5.8), with and without a base. On every
//! input both must agree on validity and, when both accept it, on the href.
//!
//! Accepted disagreements (see [`accepted`]): only the classes of input that
//! `url` gets wrong in the Web Platform Tests, as its own
//! `tests/expected_failures.txt` lists them (47 entries). urikit passes every
//! one of those tests, so where the two differ on such an input, urikit is
//! the one that follows the standard. The classes, and how they are told
//! apart here:
//!
//! 1. `file:` URLs whose path starts with an empty segment (`file:////foo`,
//!    `file://spider///`, `file:.//p`, `file://localhost//a//../..//`,
//!    `////one/two` against `file:///`): the standard keeps the empty
//!    segment, `url` drops or moves it. Told by: a `file:` URL on both
//!    sides whose path (on either side) starts with `//`.
//! 2. Windows drive letters in `file:` URLs (`file://example.net/C:/`,
//!    `C|` against `file://host/dir/file`, `/c:/foo/bar` against
//!    `file://host/path`): the standard keeps the host and spares a drive
//!    letter only as the first segment, `url` drops the host or treats the
//!    segment otherwise (the fuzzer also finds `url` gluing a reference to
//!    a base segment `p:`). Told by: a `file:` URL on both sides and a path
//!    segment (on either side) that starts with a drive letter.
//! 3. Setters on non-special URLs whose path starts with an empty segment
//!    (`non-spec:/.//p`) and the pathname setter's corner cases: setters,
//!    not parsing, so they do not show here.
//!
//! In classes 1 and 2 only the host and the path may differ: the scheme,
//! query and fragment must still agree.
//!
//! One class more, found by this target and not in `url`'s list (no Web
//! Platform Test has it):
//!
//! 4. A non-special URL whose authority is only empty credentials (`x://@`,
//!    `x://:@`, `x://:@#f`): `url` reads an empty host (`x://`, `x://#f`),
//!    the standard fails. Its authority state, at the end of the authority
//!    with an `@` seen and nothing after it, says "host-missing validation
//!    error, return failure"; `url` itself fails `x://@/`, `x://@?q` and
//!    `x://u@`. `tests/whatwg.rs` (`url_crate_failures`) holds these
//!    inputs. Told by: urikit fails with `host-missing`, `url` gives a
//!    non-special URL with an empty host and no credentials.
//! 5. A `\` right after the port of a non-special URL (`x://h:\`,
//!    `x://h:1\`): `url` ends the port there, as it would in a special URL,
//!    and reads on; the standard's port state ends a port at `\` only in a
//!    special URL, so this is port-invalid, a failure (`url_crate_failures`
//!    again). Told by: urikit fails with `port-invalid` at a `\`, and the
//!    scheme is not special.
//! 6. A relative reference whose leading slashes hold a `\`, against a base
//!    whose scheme is not special (`\\x/y` against `sc://h/a/b`): `url`
//!    reads the backslashes as slashes (`sc://x/y`), as in a special URL;
//!    the standard's relative and relative slash states do that only for a
//!    special URL, and read `\\x` as a path segment (`sc://h/a/\\x/y`);
//!    `url` may then also fail on what it takes for an authority.
//!    Told by: a base that is not special, urikit parses, and the input's
//!    leading run of `/` and `\` (tabs, newlines, leading spaces and
//!    controls aside) holds a `\`.
//! 7. A relative reference starting with three or more slashes against a
//!    special base (`///example.com/` against `http://example.org/`): `url`
//!    fails (empty host); the standard's relative slash state goes on to
//!    the special authority ignore slashes state, which skips every further
//!    slash, and reads the host `example.com` (as it does after `http:///`).
//!    Told by: a special base, urikit parses, `url` fails, and the input's
//!    leading run of `/` and `\` has three or more.
//!
//! 8. A `..` after a segment that looks like a Windows drive letter
//!    anywhere but as the first segment of a `file:` URL (`x:/c:/../d`,
//!    `http://h/c:/../d`, `file:///a/c:/../d`): `url` keeps the segment
//!    (`x:/c:/d`); the standard's "shorten a URL's path" spares a drive
//!    letter only as the single segment of a `file:` URL, and gives `x:/d`.
//!    `url` takes a drive letter followed by `\` for one too, even where
//!    `\` is no separator (`x://h/a|\/../b`: `url` keeps `a|\`, the
//!    standard and ada give `x://h/b`). Told by: only the path differs, and
//!    `url`'s path has a segment that is a drive letter, or one and a `\`.
//!
//! ada-url 4.0.0 gives urikit's answer on an input of each of the classes
//! 4 to 8 (checked by hand when each was found).

use urikit::whatwg::{Url, ValidationError, ValidationErrorKind};

/// Why a disagreement on `input` (against `base`, if any) is accepted, if
/// it is.
pub fn accepted(
    input: &str,
    base: Option<&Url>,
    ours: Result<&Url, &ValidationError>,
    theirs: Option<&url::Url>,
) -> Option<&'static str> {
    // The input's leading run of `/` and `\`, as the parser sees it.
    let leading: Vec<char> = input
        .trim_start_matches(|c: char| c <= ' ')
        .chars()
        .filter(|c| !matches!(c, '\t' | '\n' | '\r'))
        .take_while(|&c| c == '/' || c == '\\')
        .collect();
    if let (Some(b), Ok(_)) = (base, ours) {
        if !b.is_special() && leading.contains(&'\\') {
            return Some(
                "a backslash in the leading slashes against a non-special base (found here)",
            );
        }
        if b.is_special() && theirs.is_none() && leading.len() >= 3 {
            return Some("three or more leading slashes against a special base (found here)");
        }
    }
    if let (Err(e), Some(b)) = (ours, theirs) {
        let special = ["http", "https", "ws", "wss", "ftp", "file"].contains(&b.scheme());
        let bare = b.has_authority()
            && b.host_str().unwrap_or("").is_empty()
            && b.username().is_empty()
            && b.password().is_none();
        if e.kind() == ValidationErrorKind::HostMissing && bare && !special {
            return Some("non-special authority of empty credentials at the end (found here)");
        }
        if e.kind() == ValidationErrorKind::PortInvalid
            && input.as_bytes().get(e.index()) == Some(&b'\\')
            && !special
        {
            return Some("a backslash after the port of a non-special URL (found here)");
        }
        return None;
    }
    let (Ok(a), Some(b)) = (ours, theirs) else {
        return None;
    };
    let same_rest = a.query() == b.query() && a.fragment() == b.fragment();
    let is_drive = |seg: &str| urikit::whatwg::code_point::is_drive_letter(seg.as_bytes(), false);
    // What `url` spares on `..`: a drive letter, or one and a `\`.
    let spared = |seg: &str| is_drive(seg) || seg.strip_suffix('\\').is_some_and(is_drive);
    let only_path = same_rest
        && a.scheme() == b.scheme()
        && a.hostname() == b.host_str().unwrap_or("")
        && a.port() == b.port().map(|p| p.to_string()).unwrap_or_default();
    if only_path && b.path().split('/').any(spared) {
        return Some("`..` after a drive-letter-like segment outside file: (found here)");
    }
    let file = a.scheme() == "file" && b.scheme() == "file";
    if !file || !same_rest {
        return None;
    }
    if a.pathname().starts_with("//") || b.path().starts_with("//") {
        return Some("file: path starting with an empty segment (url's expected failures)");
    }
    // A segment that starts with a drive letter, on either side.
    let drive = |p: &str| p.split('/').any(|seg| seg.get(..2).is_some_and(is_drive));
    if drive(a.pathname()) || drive(b.path()) {
        return Some("file: drive letter (url's expected failures)");
    }
    None
}

/// Checks `input` (against `base` when it is not empty and parses for both).
pub fn check(base: &str, input: &str) {
    let (ours_base, theirs_base) = if base.is_empty() {
        (None, None)
    } else {
        match (Url::parse(base, None), url::Url::parse(base)) {
            (Ok(a), Ok(b))
                if accepted(base, None, Ok(&a), Some(&b)).is_some() || a.href() == b.as_str() =>
            {
                if a.href() != b.as_str() {
                    return; // the bases themselves differ in an accepted way
                }
                (Some(a), Some(b))
            }
            _ => return,
        }
    };
    let ours = Url::parse(input, ours_base.as_ref());
    // `url`'s own debug assertions fail on some `file:` inputs with drive
    // letters (class 2; `fuzz/regressions/whatwg_url/url-panics-*`): `url`
    // has no answer there, so there is nothing to compare.
    let hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    let theirs = std::panic::catch_unwind(|| {
        url::Url::options()
            .base_url(theirs_base.as_ref())
            .parse(input)
            .ok()
    });
    std::panic::set_hook(hook);
    let Ok(theirs) = theirs else {
        return;
    };
    let same = match (&ours, &theirs) {
        (Ok(a), Some(b)) => a.href() == b.as_str(),
        (Err(_), None) => true,
        _ => false,
    };
    if !same && accepted(input, ours_base.as_ref(), ours.as_ref(), theirs.as_ref()).is_none() {
        panic!(
            "{input:?} (base {base:?}): urikit {:?}, url {:?}",
            ours.as_ref().map(Url::href),
            theirs.as_ref().map(url::Url::as_str)
        );
    }
}
