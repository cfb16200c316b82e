//! The basic URL parser (URL Standard section 4.4), written as structured
//! code rather than a loop over states: each function below is one state or
//! a run of states the input goes through in order, named after them. The
//! serialization is written as the input is read, into one `String`, and
//! the component offsets are recorded on the way: parsing a URL is one pass
//! and one copy of its bytes (plus what percent-encoding adds).
//!
//! The standard's pointer arithmetic ("decrease pointer by 1") becomes
//! ordinary positions: a state that hands the current code point to the
//! next state passes its position on.

use alloc::string::String;
use alloc::vec::Vec;

use super::code_point::{
    is_drive_letter, is_url_code_point, starts_with_drive_letter, URL_CODE_POINT_ASCII,
};
use super::error::{ValidationError, ValidationErrorKind as K};
use super::host::{self, Host, HostKind, Report};
use super::url::Url;
use super::EncodeSet;
use crate::table;

/// The scheme, as far as the parser cares: the special ones, and the rest.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Scheme {
    Http,
    Https,
    Ws,
    Wss,
    Ftp,
    File,
    Other,
}

impl Scheme {
    /// The scheme of a lowercase scheme name.
    pub(crate) fn of(lower: &str) -> Scheme {
        match lower {
            "http" => Scheme::Http,
            "https" => Scheme::Https,
            "ws" => Scheme::Ws,
            "wss" => Scheme::Wss,
            "ftp" => Scheme::Ftp,
            "file" => Scheme::File,
            _ => Scheme::Other,
        }
    }

    /// The scheme of a scheme name in any case.
    pub(crate) fn of_any_case(name: &str) -> Scheme {
        let is = |s: &str| name.eq_ignore_ascii_case(s);
        match name.len() {
            2 if is("ws") => Scheme::Ws,
            3 if is("wss") => Scheme::Wss,
            3 if is("ftp") => Scheme::Ftp,
            4 if is("http") => Scheme::Http,
            4 if is("file") => Scheme::File,
            5 if is("https") => Scheme::Https,
            _ => Scheme::Other,
        }
    }

    pub(crate) const fn is_special(self) -> bool {
        !matches!(self, Scheme::Other)
    }

    /// The special scheme's default port.
    pub(crate) const fn default_port(self) -> Option<u16> {
        match self {
            Scheme::Http | Scheme::Ws => Some(80),
            Scheme::Https | Scheme::Wss => Some(443),
            Scheme::Ftp => Some(21),
            Scheme::File | Scheme::Other => None,
        }
    }
}

/// The length of the scheme at the start of `b`, if `b` starts with
/// `ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ) ":"` (the index of the `:`).
pub(crate) fn scheme_len(b: &[u8]) -> Option<usize> {
    if !b.first()?.is_ascii_alphabetic() {
        return None;
    }
    let n = 1 + b[1..]
        .iter()
        .take_while(|&&c| table::SCHEME.contains(c))
        .count();
    (b.get(n) == Some(&b':')).then_some(n)
}

/// Whether `c` is `/`, or `\` in a special URL.
#[inline]
fn is_slash(c: Option<&u8>, special: bool) -> bool {
    matches!(c, Some(b'/')) || (special && matches!(c, Some(b'\\')))
}

/// The input after preprocessing, and how to find an index of it in the
/// input as given.
struct Cleaned<'a> {
    text: alloc::borrow::Cow<'a, str>,
    trim_start: usize,
    /// For each tab or newline removed, the index in `text` where it was.
    removed: Vec<usize>,
}

impl Cleaned<'_> {
    fn original(&self, e: ValidationError) -> ValidationError {
        let k = e.index();
        let before = self.removed.partition_point(|&r| r <= k);
        ValidationError::new(self.trim_start + k + before, e.kind())
    }
}

/// Strips leading and trailing C0 controls and spaces and removes tabs and
/// newlines (the parser's first steps), reporting each.
fn clean<'a>(input: &'a str, report: &mut Option<Report<'_>>) -> Cleaned<'a> {
    let b = input.as_bytes();
    let start = b.iter().take_while(|&&c| c <= b' ').count();
    let end = b.len() - b[start..].iter().rev().take_while(|&&c| c <= b' ').count();
    if let Some(r) = report.as_mut() {
        if start > 0 {
            r(ValidationError::new(0, K::InvalidUrlUnit));
        }
        if end < b.len() {
            r(ValidationError::new(end, K::InvalidUrlUnit));
        }
    }
    let trimmed = &input[start..end];
    let mut removed = Vec::new();
    let text = if trimmed.bytes().any(|c| matches!(c, b'\t' | b'\n' | b'\r')) {
        let mut t = String::with_capacity(trimmed.len());
        for (i, c) in trimmed.char_indices() {
            if matches!(c, '\t' | '\n' | '\r') {
                if let Some(r) = report.as_mut() {
                    r(ValidationError::new(start + i, K::InvalidUrlUnit));
                }
                removed.push(t.len());
            } else {
                t.push(c);
            }
        }
        alloc::borrow::Cow::Owned(t)
    } else {
        alloc::borrow::Cow::Borrowed(trimmed)
    };
    Cleaned {
        text,
        trim_start: start,
        removed,
    }
}

/// The basic URL parser, without state override.
pub(crate) fn parse(input: &str, base: Option<&Url>, report: Option<Report<'_>>) -> Result<Url> {
    if report.is_none() {
        if let Some(url) = super::fast::parse(input) {
            return Ok(url);
        }
    }
    parse_full(input, base, report)
}

/// The basic URL parser, without the fast path.
pub(crate) fn parse_full(
    input: &str,
    base: Option<&Url>,
    mut report: Option<Report<'_>>,
) -> Result<Url> {
    let cleaned = clean(input, &mut report);
    let result = match report {
        None => Parser::new(&cleaned.text, None).run(base),
        Some(r) => {
            let mut relay = |e: ValidationError| r(cleaned.original(e));
            Parser::new(&cleaned.text, Some(&mut relay)).run(base)
        }
    };
    result.map_err(|e| cleaned.original(e))
}

/// The parser's state: the (preprocessed) input and the URL being written.
pub(crate) struct Parser<'i, 'r> {
    pub(crate) inp: &'i str,
    report: Option<Report<'r>>,
    pub(crate) url: Url,
}

type Result<T = ()> = core::result::Result<T, ValidationError>;

impl<'i, 'r> Parser<'i, 'r> {
    pub(crate) fn new(inp: &'i str, report: Option<Report<'r>>) -> Parser<'i, 'r> {
        Parser {
            inp,
            report,
            url: Url {
                s: String::with_capacity(inp.len() + 8),
                scheme: Scheme::Other,
                scheme_end: 0,
                username_end: 0,
                host_start: 0,
                host_end: 0,
                host: None,
                port: None,
                path_start: 0,
                query_start: None,
                fragment_start: None,
            },
        }
    }

    #[inline]
    fn at(&self, i: usize) -> Option<&u8> {
        self.inp.as_bytes().get(i)
    }

    #[inline]
    fn violation(&mut self, i: usize, kind: K) {
        if let Some(r) = self.report.as_mut() {
            r(ValidationError::new(i, kind));
        }
    }

    fn run(mut self, base: Option<&Url>) -> Result<Url> {
        let b = self.inp.as_bytes();
        let Some(colon) = scheme_len(b) else {
            return self.no_scheme(base).map(|()| self.url);
        };
        // scheme state
        for &c in &b[..colon] {
            self.url.s.push(c.to_ascii_lowercase() as char);
        }
        self.url.scheme = Scheme::of(&self.url.s);
        self.url.scheme_end = colon;
        self.url.s.push(':');
        let rest = colon + 1;
        let scheme = self.url.scheme;
        if scheme == Scheme::File {
            if !b[rest..].starts_with(b"//") {
                self.violation(rest, K::SpecialSchemeMissingFollowingSolidus);
            }
            let base = base.filter(|u| u.scheme == Scheme::File);
            self.file(rest, base)?;
        } else if scheme.is_special() {
            match base.filter(|u| u.scheme() == self.url.scheme()) {
                // special relative or authority state
                Some(base) if !b[rest..].starts_with(b"//") => {
                    self.violation(rest, K::SpecialSchemeMissingFollowingSolidus);
                    self.relative(rest, base)?;
                }
                _ => {
                    // special authority slashes state
                    let mut p = rest;
                    if b[p..].starts_with(b"//") {
                        p += 2;
                    } else {
                        self.violation(p, K::SpecialSchemeMissingFollowingSolidus);
                    }
                    p = self.ignore_slashes(p);
                    self.authority(p)?;
                }
            }
        } else if b[rest..].starts_with(b"//") {
            // path or authority state
            self.authority(rest + 2)?;
        } else if b.get(rest) == Some(&b'/') {
            self.url.username_end = self.url.s.len();
            self.url.host_start = self.url.s.len();
            self.url.host_end = self.url.s.len();
            self.url.path_start = self.url.s.len();
            let q = self.path(rest + 1, false);
            self.after_path(q);
        } else {
            self.url.username_end = self.url.s.len();
            self.url.host_start = self.url.s.len();
            self.url.host_end = self.url.s.len();
            self.opaque_path(rest);
        }
        Ok(self.url)
    }

    /// The special authority ignore slashes state: skips `/` and `\`.
    fn ignore_slashes(&mut self, mut p: usize) -> usize {
        while let Some(&c) = self.at(p) {
            if c != b'/' && c != b'\\' {
                break;
            }
            self.violation(p, K::SpecialSchemeMissingFollowingSolidus);
            p += 1;
        }
        p
    }

    /// The no scheme state: a relative reference, read against `base`.
    fn no_scheme(&mut self, base: Option<&Url>) -> Result {
        let Some(base) = base else {
            return Err(ValidationError::new(0, K::MissingSchemeNonRelativeUrl));
        };
        if base.has_opaque_path() {
            if self.at(0) != Some(&b'#') {
                return Err(ValidationError::new(0, K::MissingSchemeNonRelativeUrl));
            }
            self.copy_base(base, base.fragment_start.unwrap_or(base.s.len()));
            self.url.query_start = base.query_start;
            self.fragment(1);
            return Ok(());
        }
        if base.scheme == Scheme::File {
            self.url.s.push_str("file:");
            self.url.scheme = Scheme::File;
            self.url.scheme_end = 4;
            return self.file(0, Some(base));
        }
        self.relative(0, base)
    }

    /// Makes the URL `base`'s serialization up to `end` (an end of
    /// component), with its offsets.
    fn copy_base(&mut self, base: &Url, end: usize) {
        self.url.s.clear();
        self.url.s.push_str(&base.s[..end]);
        self.url.scheme = base.scheme;
        self.url.scheme_end = base.scheme_end;
        self.url.username_end = base.username_end;
        self.url.host_start = base.host_start;
        self.url.host_end = base.host_end;
        self.url.host = base.host;
        self.url.port = base.port;
        self.url.path_start = base.path_start.min(end);
    }

    /// Copies `base` up to its path (scheme and authority), then its path.
    fn copy_base_path(&mut self, base: &Url) {
        self.copy_base(base, base.authority_end());
        self.url.path_start = self.url.s.len();
        self.url.s.push_str(base.pathname());
    }

    /// The relative state (and relative slash state): `base` is not `file:`,
    /// the URL takes its scheme.
    fn relative(&mut self, p: usize, base: &Url) -> Result {
        let special = base.scheme.is_special();
        let c = self.at(p).copied();
        if is_slash(c.as_ref(), special) {
            if c == Some(b'\\') {
                self.violation(p, K::InvalidReverseSolidus);
            }
            let c2 = self.at(p + 1);
            if special && matches!(c2, Some(b'/' | b'\\')) {
                self.copy_base(base, base.scheme_end + 1);
                let q = self.ignore_slashes(p + 1);
                return self.authority(q);
            }
            if c2 == Some(&b'/') {
                self.copy_base(base, base.scheme_end + 1);
                return self.authority(p + 2);
            }
            self.copy_base(base, base.authority_end());
            self.url.path_start = self.url.s.len();
            let q = self.path(p + 1, false);
            self.after_path(q);
            return Ok(());
        }
        self.copy_base_path(base);
        if !self.base_query_or_fragment(base, p) {
            self.shorten_path();
            let q = self.path(p, false);
            self.after_path(q);
        }
        Ok(())
    }

    /// After the base's path was copied: a reference that is empty, a query
    /// or a fragment takes the base's query too (unless it has its own).
    /// Returns `false` when the reference has a path of its own instead.
    fn base_query_or_fragment(&mut self, base: &Url, p: usize) -> bool {
        match self.at(p) {
            Some(b'?') => self.after_path(p),
            Some(b'#') | None => {
                self.end_path();
                if let Some(q) = base.query_start {
                    self.url.query_start = Some(self.url.s.len());
                    let end = base.fragment_start.unwrap_or(base.s.len());
                    self.url.s.push_str(&base.s[q..end]);
                }
                if p < self.inp.len() {
                    self.fragment(p + 1);
                }
            }
            Some(_) => return false,
        }
        true
    }

    /// The authority state: `p` is after the slashes; writes `//`, the
    /// credentials, the host and the port, then goes on to the path.
    fn authority(&mut self, p: usize) -> Result {
        let special = self.url.scheme.is_special();
        let b = self.inp.as_bytes();
        let end = p + b[p..]
            .iter()
            .position(|&c| matches!(c, b'/' | b'?' | b'#') || (special && c == b'\\'))
            .unwrap_or(b.len() - p);
        self.url.s.push_str("//");
        // A base's authority copied before (a reference `//host`) is replaced whole.
        self.url.port = None;
        let user_start = self.url.s.len();
        let mut host_from = p;
        if let Some(at) = b[p..end].iter().rposition(|&c| c == b'@') {
            self.violation(p, K::InvalidCredentials);
            let userinfo = &self.inp[p..p + at];
            let (user, password) = match userinfo.find(':') {
                Some(k) => (&userinfo[..k], &userinfo[k + 1..]),
                None => (userinfo, ""),
            };
            self.push_encoded(p, p + user.len(), EncodeSet::Userinfo);
            self.url.username_end = self.url.s.len();
            if !password.is_empty() {
                self.url.s.push(':');
                let from = p + user.len() + 1;
                self.push_encoded(from, p + at, EncodeSet::Userinfo);
            }
            if self.url.s.len() > user_start {
                self.url.s.push('@');
            }
            host_from = p + at + 1;
            if host_from == end {
                return Err(ValidationError::new(host_from, K::HostMissing));
            }
        } else {
            self.url.username_end = user_start;
        }
        self.url.host_start = self.url.s.len();
        // host state
        let mut brackets = false;
        let mut hend = host_from;
        while hend < end {
            match b[hend] {
                b'[' => brackets = true,
                b']' => brackets = false,
                b':' if !brackets => break,
                _ => {}
            }
            hend += 1;
        }
        if hend == host_from && (special || hend < end) {
            return Err(ValidationError::new(host_from, K::HostMissing));
        }
        self.host(host_from, hend)?;
        if hend < end {
            self.port(hend + 1, end, false)?;
        }
        self.path_start(end);
        Ok(())
    }

    /// Host-parses `inp[from..to]` and writes it.
    fn host(&mut self, from: usize, to: usize) -> Result<Host> {
        let special = self.url.scheme.is_special();
        let text = &self.inp[from..to];
        let host = match self.report.as_mut() {
            Some(r) => {
                let mut relay = |e: ValidationError| r(e.shifted(from));
                host::parse_host_reporting(text, special, &mut relay)
            }
            None => host::parse_host_reporting(text, special, &mut |_| {}),
        }
        .map_err(|e| e.shifted(from))?;
        self.write_host(&host);
        Ok(host)
    }

    /// Writes `host` at the end of the serialization, as the URL's host.
    pub(crate) fn write_host(&mut self, host: &Host) {
        self.url.host_start = self.url.s.len();
        host.write(&mut self.url.s);
        self.url.host_end = self.url.s.len();
        self.url.host = Some(host.kind());
    }

    /// The port state over `inp[from..to]`: digits only (with state
    /// override, whatever follows the digits is ignored). Writes `:port`
    /// unless it is empty or the scheme's default.
    pub(crate) fn port(&mut self, from: usize, to: usize, state_override: bool) -> Result {
        let b = self.inp.as_bytes();
        let digits = b[from..to]
            .iter()
            .take_while(|c| c.is_ascii_digit())
            .count();
        if from + digits < to && !state_override {
            return Err(ValidationError::new(from + digits, K::PortInvalid));
        }
        if digits == 0 {
            return if state_override {
                Err(ValidationError::new(from, K::PortInvalid))
            } else {
                Ok(())
            };
        }
        let mut value: u32 = 0;
        for &c in &b[from..from + digits] {
            value = (value * 10 + u32::from(c - b'0')).min(1 << 16);
        }
        let Ok(port) = u16::try_from(value) else {
            return Err(ValidationError::new(from, K::PortOutOfRange));
        };
        if Some(port) != self.url.scheme.default_port() {
            self.url.s.push(':');
            let mut buf = [0u8; 5];
            self.url.s.push_str(format_u16(port, &mut buf));
            self.url.port = Some(port);
        } else {
            self.url.port = None;
        }
        Ok(())
    }

    /// The path start state, after an authority.
    fn path_start(&mut self, p: usize) {
        self.url.path_start = self.url.s.len();
        let c = self.at(p).copied();
        if self.url.scheme.is_special() {
            let mut from = p;
            if c == Some(b'\\') {
                self.violation(p, K::InvalidReverseSolidus);
            }
            if matches!(c, Some(b'/' | b'\\')) {
                from += 1;
            }
            let q = self.path(from, false);
            self.after_path(q);
            return;
        }
        match c {
            Some(b'?' | b'#') | None => self.after_path(p),
            Some(b'/') => {
                let q = self.path(p + 1, false);
                self.after_path(q);
            }
            Some(_) => {
                let q = self.path(p, false);
                self.after_path(q);
            }
        }
    }

    /// The path state: appends segments from `p` until `?`, `#` (unless
    /// `state_override`) or the end, resolving dot segments. Returns where it
    /// stopped.
    pub(crate) fn path(&mut self, mut p: usize, state_override: bool) -> usize {
        let special = self.url.scheme.is_special();
        let b = self.inp.as_bytes();
        loop {
            let seg = self.url.s.len();
            self.url.s.push('/');
            let q = p + b[p..]
                .iter()
                .position(|&c| {
                    c == b'/'
                        || (special && c == b'\\')
                        || (!state_override && (c == b'?' || c == b'#'))
                })
                .unwrap_or(b.len() - p);
            self.push_encoded(p, q, EncodeSet::Path);
            let at_slash = is_slash(b.get(q), special);
            if b.get(q) == Some(&b'\\') && special {
                self.violation(q, K::InvalidReverseSolidus);
            }
            let written = &self.url.s.as_bytes()[seg + 1..];
            if is_double_dot(written) {
                self.url.s.truncate(seg);
                self.shorten_path();
                if !at_slash {
                    self.url.s.push('/');
                }
            } else if is_single_dot(written) {
                self.url.s.truncate(seg);
                if !at_slash {
                    self.url.s.push('/');
                }
            } else if self.url.scheme == Scheme::File
                && seg == self.url.path_start
                && is_drive_letter(written, false)
            {
                // Windows drive letter quirk: `C|` becomes `C:`.
                self.url.s.truncate(seg + 2);
                self.url.s.push(':');
            }
            if !at_slash {
                return q;
            }
            p = q + 1;
        }
    }

    /// Shorten a URL's path: drop its last segment, unless it is a `file:`
    /// URL's only segment and a normalized Windows drive letter.
    fn shorten_path(&mut self) {
        let path = &self.url.s.as_bytes()[self.url.path_start..];
        if self.url.scheme == Scheme::File && path.len() == 3 && is_drive_letter(&path[1..], true) {
            return;
        }
        if let Some(k) = path.iter().rposition(|&c| c == b'/') {
            self.url.s.truncate(self.url.path_start + k);
        }
    }

    /// Once the path is written: a URL without host whose path starts with
    /// an empty segment gets `/.` before it (so that `//` does not read as
    /// an authority); then the query and fragment at `q`, if any.
    fn after_path(&mut self, q: usize) {
        self.end_path();
        match self.at(q) {
            Some(b'?') => self.query(q + 1),
            Some(b'#') => self.fragment(q + 1),
            _ => {}
        }
    }

    fn end_path(&mut self) {
        if self.url.host.is_none() && self.url.s[self.url.path_start..].starts_with("//") {
            self.url.s.insert_str(self.url.path_start, "/.");
            self.url.path_start += 2;
        }
    }

    /// The opaque path state.
    fn opaque_path(&mut self, p: usize) {
        self.url.path_start = self.url.s.len();
        let b = self.inp.as_bytes();
        let q = p + b[p..]
            .iter()
            .position(|&c| c == b'?' || c == b'#')
            .unwrap_or(b.len() - p);
        self.push_encoded(p, q, EncodeSet::C0Control);
        self.after_path(q);
    }

    /// The query state: from `p` to `#` or the end.
    fn query(&mut self, p: usize) {
        self.url.query_start = Some(self.url.s.len());
        self.url.s.push('?');
        let b = self.inp.as_bytes();
        let q = p + b[p..]
            .iter()
            .position(|&c| c == b'#')
            .unwrap_or(b.len() - p);
        self.push_encoded(p, q, EncodeSet::query(self.url.scheme.is_special()));
        if q < b.len() {
            self.fragment(q + 1);
        }
    }

    /// The fragment state: from `p` to the end.
    fn fragment(&mut self, p: usize) {
        self.url.fragment_start = Some(self.url.s.len());
        self.url.s.push('#');
        self.push_encoded(p, self.inp.len(), EncodeSet::Fragment);
    }

    /// The file state: `p` is after `file:` (or at the start of a relative
    /// reference against a `file:` base).
    fn file(&mut self, p: usize, base: Option<&Url>) -> Result {
        let c = self.at(p).copied();
        if matches!(c, Some(b'/' | b'\\')) {
            if c == Some(b'\\') {
                self.violation(p, K::InvalidReverseSolidus);
            }
            // file slash state
            let c2 = self.at(p + 1).copied();
            if matches!(c2, Some(b'/' | b'\\')) {
                if c2 == Some(b'\\') {
                    self.violation(p + 1, K::InvalidReverseSolidus);
                }
                return self.file_host(p + 2);
            }
            self.url.s.push_str("//");
            self.url.username_end = self.url.s.len();
            match base {
                Some(base) => self.write_host_text(base.hostname(), base.host),
                None => self.write_host_text("", Some(HostKind::Empty)),
            }
            self.url.path_start = self.url.s.len();
            if let Some(base) = base {
                // The base's first segment, if it is a normalized drive letter.
                let first = base
                    .pathname()
                    .get(1..)
                    .unwrap_or_default()
                    .split('/')
                    .next()
                    .unwrap_or_default();
                if !starts_with_drive_letter(&self.inp.as_bytes()[p + 1..])
                    && is_drive_letter(first.as_bytes(), true)
                {
                    self.url.s.push('/');
                    self.url.s.push_str(first);
                }
            }
            let q = self.path(p + 1, false);
            self.after_path(q);
            return Ok(());
        }
        let Some(base) = base else {
            self.url.s.push_str("//");
            self.url.username_end = self.url.s.len();
            self.write_host_text("", Some(HostKind::Empty));
            self.url.path_start = self.url.s.len();
            let q = self.path(p, false);
            self.after_path(q);
            return Ok(());
        };
        self.copy_base_path(base);
        if !self.base_query_or_fragment(base, p) {
            if starts_with_drive_letter(&self.inp.as_bytes()[p..]) {
                self.violation(p, K::FileInvalidWindowsDriveLetter);
                self.url.s.truncate(self.url.path_start);
            } else {
                self.shorten_path();
            }
            let q = self.path(p, false);
            self.after_path(q);
        }
        Ok(())
    }

    /// Writes `text` (an already serialized host) as the URL's host.
    fn write_host_text(&mut self, text: &str, kind: Option<HostKind>) {
        self.url.host_start = self.url.s.len();
        self.url.s.push_str(text);
        self.url.host_end = self.url.s.len();
        self.url.host = kind;
    }

    /// The file host state, after `file://`.
    fn file_host(&mut self, p: usize) -> Result {
        let b = self.inp.as_bytes();
        let q = p + b[p..]
            .iter()
            .position(|&c| matches!(c, b'/' | b'\\' | b'?' | b'#'))
            .unwrap_or(b.len() - p);
        self.url.s.push_str("//");
        self.url.username_end = self.url.s.len();
        if is_drive_letter(&b[p..q], false) {
            self.violation(p, K::FileInvalidWindowsDriveLetterHost);
            self.write_host_text("", Some(HostKind::Empty));
            self.url.path_start = self.url.s.len();
            let q = self.path(p, false);
            self.after_path(q);
            return Ok(());
        }
        self.file_host_value(p, q)?;
        self.path_start(q);
        Ok(())
    }

    /// The host of a file URL: empty, or host-parsed with `localhost` read
    /// as empty.
    pub(crate) fn file_host_value(&mut self, p: usize, q: usize) -> Result {
        if p == q {
            self.write_host_text("", Some(HostKind::Empty));
            return Ok(());
        }
        let start = self.url.s.len();
        let host = self.host(p, q)?;
        if host == Host::Domain(String::from("localhost")) {
            self.url.s.truncate(start);
            self.write_host_text("", Some(HostKind::Empty));
        }
        Ok(())
    }

    /// Appends `inp[from..to]`, UTF-8 percent-encoded with `set`, reporting
    /// code points that are not URL code points and `%` not followed by two
    /// hex digits (`invalid-URL-unit`).
    pub(crate) fn push_encoded(&mut self, from: usize, to: usize, set: EncodeSet) {
        let keep = set.keep();
        let text = &self.inp[from..to];
        let b = text.as_bytes();
        if self.report.is_some() {
            for (i, c) in text.char_indices() {
                let bad = match c {
                    '%' => crate::pct::triplet_at(b, i).is_none(),
                    c if c.is_ascii() => !URL_CODE_POINT_ASCII.contains(c as u8),
                    c => !is_url_code_point(c),
                };
                if bad {
                    self.violation(from + i, K::InvalidUrlUnit);
                }
            }
        }
        // Runs of kept bytes are copied whole.
        let out = &mut self.url.s;
        let mut run = 0;
        for (i, &c) in b.iter().enumerate() {
            if !keep.contains(c) {
                // A run of kept bytes is ASCII, so it starts and ends on char boundaries.
                if run < i {
                    out.push_str(&text[run..i]);
                }
                crate::pct::push_encoded(out, &b[i..=i], &keep);
                run = i + 1;
            }
        }
        if run < b.len() {
            out.push_str(&text[run..]);
        }
    }
}

/// `..`, `.%2e`, `%2e.` or `%2e%2e` (any case).
pub(crate) fn is_double_dot(s: &[u8]) -> bool {
    match s.len() {
        2 => s == b"..",
        4 => s.eq_ignore_ascii_case(b".%2e") || s.eq_ignore_ascii_case(b"%2e."),
        6 => s.eq_ignore_ascii_case(b"%2e%2e"),
        _ => false,
    }
}

/// `.` or `%2e` (any case).
pub(crate) fn is_single_dot(s: &[u8]) -> bool {
    s == b"." || s.eq_ignore_ascii_case(b"%2e")
}

/// `n` in decimal.
pub(crate) fn format_u16(n: u16, buf: &mut [u8; 5]) -> &str {
    let mut i = buf.len();
    let mut n = n;
    loop {
        i -= 1;
        buf[i] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    core::str::from_utf8(&buf[i..]).unwrap_or_default()
}
