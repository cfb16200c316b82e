//! urlcanon's URL model: [`ParsedUrl`].

use alloc::borrow::Cow;
use alloc::vec::Vec;
use core::net::Ipv6Addr;

use crate::whatwg::host::{parse_ipv4 as parse_whatwg_ipv4, parse_ipv6};

/// urlcanon's URL model: a parser that accepts every input and keeps every
/// byte, leading and trailing junk included, so that the pieces written back
/// in order give the input again ([`ParsedUrl::to_bytes`]).
///
/// The pieces (urlcanon's `ParsedUrl`, Python and Java):
///
/// ```text
/// leading_junk scheme ":" slashes username ":" password "@" host ":" port
///     path "?" query "#" fragment trailing_junk
/// ```
///
/// - Leading and trailing junk: C0 controls and spaces (`%x00-20`).
/// - A scheme is `ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )` (RFC 3986) with
///   tabs and newlines allowed inside (they are removed later), followed by
///   `:`. urlcanon takes any run without `:` after a letter (`a b/c?d:` is
///   its scheme `a b/c?d`); we take RFC 3986's rule, which the `surt`
///   package also uses.
/// - The query starts at the first `?`, the fragment at the first `#` after it.
/// - What lies between the scheme and the query is read by the scheme's kind
///   (the scheme without tabs and newlines, lowercased):
///   - special schemes (`ftp`, `gopher`, `http`, `https`, `ws`, `wss`): any
///     run of `/`, `\`, tabs and newlines, then the authority up to the next
///     `/` or `\`, then the path (so `http:a/b` has the host `a`);
///   - `file`: exactly two `/` or `\` (tabs and newlines allowed around them),
///     then the host up to the next `/` or `\` (no userinfo or port), then the
///     path; otherwise all of it is the path;
///   - other schemes: exactly two `/` (tabs and newlines allowed), then the
///     authority up to the next `/`, then the path; otherwise all of it is
///     the path.
/// - In an authority the userinfo ends at the last `@` and the username at
///   its first `:`; the host is a bracketed `[...]` followed by the end or
///   `:`, or else runs to the first `:`; the port is the rest.
/// - A host is read as an IP address ([`ParsedUrl::ip4`], [`ParsedUrl::ip6`])
///   the WHATWG way: `[...]` an IPv6 address, otherwise an IPv4 address in any
///   of the number forms (`0x7f.1`, `2130706433`, one final dot).
///
/// Every field is the text as written (absent pieces are empty, the one-byte
/// delimiters are flags), so that [`to_bytes`](Self::to_bytes) gives the
/// input back.
///
/// # Example
/// ```
/// use urikit::canon::ParsedUrl;
///
/// let u = ParsedUrl::parse(b" http:\\\\user@Example.com:80\\a?q#f\n");
/// assert_eq!(&*u.leading_junk, b" ");
/// assert_eq!((&*u.scheme, &*u.slashes, &*u.username), (&b"http"[..], &b"\\\\"[..], &b"user"[..]));
/// assert_eq!((&*u.host, &*u.port, &*u.path), (&b"Example.com"[..], &b"80"[..], &b"\\a"[..]));
/// assert_eq!(u.to_bytes(), b" http:\\\\user@Example.com:80\\a?q#f\n");
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ParsedUrl<'a> {
    /// C0 controls and spaces before the URL.
    pub leading_junk: Cow<'a, [u8]>,
    /// The scheme, without its `:`.
    pub scheme: Cow<'a, [u8]>,
    /// Whether a `:` follows the scheme.
    pub colon_after_scheme: bool,
    /// The slashes (and backslashes, tabs, newlines) before the authority.
    pub slashes: Cow<'a, [u8]>,
    /// The username.
    pub username: Cow<'a, [u8]>,
    /// Whether a `:` separates a password.
    pub colon_before_password: bool,
    /// The password.
    pub password: Cow<'a, [u8]>,
    /// Whether an `@` ends a userinfo.
    pub at_sign: bool,
    /// The host (with its brackets, for an IP literal).
    pub host: Cow<'a, [u8]>,
    /// The host's value as an IPv4 address, when it reads as one.
    pub ip4: Option<u32>,
    /// The host's value as an IPv6 address, when it is a bracketed one.
    pub ip6: Option<Ipv6Addr>,
    /// Whether a `:` separates a port.
    pub colon_before_port: bool,
    /// The port.
    pub port: Cow<'a, [u8]>,
    /// The path.
    pub path: Cow<'a, [u8]>,
    /// Whether a `?` starts a query.
    pub question_mark: bool,
    /// The query, without its `?`.
    pub query: Cow<'a, [u8]>,
    /// Whether a `#` starts a fragment.
    pub hash_sign: bool,
    /// The fragment, without its `#`.
    pub fragment: Cow<'a, [u8]>,
    /// C0 controls and spaces after the URL.
    pub trailing_junk: Cow<'a, [u8]>,
}

/// The special schemes of the WHATWG URL Standard with their default ports
/// (`file` has none), the schemes whose URLs the parser reads with an
/// authority after any number of slashes.
pub const SPECIAL_SCHEMES: [(&str, Option<&str>); 7] = [
    ("ftp", Some("21")),
    ("gopher", Some("70")),
    ("http", Some("80")),
    ("https", Some("443")),
    ("ws", Some("80")),
    ("wss", Some("443")),
    ("file", None),
];

/// The kind of a scheme, for parsing and for the steps that depend on it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    /// `file`.
    File,
    /// Another special scheme, with its default port.
    Special(&'static str),
    /// Any other scheme, or none.
    Other,
}

/// The kind of `scheme` as written (tabs and newlines ignored, any case).
pub(crate) fn kind_of(scheme: &[u8]) -> Kind {
    // The common case first: a lowercase scheme as written.
    match scheme {
        b"http" => return Kind::Special("80"),
        b"https" => return Kind::Special("443"),
        b"file" => return Kind::File,
        b"ftp" => return Kind::Special("21"),
        b"ws" => return Kind::Special("80"),
        b"wss" => return Kind::Special("443"),
        b"gopher" => return Kind::Special("70"),
        _ if !scheme
            .iter()
            .any(|&c| c.is_ascii_uppercase() || is_tab_or_newline(c)) =>
        {
            return Kind::Other
        }
        _ => {}
    }
    let mut clean = [0u8; 6];
    let mut n = 0;
    for &c in scheme {
        if is_tab_or_newline(c) {
            continue;
        }
        if n == clean.len() {
            return Kind::Other;
        }
        clean[n] = c.to_ascii_lowercase();
        n += 1;
    }
    kind_of(&clean[..n])
}

/// Whether `c` is a tab or a newline (which the WHATWG parser removes anywhere).
pub(crate) const fn is_tab_or_newline(c: u8) -> bool {
    matches!(c, b'\t' | b'\n' | b'\r')
}

/// The bytes of `b` from `i` that are tabs or newlines.
fn skip_tabs(b: &[u8], mut i: usize) -> usize {
    while i < b.len() && is_tab_or_newline(b[i]) {
        i += 1;
    }
    i
}

/// Exactly two slashes (`/`, or `/` and `\` when `backslash`), with tabs and
/// newlines around them: the end of that run, if `b` starts with one.
fn two_slashes(b: &[u8], backslash: bool) -> Option<usize> {
    let mut i = skip_tabs(b, 0);
    for _ in 0..2 {
        match b.get(i) {
            Some(b'/') => {}
            Some(b'\\') if backslash => {}
            _ => return None,
        }
        i = skip_tabs(b, i + 1);
    }
    Some(i)
}

/// The first index at or after `from` of a byte in `set`, or `b.len()`.
fn find_any(b: &[u8], from: usize, set: &[u8]) -> usize {
    b[from..]
        .iter()
        .position(|c| set.contains(c))
        .map_or(b.len(), |k| from + k)
}

impl<'a> ParsedUrl<'a> {
    /// Parses `input` (any bytes: this never fails).
    pub fn parse(input: &'a [u8]) -> ParsedUrl<'a> {
        let mut url = ParsedUrl::default();
        let start = input.iter().position(|&c| c > b' ').unwrap_or(input.len());
        let end = input
            .iter()
            .rposition(|&c| c > b' ')
            .map_or(start, |k| k + 1);
        url.leading_junk = Cow::Borrowed(&input[..start]);
        url.trailing_junk = Cow::Borrowed(&input[end..]);
        let body = &input[start..end];
        let mut i = 0;
        if body.first().is_some_and(u8::is_ascii_alphabetic) {
            let k = body
                .iter()
                .position(|&c| {
                    !(c.is_ascii_alphanumeric()
                        || matches!(c, b'+' | b'-' | b'.')
                        || is_tab_or_newline(c))
                })
                .unwrap_or(body.len());
            if body.get(k) == Some(&b':') {
                url.scheme = Cow::Borrowed(&body[..k]);
                url.colon_after_scheme = true;
                i = k + 1;
            }
        }
        let q = find_any(body, i, b"?#");
        let pathish = &body[i..q];
        if q < body.len() && body[q] == b'?' {
            url.question_mark = true;
            let h = find_any(body, q + 1, b"#");
            url.query = Cow::Borrowed(&body[q + 1..h]);
            if h < body.len() {
                url.hash_sign = true;
                url.fragment = Cow::Borrowed(&body[h + 1..]);
            }
        } else if q < body.len() {
            url.hash_sign = true;
            url.fragment = Cow::Borrowed(&body[q + 1..]);
        }
        if !pathish.is_empty() {
            url.parse_pathish(pathish);
        }
        url
    }

    /// Reads what lies between the scheme and the query into the slashes,
    /// authority and path (urlcanon's `parse_pathish`; also used again when a
    /// step gives a URL a scheme).
    pub(crate) fn parse_pathish(&mut self, pathish: &'a [u8]) {
        let kind = kind_of(&self.scheme);
        let (slashes_end, stops): (usize, &[u8]) = match kind {
            Kind::File => match two_slashes(pathish, true) {
                Some(k) => (k, b"/\\"),
                None => {
                    self.path = Cow::Borrowed(pathish);
                    return;
                }
            },
            Kind::Special(_) => {
                let k = pathish
                    .iter()
                    .position(|&c| !matches!(c, b'/' | b'\\') && !is_tab_or_newline(c))
                    .unwrap_or(pathish.len());
                (k, b"/\\")
            }
            Kind::Other => match two_slashes(pathish, false) {
                Some(k) => (k, b"/"),
                None => {
                    self.path = Cow::Borrowed(pathish);
                    return;
                }
            },
        };
        self.slashes = Cow::Borrowed(&pathish[..slashes_end]);
        let auth_end = find_any(pathish, slashes_end, stops);
        self.path = Cow::Borrowed(&pathish[auth_end..]);
        let authority = &pathish[slashes_end..auth_end];
        if kind == Kind::File {
            self.host = Cow::Borrowed(authority);
            return;
        }
        let mut hostport = authority;
        if let Some(at) = authority.iter().rposition(|&c| c == b'@') {
            let userinfo = &authority[..at];
            self.at_sign = true;
            match userinfo.iter().position(|&c| c == b':') {
                Some(c) => {
                    self.username = Cow::Borrowed(&userinfo[..c]);
                    self.colon_before_password = true;
                    self.password = Cow::Borrowed(&userinfo[c + 1..]);
                }
                None => self.username = Cow::Borrowed(userinfo),
            }
            hostport = &authority[at + 1..];
        }
        // A bracketed host, when the `]` is followed by the end or a `:`.
        let bracketed = (hostport.first() == Some(&b'['))
            .then(|| hostport.iter().position(|&c| c == b']'))
            .flatten()
            .filter(|&k| matches!(hostport.get(k + 1), None | Some(b':')));
        let host_end = match bracketed {
            Some(k) => k + 1,
            None => find_any(hostport, 0, b":"),
        };
        self.host = Cow::Borrowed(&hostport[..host_end]);
        if host_end < hostport.len() {
            self.colon_before_port = true;
            self.port = Cow::Borrowed(&hostport[host_end + 1..]);
        }
        self.reparse_host();
    }

    /// The same URL owning its pieces.
    pub fn into_owned(self) -> ParsedUrl<'static> {
        let own = |c: Cow<'_, [u8]>| Cow::Owned(c.into_owned());
        ParsedUrl {
            leading_junk: own(self.leading_junk),
            scheme: own(self.scheme),
            colon_after_scheme: self.colon_after_scheme,
            slashes: own(self.slashes),
            username: own(self.username),
            colon_before_password: self.colon_before_password,
            password: own(self.password),
            at_sign: self.at_sign,
            host: own(self.host),
            ip4: self.ip4,
            ip6: self.ip6,
            colon_before_port: self.colon_before_port,
            port: own(self.port),
            path: own(self.path),
            question_mark: self.question_mark,
            query: own(self.query),
            hash_sign: self.hash_sign,
            fragment: own(self.fragment),
            trailing_junk: own(self.trailing_junk),
        }
    }

    /// Reads the host as an IP address again ([`ip4`](Self::ip4),
    /// [`ip6`](Self::ip6)), after a step changed it.
    pub fn reparse_host(&mut self) {
        (self.ip4, self.ip6) = parse_ip(&self.host);
    }

    /// The userinfo and host and port, as written (`user:pass@host:port`).
    pub fn authority(&self) -> Vec<u8> {
        let mut out = Vec::new();
        self.write_authority(&mut out);
        out
    }

    /// Whether there is any authority text (urlcanon's `url.authority`).
    pub(crate) fn has_authority(&self) -> bool {
        !self.username.is_empty()
            || self.colon_before_password
            || !self.password.is_empty()
            || self.at_sign
            || !self.host.is_empty()
            || self.colon_before_port
            || !self.port.is_empty()
    }

    fn write_authority(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(&self.username);
        if self.colon_before_password {
            out.push(b':');
        }
        out.extend_from_slice(&self.password);
        if self.at_sign {
            out.push(b'@');
        }
        out.extend_from_slice(&self.host);
        self.write_port(out);
    }

    fn write_port(&self, out: &mut Vec<u8>) {
        if self.colon_before_port {
            out.push(b':');
        }
        out.extend_from_slice(&self.port);
    }

    /// The path, query and fragment with their delimiters, then the trailing junk.
    pub(crate) fn write_tail(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(&self.path);
        if self.question_mark {
            out.push(b'?');
        }
        out.extend_from_slice(&self.query);
        if self.hash_sign {
            out.push(b'#');
        }
        out.extend_from_slice(&self.fragment);
        out.extend_from_slice(&self.trailing_junk);
    }

    /// Appends the URL: every piece in order.
    pub fn write_to(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(&self.leading_junk);
        out.extend_from_slice(&self.scheme);
        if self.colon_after_scheme {
            out.push(b':');
        }
        out.extend_from_slice(&self.slashes);
        self.write_authority(out);
        self.write_tail(out);
    }

    /// The URL: every piece in order.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(self.len());
        self.write_to(&mut out);
        out
    }

    /// The length of [`to_bytes`](Self::to_bytes).
    pub fn len(&self) -> usize {
        self.leading_junk.len()
            + self.scheme.len()
            + self.slashes.len()
            + self.username.len()
            + self.password.len()
            + self.host.len()
            + self.port.len()
            + self.path.len()
            + self.query.len()
            + self.fragment.len()
            + self.trailing_junk.len()
            + [
                self.colon_after_scheme,
                self.colon_before_password,
                self.at_sign,
                self.colon_before_port,
                self.question_mark,
                self.hash_sign,
            ]
            .iter()
            .filter(|&&b| b)
            .count()
    }

    /// Whether the URL is empty.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The host reversed for sorting (urlcanon's `ssurt_host`): labels in
    /// reverse order, `,` for `.` (a `,` in a label becomes `.`), a final `,`
    /// when `trailing_comma`; an IP address (bracketed, or one that reads
    /// as IPv4) and the empty host are written as they are.
    pub fn write_ssurt_host(&self, out: &mut Vec<u8>, trailing_comma: bool) {
        if self.host.is_empty() || self.host[0] == b'[' || parse_ipv4(&self.host).is_some() {
            out.extend_from_slice(&self.host);
        } else {
            reverse_host(&self.host, trailing_comma, out);
        }
    }

    /// The SSURT form (urlcanon's "sort-friendly URI reordering transform"):
    /// the reversed host (with its final `,`), slashes, port, `:`, scheme,
    /// `@` and the userinfo, `:`, then the path, query and fragment; leading
    /// and trailing junk stay where they are.
    ///
    /// # Example
    /// ```
    /// use urikit::canon::ParsedUrl;
    /// let u = ParsedUrl::parse(b"http://user:pass@foo.example.org:81/path?query#frag");
    /// assert_eq!(u.ssurt(), b"org,example,foo,//81:http@user:pass:/path?query#frag");
    /// ```
    pub fn ssurt(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(self.len() + 2);
        out.extend_from_slice(&self.leading_junk);
        self.write_ssurt_host(&mut out, true);
        out.extend_from_slice(&self.slashes);
        out.extend_from_slice(&self.port);
        if self.colon_before_port {
            out.push(b':');
        }
        out.extend_from_slice(&self.scheme);
        if self.at_sign {
            out.push(b'@');
        }
        out.extend_from_slice(&self.username);
        if self.colon_before_password {
            out.push(b':');
        }
        out.extend_from_slice(&self.password);
        if self.colon_after_scheme {
            out.push(b':');
        }
        self.write_tail(&mut out);
        out
    }

    /// The SURT ancestry (urlcanon's `surt_ancestry`): the URL's SURT
    /// ([`super::Surt::URLCANON`]) and each prefix of it that ends at a host
    /// label, the `)`, a path segment, the query or the fragment, longest
    /// first. Empty for schemes that are not special.
    ///
    /// # Example
    /// ```
    /// use urikit::canon::ParsedUrl;
    /// let a: Vec<Vec<u8>> = ParsedUrl::parse(b"http://example.com/test").surt_ancestry();
    /// let a: Vec<&str> = a.iter().map(|s| std::str::from_utf8(s).unwrap()).collect();
    /// assert_eq!(a, ["http://(com,example,)/test", "http://(com,example,)", "http://(com,example,", "http://(com,", "http://("]);
    /// ```
    pub fn surt_ancestry(&self) -> Vec<Vec<u8>> {
        if kind_of(&self.scheme) == Kind::Other
            || self
                .scheme
                .iter()
                .any(|&c| is_tab_or_newline(c) || c.is_ascii_uppercase())
        {
            return Vec::new();
        }
        // The parts whose prefixes are the ancestors.
        let mut parts: Vec<Vec<u8>> = Vec::new();
        let mut first = self.scheme.to_vec();
        if self.colon_after_scheme {
            first.push(b':');
        }
        first.extend_from_slice(&self.slashes);
        if !self.host.is_empty() {
            first.push(b'(');
            parts.push(first);
            let mut host = Vec::new();
            self.write_ssurt_host(&mut host, false);
            for label in host.split(|&c| c == b',') {
                let mut p = label.to_vec();
                p.push(b',');
                parts.push(p);
            }
            let mut close = Vec::new();
            if !self.port.is_empty() {
                self.write_port(&mut close);
            }
            close.push(b')');
            parts.push(close);
        } else {
            parts.push(first);
        }
        let path = self.path.strip_prefix(b"/").unwrap_or(&self.path);
        if !self.path.is_empty() {
            for segment in path.split(|&c| c == b'/') {
                let mut p = alloc::vec![b'/'];
                p.extend_from_slice(segment);
                parts.push(p);
            }
        }
        if !self.query.is_empty() {
            let mut p = alloc::vec![b'?'];
            p.extend_from_slice(&self.query);
            parts.push(p);
        }
        if !self.fragment.is_empty() {
            let mut p = alloc::vec![b'#'];
            p.extend_from_slice(&self.fragment);
            parts.push(p);
        }
        if !self.trailing_junk.is_empty() {
            parts.push(self.trailing_junk.to_vec());
        }
        let mut out = Vec::with_capacity(parts.len());
        while !parts.is_empty() {
            out.push(parts.concat());
            parts.pop();
        }
        out
    }
}

/// Appends `host` reversed (urlcanon's `reverse_host`): its `.`-separated
/// labels last first, joined by `,`, a `,` inside a label written `.`, and a
/// final `,` when `trailing_comma`.
///
/// ```text
/// reverse_host("x,y.b.c") = "c,b,x.y,"
/// ```
pub fn reverse_host(host: &[u8], trailing_comma: bool, out: &mut Vec<u8>) {
    let comma = host.contains(&b',');
    for (k, label) in host.rsplit(|&c| c == b'.').enumerate() {
        if k > 0 {
            out.push(b',');
        }
        if comma {
            out.extend(label.iter().map(|&c| if c == b',' { b'.' } else { c }));
        } else {
            out.extend_from_slice(label);
        }
    }
    if trailing_comma {
        out.push(b',');
    }
}

/// The host's value as an IP address: IPv6 for `[...]` (the WHATWG IPv6
/// parser), otherwise IPv4 by the WHATWG number forms.
pub(crate) fn parse_ip(host: &[u8]) -> (Option<u32>, Option<Ipv6Addr>) {
    if let [b'[', inner @ .., b']'] = host {
        let inner = core::str::from_utf8(inner).ok();
        return (None, inner.and_then(|s| parse_ipv6(s).ok()));
    }
    (parse_ipv4(host), None)
}

/// urlcanon's `parse_ipv4`: the WHATWG IPv4 parser
/// ([`crate::whatwg::host::parse_ipv4`]), except that an empty part (`1..2`,
/// `.`) counts as `0` where the WHATWG parser fails.
pub(crate) fn parse_ipv4(host: &[u8]) -> Option<u32> {
    // Only a host whose last label starts with a digit can be a number (the
    // URL Standard's "ends in a number"): most hosts are done here.
    let body = host.strip_suffix(b".").unwrap_or(host);
    let last = body
        .iter()
        .rposition(|&c| c == b'.')
        .map_or(body, |k| &body[k + 1..]);
    let may_be_number = last.first().map_or(!host.is_empty(), u8::is_ascii_digit);
    if !may_be_number {
        return None;
    }
    let host = core::str::from_utf8(host).ok().filter(|h| !h.is_empty())?;
    let body = host.strip_suffix('.').unwrap_or(host);
    if !body.split('.').any(str::is_empty) {
        return parse_whatwg_ipv4(host).ok().map(|a| a.value());
    }
    if body.split('.').count() > 4 {
        return None;
    }
    let zeros: alloc::string::String = body
        .split('.')
        .map(|p| if p.is_empty() { "0" } else { p })
        .collect::<Vec<_>>()
        .join(".");
    parse_whatwg_ipv4(&zeros).ok().map(|a| a.value())
}
