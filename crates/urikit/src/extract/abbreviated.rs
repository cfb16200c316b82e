//! Abbreviated URIs (2003 draft, Appendix F): completing `www.w3.org/Addressing/`
//! into `http://www.w3.org/Addressing/`.
//!
//! Appendix F says there is "no standard set of heuristics" and that they "may
//! change over time", so these are ours, stated in full:
//!
//! 1. A string that already starts with a scheme the [`SchemeRegistry`] knows,
//!    or with any `scheme://`, is a URI already: it is only checked.
//! 2. `local@domain` with nothing after the domain is a mail address:
//!    `mailto:local@domain`.
//! 3. Otherwise the string is read as `authority [ path ] [ "?" query ] [ "#"
//!    fragment ]`, the authority being `[ userinfo "@" ] host [ ":" port ]`,
//!    and gets `ftp://` when the host's first label is `ftp`, `http://`
//!    otherwise ("most hostnames beginning with "www" are likely to have a
//!    URI prefix of "http://"", Appendix F).
//!
//! The host must look like one, or the string is refused: `localhost`, an
//! IPv4 address, an `[IPv6]` literal, or a DNS name of at least two labels
//! (letters, digits, inner `-`; at most 63 bytes each, 253 in all) whose last
//! label is alphabetic (two letters or more) or an IDNA `xn--` label. So
//! `a:b` (a ratio), `10:30` (a time), `foo` (one label) and `1.5` (a number)
//! are refused. A port must be 1 to 5 digits, at most 65535.
//!
//! ```
//! use urikit::extract::complete;
//!
//! assert_eq!(complete("www.w3.org/Addressing/")?.as_str(), "http://www.w3.org/Addressing/");
//! assert_eq!(complete("ftp.example.org/pub")?.as_str(), "ftp://ftp.example.org/pub");
//! assert_eq!(complete("localhost:8080/x")?.as_str(), "http://localhost:8080/x");
//! assert_eq!(complete("user@example.com")?.as_str(), "mailto:user@example.com");
//! assert!(complete("10:30").is_err());
//! # Ok::<_, urikit::extract::AbbreviationError>(())
//! ```

use alloc::string::String;
use core::fmt;

use crate::scheme::SchemeRegistry;
use crate::table::{ALPHA, DIGIT, SCHEME, URI_CHAR};
use crate::{ParseErrorKind, UriBuf};

/// How [`complete`] made a URI of its input.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Rule {
    /// The input was a URI already (a known scheme, or `scheme://`).
    Absolute,
    /// `local@domain`: `mailto:` was added.
    Mailto,
    /// A host whose first label is `ftp`: `ftp://` was added.
    Ftp,
    /// Any other host: `http://` was added.
    Http,
}

impl Rule {
    /// The stable snake_case name of the rule, as the CLI prints it.
    pub const fn name(self) -> &'static str {
        match self {
            Rule::Absolute => "absolute",
            Rule::Mailto => "mailto",
            Rule::Ftp => "ftp",
            Rule::Http => "http",
        }
    }
}

/// A completed abbreviated URI and the rule that completed it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Completion {
    uri: UriBuf,
    rule: Rule,
}

impl Completion {
    /// The full URI.
    pub fn uri(&self) -> &UriBuf {
        &self.uri
    }
    /// The full URI as a string.
    pub fn as_str(&self) -> &str {
        self.uri.as_str()
    }
    /// Which rule completed it.
    pub fn rule(&self) -> Rule {
        self.rule
    }
    /// The full URI, owned.
    pub fn into_uri(self) -> UriBuf {
        self.uri
    }
}

/// Why a string could not be completed into a URI, and where.
///
/// `index` is the byte offset, in the input, of the first byte that spoils it
/// (the input's length when it ends too early).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct AbbreviationError {
    index: usize,
    kind: AbbreviationErrorKind,
}

/// What kind of problem an [`AbbreviationError`] reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum AbbreviationErrorKind {
    /// The input is empty.
    Empty,
    /// A byte that no URI holds (whitespace, `"`, `<`, non-ASCII...).
    UnexpectedChar,
    /// The host is missing or is not a host name, IPv4 address or IP literal.
    InvalidHost,
    /// The host is a single label (`foo`) and not `localhost`.
    SingleLabel,
    /// The host's last label is not alphabetic (`1.5`, `example.c0m`).
    InvalidTopLabel,
    /// The port is empty, not decimal, or above 65535.
    InvalidPort,
    /// The completed string is not a URI (the kind says why).
    InvalidUri(ParseErrorKind),
}

impl AbbreviationErrorKind {
    /// The stable snake_case name of the kind, as the CLI prints it.
    pub const fn name(self) -> &'static str {
        match self {
            AbbreviationErrorKind::Empty => "empty",
            AbbreviationErrorKind::UnexpectedChar => "unexpected_char",
            AbbreviationErrorKind::InvalidHost => "invalid_host",
            AbbreviationErrorKind::SingleLabel => "single_label_host",
            AbbreviationErrorKind::InvalidTopLabel => "invalid_top_label",
            AbbreviationErrorKind::InvalidPort => "invalid_port",
            AbbreviationErrorKind::InvalidUri(k) => k.name(),
        }
    }

    /// What was expected at the error's index.
    pub const fn expected(self) -> &'static str {
        match self {
            AbbreviationErrorKind::Empty => "a host name, optionally with a port and a path",
            AbbreviationErrorKind::UnexpectedChar => {
                "a URI character (ASCII, no space, quote or angle bracket)"
            }
            AbbreviationErrorKind::InvalidHost => {
                "a host: a DNS name, an IPv4 address, an [IPv6] literal or localhost"
            }
            AbbreviationErrorKind::SingleLabel => {
                "a host name with a dot (example.com), or localhost"
            }
            AbbreviationErrorKind::InvalidTopLabel => {
                "a top-level label of letters (com, org) or an xn-- label"
            }
            AbbreviationErrorKind::InvalidPort => "a port of 1 to 5 digits, at most 65535",
            AbbreviationErrorKind::InvalidUri(k) => k.expected(),
        }
    }
}

impl AbbreviationError {
    const fn new(index: usize, kind: AbbreviationErrorKind) -> AbbreviationError {
        AbbreviationError { index, kind }
    }
    /// The byte offset of the problem in the input.
    pub const fn index(&self) -> usize {
        self.index
    }
    /// The kind of problem.
    pub const fn kind(&self) -> AbbreviationErrorKind {
        self.kind
    }
}

impl fmt::Display for AbbreviationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "at byte {}: expected {}",
            self.index,
            self.kind.expected()
        )
    }
}

#[cfg(feature = "std")]
impl std::error::Error for AbbreviationError {}

/// Completes an abbreviated URI with [`super::text_schemes`] as the known
/// schemes (see the [module docs](self) for the rules).
///
/// # Errors
/// When the input is neither a URI nor a completable abbreviation: the
/// error's index points at the byte that spoils it.
///
/// # Example
/// ```
/// use urikit::extract::{complete, Rule};
///
/// let c = complete("ftp.example.org/pub")?;
/// assert_eq!((c.as_str(), c.rule()), ("ftp://ftp.example.org/pub", Rule::Ftp));
/// assert_eq!(complete("https://example.com/")?.rule(), Rule::Absolute);
/// assert_eq!(complete("a:b").unwrap_err().index(), 2);
/// # Ok::<_, urikit::extract::AbbreviationError>(())
/// ```
pub fn complete(input: &str) -> Result<Completion, AbbreviationError> {
    complete_with(input, &super::text_schemes())
}

/// [`complete`] with the caller's scheme registry for rule 1.
///
/// # Errors
/// As [`complete`].
pub fn complete_with(
    input: &str,
    schemes: &SchemeRegistry,
) -> Result<Completion, AbbreviationError> {
    use AbbreviationErrorKind as K;
    let b = input.as_bytes();
    if b.is_empty() {
        return Err(AbbreviationError::new(0, K::Empty));
    }
    if let Some(i) = b.iter().position(|&c| !URI_CHAR.contains(c)) {
        return Err(AbbreviationError::new(i, K::UnexpectedChar));
    }
    // Rule 1: a URI already.
    if let Some(colon) = scheme_end(b) {
        let scheme = &input[..colon];
        if schemes.get(scheme).is_some() || b[colon + 1..].starts_with(b"//") {
            return finish(String::from(input), 0, Rule::Absolute);
        }
    }
    let auth_end = b
        .iter()
        .position(|&c| matches!(c, b'/' | b'?' | b'#'))
        .unwrap_or(b.len());
    let (host_start, userinfo) = match memchr::memrchr(b'@', &b[..auth_end]) {
        Some(at) => (at + 1, true),
        None => (0, false),
    };
    if userinfo && auth_end == b.len() {
        // Rule 2: local@domain.
        check_host(b, host_start, b.len())?;
        let mut s = String::from("mailto:");
        s.push_str(input);
        return finish(s, 7, Rule::Mailto);
    }
    // Rule 3: authority [path]. The port is after the host's last ':', except
    // inside an IP literal.
    let host_end = match b[host_start..auth_end].iter().rposition(|&c| c == b':') {
        Some(k) if !b[host_start + k..auth_end].contains(&b']') => host_start + k,
        _ => auth_end,
    };
    if host_end < auth_end {
        let port = &b[host_end + 1..auth_end];
        let value = port.iter().try_fold(0u32, |v, &d| {
            let digit = d.is_ascii_digit().then(|| u32::from(d - b'0'))?;
            v.checked_mul(10)?.checked_add(digit)
        });
        if port.is_empty() || port.len() > 5 || value.map_or(true, |v| v > 65535) {
            return Err(AbbreviationError::new(host_end + 1, K::InvalidPort));
        }
    }
    let first_label = check_host(b, host_start, host_end)?;
    let (prefix, rule) = if first_label.eq_ignore_ascii_case(b"ftp") {
        ("ftp://", Rule::Ftp)
    } else {
        ("http://", Rule::Http)
    };
    let mut s = String::with_capacity(prefix.len() + input.len());
    s.push_str(prefix);
    s.push_str(input);
    finish(s, prefix.len(), rule)
}

/// The index of the `:` ending a syntactically valid scheme at the start.
fn scheme_end(b: &[u8]) -> Option<usize> {
    if !ALPHA.contains(*b.first()?) {
        return None;
    }
    let n = b.iter().position(|&c| !SCHEME.contains(c))?;
    (b[n] == b':').then_some(n)
}

/// Parses the completed string; a parse error's index is mapped back into the
/// input by removing the `added` prefix length.
fn finish(s: String, added: usize, rule: Rule) -> Result<Completion, AbbreviationError> {
    match UriBuf::parse(s) {
        Ok(uri) => Ok(Completion { uri, rule }),
        Err((e, _)) => Err(AbbreviationError::new(
            e.index().saturating_sub(added),
            AbbreviationErrorKind::InvalidUri(e.kind()),
        )),
    }
}

/// Checks that `b[start..end]` is a host as the module docs describe; returns
/// its first label (the whole host for IP addresses and literals).
fn check_host(b: &[u8], start: usize, end: usize) -> Result<&[u8], AbbreviationError> {
    use AbbreviationErrorKind as K;
    let host = &b[start..end];
    let err = |i: usize, k| Err(AbbreviationError::new(start + i, k));
    if host.is_empty() {
        return err(0, K::InvalidHost);
    }
    if host[0] == b'[' {
        // An IP literal: the URI parser checks its content.
        return match host.last() {
            Some(b']') if host.len() > 2 => Ok(host),
            _ => err(host.len(), K::InvalidHost),
        };
    }
    if host.eq_ignore_ascii_case(b"localhost") {
        return Ok(host);
    }
    if host.len() > 253 {
        return err(253, K::InvalidHost);
    }
    let mut label_start = 0;
    let mut labels = 0;
    let mut all_digits_and_dots = true;
    for i in 0..=host.len() {
        let c = host.get(i).copied();
        if c.is_none() || c == Some(b'.') {
            let label = &host[label_start..i];
            if label.is_empty() || label.len() > 63 {
                return err(i, K::InvalidHost);
            }
            if label[0] == b'-' {
                return err(label_start, K::InvalidHost);
            }
            if label[label.len() - 1] == b'-' {
                return err(i - 1, K::InvalidHost);
            }
            labels += 1;
            label_start = i + 1;
            continue;
        }
        let c = c.unwrap_or(b'.');
        if !(ALPHA.contains(c) || DIGIT.contains(c) || c == b'-') {
            return err(i, K::InvalidHost);
        }
        all_digits_and_dots &= DIGIT.contains(c);
    }
    if all_digits_and_dots && labels == 4 {
        return if host
            .split(|&c| c == b'.')
            .all(|l| l.len() <= 3 && dec_octet(l))
        {
            Ok(host)
        } else {
            err(0, K::InvalidHost)
        };
    }
    if labels < 2 {
        return err(host.len(), K::SingleLabel);
    }
    let top_start = host.iter().rposition(|&c| c == b'.').map_or(0, |k| k + 1);
    let top = &host[top_start..];
    let alphabetic = top.len() >= 2 && top.iter().all(|&c| ALPHA.contains(c));
    let idna = top.len() > 4 && top[..4].eq_ignore_ascii_case(b"xn--");
    if !(alphabetic || idna) {
        return err(top_start, K::InvalidTopLabel);
    }
    let first_end = host.iter().position(|&c| c == b'.').unwrap_or(host.len());
    Ok(&host[..first_end])
}

/// Whether decimal digits `l` are at most 255 without a leading zero.
fn dec_octet(l: &[u8]) -> bool {
    let v = l.iter().fold(0u32, |v, &d| v * 10 + u32::from(d - b'0'));
    v <= 255 && (l.len() == 1 || l[0] != b'0')
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ok(input: &str) -> (String, Rule) {
        let c = complete(input).unwrap_or_else(|e| panic!("{input}: {e}"));
        (String::from(c.as_str()), c.rule())
    }

    fn refused(input: &str) -> (usize, &'static str) {
        let e = complete(input).expect_err(input);
        (e.index(), e.kind().name())
    }

    #[test]
    fn the_issue_examples_complete() {
        assert_eq!(
            ok("www.w3.org/Addressing/"),
            ("http://www.w3.org/Addressing/".into(), Rule::Http)
        );
        assert_eq!(
            ok("ftp.example.org/pub"),
            ("ftp://ftp.example.org/pub".into(), Rule::Ftp)
        );
        assert_eq!(ok("example.com"), ("http://example.com".into(), Rule::Http));
        assert_eq!(
            ok("localhost:8080/x"),
            ("http://localhost:8080/x".into(), Rule::Http)
        );
        assert_eq!(
            ok("user@example.com"),
            ("mailto:user@example.com".into(), Rule::Mailto)
        );
    }

    #[test]
    fn other_forms() {
        assert_eq!(
            ok("WWW.Example.COM?q=1#f").0,
            "http://WWW.Example.COM?q=1#f"
        );
        assert_eq!(ok("192.0.2.1:81/a").0, "http://192.0.2.1:81/a");
        assert_eq!(ok("[2001:db8::1]:8080/").0, "http://[2001:db8::1]:8080/");
        assert_eq!(
            ok("bob@ftp.example.org/pub").0,
            "ftp://bob@ftp.example.org/pub"
        );
        assert_eq!(
            ok("xn--bcher-kva.example.xn--p1ai").0,
            "http://xn--bcher-kva.example.xn--p1ai"
        );
        assert_eq!(ok("http://example.com/").1, Rule::Absolute);
        assert_eq!(ok("mailto:a@b.example").1, Rule::Absolute);
        assert_eq!(ok("foo://x").1, Rule::Absolute);
    }

    #[test]
    fn refusals() {
        assert_eq!(refused(""), (0, "empty"));
        assert_eq!(refused("a:b"), (2, "invalid_port"));
        assert_eq!(refused("10:30"), (2, "single_label_host"));
        assert_eq!(refused("foo"), (3, "single_label_host"));
        assert_eq!(refused("1.5"), (2, "invalid_top_label"));
        assert_eq!(refused("example.c0m"), (8, "invalid_top_label"));
        assert_eq!(refused("exa mple.com"), (3, "unexpected_char"));
        assert_eq!(refused("example..com"), (8, "invalid_host"));
        assert_eq!(refused("-a.com"), (0, "invalid_host"));
        assert_eq!(refused("a_b.com"), (1, "invalid_host"));
        assert_eq!(refused("example.com:99999"), (12, "invalid_port"));
        assert_eq!(refused("example.com:"), (12, "invalid_port"));
        assert_eq!(
            refused(&format!("example.com:{}", "9".repeat(1000))),
            (12, "invalid_port")
        );
        assert_eq!(ok("example.com:00080/").0, "http://example.com:00080/");
        assert_eq!(refused("256.1.1.1"), (0, "invalid_host"));
        assert_eq!(refused("/just/a/path"), (0, "invalid_host"));
        assert_eq!(refused("example.com/a%zz").1, "invalid_percent_encoding");
        assert_eq!(refused("example.com/a%zz").0, 13);
        assert_eq!(refused("ünïcode.example").1, "unexpected_char");
    }
}
