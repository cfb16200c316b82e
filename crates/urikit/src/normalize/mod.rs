//! Normalization, RFC 3986 section 6.2: the rungs of the comparison ladder
//! that rewrite a reference into a normal form.
//!
//! ```
//! use urikit::normalize::{Level, Normalizer};
//! use urikit::UriRef;
//!
//! // RFC 3986 section 6.2.2's example.
//! let r = UriRef::parse("eXAMPLE://a/./b/../b/%63/%7bfoo%7d")?;
//! assert_eq!(Normalizer::new().normalize(&r).as_str(), "example://a/b/c/%7Bfoo%7D");
//!
//! // Scheme-based (section 6.2.3): default port and empty path.
//! const SCHEME: Normalizer = Normalizer::new().level(Level::Scheme);
//! let r = UriRef::parse("HTTP://Example.COM:80")?;
//! assert_eq!(SCHEME.normalize(&r).as_str(), "http://example.com/");
//!
//! // A crawler's extra steps, each named, all off by default.
//! const CRAWLER: Normalizer = Normalizer::new()
//!     .level(Level::Scheme)
//!     .drop_fragment(true)
//!     .sort_query(true)
//!     .remove_trailing_host_dot(true);
//! let r = UriRef::parse("http://example.com.:0080/?b=2&a=1#top")?;
//! assert_eq!(CRAWLER.normalize(&r).as_str(), "http://example.com/?a=1&b=2");
//! # Ok::<_, urikit::ParseError>(())
//! ```
//!
//! # What each level does
//!
//! - [`Level::String`]: nothing (simple string comparison, section 6.2.1).
//! - [`Level::Syntax`] (section 6.2.2): lowercase scheme and host (IPv6 and
//!   IPvFuture literals included), uppercase hex in percent-encodings, decode
//!   percent-encoded unreserved bytes in every component (the host included:
//!   `%61` gives `a`, never a reserved one: `%2F` stays), remove dot segments
//!   (spelled `%2E` too), and omit an empty port (`//h:` gives `//h`, as
//!   section 3.2.3 asks of normalizers).
//! - [`Level::Scheme`] (section 6.2.3), on top: the scheme's default port is
//!   dropped (`:80`, `:0080`), other ports lose leading zeros, an empty path
//!   becomes `/` for schemes that say so (http, https, ws, wss, ftp...), and
//!   IPv6 addresses take their RFC 5952 text form (`[2001:DB8:0::1]` gives
//!   `[2001:db8::1]`). Scheme facts come from the
//!   [`SchemeRegistry`]: the standard one, or yours via
//!   [`Normalizer::normalize_with`].
//!
//! The result always re-parses with the same structure: the same components
//! present, an absolute path still absolute, a rootless one still rootless
//! (`foo:/a/..//b` gives `foo:/.//b`, `foo:a/..//b` gives `foo:.//b`).
//!
//! # Choices
//!
//! - **Relative references are normalized**, so that the result resolves to
//!   the same target as the input against any base with an authority or an
//!   absolute path (`%2E`-spelled dots aside: resolution reads them as plain
//!   segments, normalization as dots): a leading `..` with
//!   nothing to remove is **kept** (`../a/./b/../..` gives `../`), a path that
//!   empties is written `./` (`a/..` resolves like `./`; the empty reference
//!   would mean the base itself, query included), and a first segment with
//!   `:` keeps or gets `./` (`x/../a:b` gives `./a:b`; Boost's `%3A` would not
//!   be equivalent, `:` being reserved).
//! - In a URI with a scheme and a rootless path, a leading `..` is dropped as
//!   section 5.2.4 does, and the path stays rootless (`foo:a/../b` gives
//!   `foo:b`, where the RFC's loop would give `foo:/b`).
//! - A `..` above the root of an absolute path is dropped (section 5.2.4, not
//!   Errata 4547): `/a/../../g` gives `/g`.
//! - IPv6 addresses are only lowercased at the syntax level; their RFC 5952
//!   compression is a scheme-level step.
//!
//! The crate README, "Normalization and equivalence", lists where the public
//! test suites disagree and what urikit does.

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt::Write;

use core::net::Ipv6Addr;

use crate::compose::{Composer, Next};
use crate::host::parse_ipv4;
use crate::offsets::{HostKind, Offsets};
pub(crate) mod look;
mod path;

use crate::pct;
use crate::scan::find_byte;
use crate::scheme::registry::STANDARD;
use crate::scheme::{SchemeInfo, SchemeRegistry};
use crate::uri::port_number;
use crate::{Uri, UriBuf, UriRef, UriRefBuf};
use path::{push_normalized_path, PathKind};

/// The most normalization adds to the length of a reference: an IPv6
/// literal written in RFC 5952 form at the scheme level (at most 39 bytes
/// between the brackets, from at least 2, `[::]`: 37 more; dotted only for
/// an IPv4-mapped address, at most 22) and a `/` for an empty path after an
/// authority. Every other step keeps the length or shortens it: the `./` or
/// `/.` put before a path only follows the removal of a dot segment of at
/// least two bytes. The parser's limit stays [`MARGIN`](crate::offsets::MARGIN)
/// bytes below `u32::MAX`, more than this, so the offsets of a normalized
/// value always fit. (Outside the tests only the assertion below reads it,
/// which Rust 1.80 does not count as a use.)
#[cfg_attr(not(test), allow(dead_code))]
pub(crate) const MAX_GROWTH: usize = 37 + 1;

const _: () = assert!(crate::offsets::MAX_LEN + MAX_GROWTH <= u32::MAX as usize);

/// A rung of the comparison ladder (RFC 3986 section 6.2).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Level {
    /// Simple string comparison (section 6.2.1): no change at all.
    String,
    /// Syntax-based normalization (section 6.2.2).
    #[default]
    Syntax,
    /// Syntax- and scheme-based normalization (section 6.2.3).
    Scheme,
}

impl Level {
    /// Every level, from the least normalization to the most.
    ///
    /// ```
    /// use urikit::normalize::Level;
    /// let names = Level::ALL.map(Level::name);
    /// assert_eq!(names, ["string", "syntax", "scheme"]);
    /// ```
    pub const ALL: [Level; 3] = [Level::String, Level::Syntax, Level::Scheme];

    /// The level's stable lowercase name: `"string"`, `"syntax"`, `"scheme"`.
    pub const fn name(self) -> &'static str {
        match self {
            Level::String => "string",
            Level::Syntax => "syntax",
            Level::Scheme => "scheme",
        }
    }
}

/// How to normalize: a level and optional steps, built with `const fn`
/// setters so that a configuration can be a `const`.
///
/// The optional steps are not RFC 3986 equivalences (they can change what a
/// URI identifies); crawlers ask for them. Each is off by default.
///
/// # Example
/// ```
/// use urikit::normalize::{Level, Normalizer};
/// const N: Normalizer = Normalizer::new().level(Level::Scheme).drop_fragment(true);
/// let r = urikit::UriRef::parse("https://h:443#x")?;
/// assert_eq!(N.normalize(&r).as_str(), "https://h/");
/// # Ok::<_, urikit::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Normalizer {
    level: Level,
    drop_fragment: bool,
    sort_query: bool,
    remove_trailing_host_dot: bool,
}

impl Default for Normalizer {
    fn default() -> Normalizer {
        Normalizer::new()
    }
}

impl Normalizer {
    /// Syntax-based normalization, no optional step.
    pub const fn new() -> Normalizer {
        Normalizer {
            level: Level::Syntax,
            drop_fragment: false,
            sort_query: false,
            remove_trailing_host_dot: false,
        }
    }

    /// Sets the level.
    pub const fn level(mut self, level: Level) -> Normalizer {
        self.level = level;
        self
    }

    /// Optional step: remove the fragment (and its `#`).
    pub const fn drop_fragment(mut self, yes: bool) -> Normalizer {
        self.drop_fragment = yes;
        self
    }

    /// Optional step: sort the `&`-separated query parameters by their key
    /// (as normalized text; a stable sort, so parameters with the same key
    /// keep their order).
    pub const fn sort_query(mut self, yes: bool) -> Normalizer {
        self.sort_query = yes;
        self
    }

    /// Optional step: remove the final dots of a registered-name host
    /// (`example.com.` gives `example.com`), unless the host is only dots.
    pub const fn remove_trailing_host_dot(mut self, yes: bool) -> Normalizer {
        self.remove_trailing_host_dot = yes;
        self
    }

    /// The configured level.
    pub const fn get_level(&self) -> Level {
        self.level
    }

    /// Normalizes a reference, using the standard scheme registry.
    ///
    /// # Example
    /// ```
    /// let r = urikit::UriRef::parse("HTTP://%45xample.com/a/../%7Euser")?;
    /// let n = urikit::normalize::Normalizer::new().normalize(&r);
    /// assert_eq!(n.as_str(), "http://example.com/~user");
    /// # Ok::<_, urikit::ParseError>(())
    /// ```
    #[inline]
    pub fn normalize(&self, r: &UriRef<'_>) -> UriRefBuf {
        self.normalize_with(r, &STANDARD)
    }

    /// Parses `s` as a URI reference and normalizes it.
    ///
    /// # Errors
    /// The [`ParseError`](crate::ParseError) when `s` is not a URI reference.
    ///
    /// # Example
    /// ```
    /// let n = urikit::normalize::Normalizer::new().normalize_str("./a/../b:c")?;
    /// assert_eq!(n.as_str(), "./b:c");
    /// assert!(urikit::normalize::Normalizer::new().normalize_str("a b").is_err());
    /// # Ok::<_, urikit::ParseError>(())
    /// ```
    pub fn normalize_str(&self, s: &str) -> Result<UriRefBuf, crate::ParseError> {
        // The parsed reference is read where the parser wrote it (`?` would
        // move it out first, a copy that waits for the parser's writes).
        match &UriRef::parse(s) {
            Ok(r) => Ok(self.normalize(r)),
            Err(e) => Err(*e),
        }
    }

    /// Normalizes a reference with the caller's scheme registry (for default
    /// ports and empty-path rules of schemes the library does not know).
    ///
    /// # Example
    /// ```
    /// use urikit::normalize::{Level, Normalizer};
    /// use urikit::scheme::{SchemeInfo, SchemeRegistry};
    /// let mut schemes = SchemeRegistry::standard();
    /// schemes.register("myproto", SchemeInfo::new().default_port(7000));
    /// let r = urikit::UriRef::parse("myproto://h:7000/x")?;
    /// let n = Normalizer::new().level(Level::Scheme).normalize_with(&r, &schemes);
    /// assert_eq!(n.as_str(), "myproto://h/x");
    /// # Ok::<_, urikit::ParseError>(())
    /// ```
    pub fn normalize_with(&self, r: &UriRef<'_>, schemes: &SchemeRegistry) -> UriRefBuf {
        self.normal_form(r, schemes, true, UriRefBuf::from_offsets)
    }

    /// Normalizes an absolute URI, which stays one.
    pub fn normalize_uri(&self, u: &Uri<'_>) -> UriBuf {
        self.normal_form(u, &STANDARD, true, UriBuf::from_offsets)
    }

    /// Whether normalizing `r` would leave it unchanged.
    pub fn is_normalized(&self, r: &UriRef<'_>) -> bool {
        // The common case is answered without writing anything.
        self.copy_is_normal(r, &STANDARD) == Some(false)
            || self.normalize_to_string(r, &STANDARD) == r.as_str()
    }

    /// The normal form as a string (it parses as a reference of the same
    /// structure). One allocation, sized up front.
    pub fn normalize_to_string(&self, r: &UriRef<'_>, schemes: &SchemeRegistry) -> String {
        let mut out = String::with_capacity(r.as_str().len() + 8);
        self.write(r, schemes, &mut out);
        out
    }

    /// Appends the normal form of `r` to `out`.
    pub fn write(&self, r: &UriRef<'_>, schemes: &SchemeRegistry, out: &mut String) {
        self.compose(r, schemes, self.copy_is_normal(r, schemes), out);
    }

    /// The normal form of `r` in a string of its own, and its offsets, made
    /// into a value by `make`. With `copy`, the common case (a copy, perhaps
    /// with its scheme and host lowercased) is taken when it applies;
    /// without, every step runs (the tests' reference for the copy).
    ///
    /// (Each case calls `make` itself: the compiler then hands the copy's
    /// offsets over in registers.)
    #[inline(always)]
    fn normal_form<T>(
        &self,
        r: &UriRef<'_>,
        schemes: &SchemeRegistry,
        copy: bool,
        make: impl Fn(String, Offsets) -> T,
    ) -> T {
        let copied = if copy {
            self.copy_is_normal(r, schemes)
        } else {
            None
        };
        match copied {
            Some(_) => {
                // A copy is as long as its input.
                let mut s = String::with_capacity(r.as_str().len());
                let o = self.compose(r, schemes, copied, &mut s);
                make(s, o)
            }
            None => {
                // The steps may make it longer.
                let mut s = String::with_capacity(r.as_str().len() + 8);
                let o = self.steps(r, schemes, &mut s);
                make(s, o)
            }
        }
    }

    /// Appends the normal form of `r` to `out` and returns its offsets: a
    /// copy of it when `copied` says so (its scheme and host lowercased in
    /// place if `copied` is `Some(true)`), otherwise the result of the steps.
    #[inline(always)]
    fn compose(
        &self,
        r: &UriRef<'_>,
        schemes: &SchemeRegistry,
        copied: Option<bool>,
        out: &mut String,
    ) -> Offsets {
        match copied {
            Some(upper) => {
                let mut c = Composer::new(out);
                c.copy(r.source(), Next::Scheme, Next::End);
                if upper {
                    c.lowercase_scheme_and_host();
                }
                c.finish()
            }
            None => self.steps(r, schemes, out),
        }
    }

    /// Whether normalization of `r` at most lowercases its scheme and host
    /// in place: at the string level, when no optional step is asked for; at
    /// the syntax or scheme level, without optional steps, when there is no
    /// `%` anywhere, no empty port, and no dot segment in the path; at the
    /// scheme level also no port to drop or trim, no empty path to make
    /// `/`, no IPv6 literal. This is the common case; the result is then a
    /// copy, with the same offsets. `Some(true)` when the text before the
    /// path has an uppercase letter (it may be in the userinfo, which stays
    /// as it is), `Some(false)` when the copy is exact.
    ///
    /// Read from the offsets as stored (nothing unpacked).
    #[inline(always)]
    fn copy_is_normal(&self, r: &UriRef<'_>, schemes: &SchemeRegistry) -> Option<bool> {
        if self.drop_fragment || self.sort_query || self.remove_trailing_host_dot {
            return None;
        }
        if self.level == Level::String {
            return Some(false);
        }
        let upper = copy_is_normal_at_syntax_level(r)?;
        if self.level == Level::Scheme && !scheme_level_keeps(r, schemes) {
            return None;
        }
        Some(upper)
    }

    /// The steps, component by component, each as the level and the
    /// optional steps ask (at the string level, only the optional steps
    /// change anything).
    #[inline(never)]
    fn steps(&self, r: &UriRef<'_>, schemes: &SchemeRegistry, out: &mut String) -> Offsets {
        let mut c = Composer::new(out);
        let syntax = self.level != Level::String;
        let scheme_level = self.level == Level::Scheme;
        let info: Option<SchemeInfo> = match (scheme_level, r.scheme()) {
            (true, Some(name)) => schemes.get(name),
            _ => None,
        };
        // Each component's text: percent-encoding normalized from the
        // syntax level on, else as it is.
        let text = |out: &mut String, t: &str| {
            if syntax {
                pct::push_normalized(out, t, false);
            } else {
                out.push_str(t);
            }
        };
        if let Some(name) = r.scheme() {
            c.scheme(|out| {
                if syntax {
                    push_lowercase(out, name);
                } else {
                    out.push_str(name);
                }
            });
        }
        let o = r.offsets();
        let s = r.as_str();
        if o.has_authority() {
            let (start, host_start, host_end, end) =
                (o.auth_start(), o.host_start(), o.host_end(), o.path_start());
            if host_start > start {
                c.userinfo(|out| text(out, &s[start..host_start - 1]));
            }
            c.host(|out| self.write_host(r, out));
            if host_end < end {
                let default = info.and_then(|i| i.port());
                if let Some(digits) = self.port(&s[host_end + 1..end], default) {
                    c.port(|out| out.push_str(digits));
                }
            }
        }
        c.path(|out| {
            let start = out.len();
            if syntax {
                push_normalized_path(out, r.path(), path_kind(&o));
            } else {
                out.push_str(r.path());
            }
            if out.len() == start
                && o.has_authority()
                && info.is_some_and(|i| i.has_root_for_empty_path())
            {
                out.push('/');
            }
        });
        if let Some(q) = r.query() {
            c.query(|out| {
                let start = out.len();
                text(out, q);
                if self.sort_query {
                    sort_query(out, start);
                }
            });
        }
        if let (Some(f), false) = (r.fragment(), self.drop_fragment) {
            c.fragment(|out| text(out, f));
        }
        c.finish()
    }

    /// Writes `r`'s host; returns its kind as the parser would see the
    /// result, with an IPv4 host's address (a reg-name may decode to an
    /// IPv4 address, `127.0.0.%31`, or become one when its final dots go).
    fn write_host(&self, r: &UriRef<'_>, out: &mut String) -> (HostKind, [u8; 4]) {
        let o = r.offsets();
        let text = r.host_str().unwrap_or_default();
        let kind = o.host();
        match kind {
            _ if self.level == Level::String && kind != HostKind::RegName => {
                out.push_str(text);
            }
            HostKind::Ipv6 if self.level == Level::Scheme => {
                // RFC 5952 text: core's Display follows it (lowercase, longest
                // zero run compressed, dotted only for IPv4-mapped).
                let _ = write!(out, "[{}]", Ipv6Addr::from(o.ipv6(r.as_str())));
            }
            HostKind::Ipv4 => out.push_str(text),
            HostKind::Ipv6 | HostKind::IpvFuture => push_lowercase(out, text),
            HostKind::RegName | HostKind::None => {
                let start = out.len();
                let has_pct = find_byte(text.as_bytes(), b'%').is_some();
                if self.level == Level::String {
                    out.push_str(text);
                } else if has_pct {
                    pct::push_normalized(out, text, true);
                } else {
                    push_lowercase(out, text);
                }
                let mut trimmed = false;
                if self.remove_trailing_host_dot {
                    let written = &out[start..];
                    let kept = written.trim_end_matches('.').len();
                    if kept > 0 && kept < written.len() {
                        out.truncate(start + kept);
                        trimmed = true;
                    }
                }
                // Lowercasing alone never makes an IPv4 address.
                let decoded = self.level != Level::String && has_pct;
                return match (decoded || trimmed)
                    .then(|| parse_ipv4(&out.as_bytes()[start..]))
                    .flatten()
                {
                    Some(a) => (HostKind::Ipv4, a),
                    None => (HostKind::RegName, [0; 4]),
                };
            }
        }
        (kind, o.ipv4())
    }

    /// The port digits to write, or `None` to omit the port and its `:`: at
    /// the string level they stay as they are; from the syntax level on an
    /// empty port is omitted (section 3.2.3); at the scheme level a port
    /// equal to the scheme's `default` is omitted too, and leading zeros go.
    fn port<'d>(&self, digits: &'d str, default: Option<u16>) -> Option<&'d str> {
        match self.level {
            Level::String => Some(digits),
            _ if digits.is_empty() => None,
            Level::Syntax => Some(digits),
            Level::Scheme => {
                if default.is_some() && port_number(digits) == default {
                    return None;
                }
                match digits.trim_start_matches('0') {
                    "" => Some(&digits[digits.len() - 1..]),
                    trimmed => Some(trimmed),
                }
            }
        }
    }
}

/// [`Normalizer::copy_is_normal`] at the syntax level: `None` when a step
/// has work, else whether the text before the path has an uppercase letter.
#[inline(always)]
fn copy_is_normal_at_syntax_level(r: &UriRef<'_>) -> Option<bool> {
    let o = r.offsets();
    let b = r.as_str().as_bytes();
    let before = b.get(..o.path_start()).unwrap_or_default();
    // An authority ending with `:` has an empty port (a host never ends
    // with one), which is omitted.
    if o.has_authority() && before.last() == Some(&b':') {
        return None;
    }
    // One look over each side of the path's start for what is rare there:
    // an uppercase letter or a `%` before it, a `%` or a `/.` (a dot
    // segment, or `/.well-known`) from it on. Only where one holds is the
    // reference looked at part by part.
    let before_rare = look::has_upper_or(before, b'%');
    let after_rare = look::has_dot_pair_or(b, o.path_start(), b'%');
    if before_rare || after_rare {
        return copy_is_normal_when_rare(b, o, before_rare, after_rare);
    }
    Some(false)
}

/// [`copy_is_normal_at_syntax_level`] for a reference (`b`, whose offsets
/// are `o`) where a look held: `before_rare` when the scheme or authority
/// has an uppercase letter or a `%`, `after_rare` when the rest has a `%`
/// or a `/.` (or starts with `.`). `None` for a `%` before the path (a
/// host's hex would be lowercased with it), a triplet after it not in
/// normal form already (uppercase hex, no unreserved byte), or a dot
/// segment in the path. (A parsed path keeps its structure when nothing in
/// it changes: a path without authority never starts with `//`, a relative
/// reference's first segment never holds `:`.)
#[cold]
#[inline(never)]
fn copy_is_normal_when_rare(
    b: &[u8],
    o: Offsets,
    before_rare: bool,
    after_rare: bool,
) -> Option<bool> {
    let (before, after) = b.split_at_checked(o.path_start()).unwrap_or_default();
    // Without a `%`, what the look before the path found is an uppercase
    // letter.
    if before_rare && look::has_byte(before, b'%') {
        return None;
    }
    let path = after
        .get(..o.path_end().saturating_sub(o.path_start()))
        .unwrap_or_default();
    if after_rare && (look::has_dot_segment(path) || !pct::is_normalized(after)) {
        return None;
    }
    Some(before_rare)
}

/// Appends `s` with ASCII letters lowercased.
fn push_lowercase(out: &mut String, s: &str) {
    let start = out.len();
    out.push_str(s);
    if look::has_upper(s.as_bytes()) {
        out[start..].make_ascii_lowercase();
    }
}

/// Whether the scheme-level steps leave `r` (a copy at the syntax level) as
/// it is: no IPv6 literal to write in RFC 5952 form, no port equal to the
/// scheme's default or with a leading zero, no empty path after an authority
/// for a scheme whose empty path is `/`.
#[inline(never)]
fn scheme_level_keeps(r: &UriRef<'_>, schemes: &SchemeRegistry) -> bool {
    let Some(host) = r.host_str() else {
        return true; // the steps are all about the authority
    };
    if host.starts_with('[') && !host.starts_with("[v") && !host.starts_with("[V") {
        return false;
    }
    let info = r.scheme().and_then(|name| schemes.get(name));
    if r.path().is_empty() && info.is_some_and(|i| i.has_root_for_empty_path()) {
        return false;
    }
    let o = r.offsets();
    if o.host_end() == o.path_start() {
        return true; // no port (there is an authority: a host)
    }
    let digits = r
        .as_str()
        .get(o.host_end() + 1..o.path_start())
        .unwrap_or_default();
    !digits.starts_with('0')
        && info
            .and_then(|i| i.port())
            .map_or(true, |default| port_number(digits) != Some(default))
}

/// Where the path of a reference with offsets `o` stands.
fn path_kind(o: &Offsets) -> PathKind {
    if o.has_authority() {
        PathKind::WithAuthority
    } else if o.scheme_end() > 0 {
        PathKind::NoAuthority
    } else {
        PathKind::Relative
    }
}

/// Sorts the `&`-separated parameters of the query written at `out[start..]`
/// by key (the text before the first `=`), stably.
fn sort_query(out: &mut String, start: usize) {
    let query = &out[start..];
    if !query.contains('&') {
        return;
    }
    let mut params: Vec<&str> = query.split('&').collect();
    fn key(p: &str) -> &str {
        p.split_once('=').map_or(p, |(k, _)| k)
    }
    params.sort_by(|a, b| key(a).cmp(key(b)));
    let mut sorted = String::with_capacity(query.len());
    for (k, p) in params.iter().enumerate() {
        if k > 0 {
            sorted.push('&');
        }
        sorted.push_str(p);
    }
    out.truncate(start);
    out.push_str(&sorted);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn growth_stays_within_the_margin_below_the_u32_offsets() {
        // The steps that lengthen a reference, at their worst, and steps that
        // add a prefix after removing more.
        let cases = [
            ("http://[::]", "http://[::]/"),
            ("http://[::ffff:0:0]", "http://[::ffff:0.0.0.0]/"),
            ("http://[1::1:1:1:1:1:1]/", "http://[1:0:1:1:1:1:1:1]/"),
            ("foo:/a/..//b", "foo:/.//b"),
            ("a/..", "./"),
            ("%2E/a:b", "./a:b"),
        ];
        let n = Normalizer::new().level(Level::Scheme);
        for (input, want) in cases {
            let r = UriRef::parse(input).unwrap();
            let got = n.normalize(&r);
            assert_eq!(got.as_str(), want);
            assert!(got.as_str().len() <= input.len() + MAX_GROWTH, "{input}");
        }
        // Any IPv6 address: the longest text RFC 5952 gives against the
        // shortest literal.
        let widest = Ipv6Addr::from([0x1111u16; 8]).to_string().len();
        assert_eq!(widest, 39);
        assert!(widest + 2 <= "[::]".len() + MAX_GROWTH);
        let mapped = Ipv6Addr::from([0, 0, 0, 0, 0, 0xffff, 0xffff, 0xffff]);
        assert_eq!(mapped.to_string(), "::ffff:255.255.255.255");
    }

    #[test]
    #[cfg(feature = "std")]
    fn copy_fast_path_agrees_with_the_general_writer() {
        let mut inputs: Vec<String> = [
            "http://example.com/a/b?q#f",
            "http://Example.com/",
            "HTTP://h/",
            "http://h:/x",
            "http://h:80/x",
            "http://u%41@h/",
            "http://h/a/./b",
            "http://h/a/../b",
            "foo:/.//x",
            "foo://h//x",
            "//h/x",
            "/a/b",
            "a/b",
            "./a",
            "",
            "?q",
            "#f",
            "mailto:a@b",
            "http://[::1]/",
            "http://[::A]/",
            "http://[v1.X]/",
            "http://1.2.3.4:8/",
            "file:///",
            "http://U@h/",
            "/.",
            "/a/..",
            "http://h?%41",
            "http://h#%7e",
            "HTTP://EXAMPLE.COM/A/B?Q#F",
            "http://[::A]:/",
            "http://[v1.X]:8/a/../b",
            "mailto:A@B",
            "node:url",
            "a/b/c",
            "a/./b",
            "a/b/.",
            "a/b/..",
            "../a",
            "..",
            ".",
            ".a/b",
            "a/.b",
            "foo:a/../b",
            "foo:./a",
            "foo:../a",
            "foo:.",
            "foo:.a",
            "foo:%2E%2E/a",
            "http://h/%2e/a",
            "http://h/a/.well-known/x",
            "http://h/a/b/c/d/e/f/g/h/i/./j",
            "http://h/abcdefg/.",
            "http://h/abcdefgh/..",
            "http://h/abcdefg/../x",
            "http://h/abcdef%41/x",
            "http://h/abcdefgh/%41",
            "http://user:PW@H.EXAMPLE:8080/p?q=1#f",
            "http://%41.com/",
            "http://127.0.0.%31/",
            "http://h:80/",
            "http://h:080/",
            "http://h:8080/",
            "http://h:0/",
            "http://h:99999/",
            "http://h",
            "foo://h",
            "foo://h:80",
            "HTTP://H:81",
            "https://h:443/x",
            "http://[::1]/",
            "http://[v1.x]/",
            "http://[V1.X]:8/",
            "mailto:",
            "http://h/a%2Fb?x=%C3%A9#%20",
            "http://h/a%2fb",
            "http://h/%7E",
            "http://h/%41%42",
            "http://H/%C3%A9/../x",
            "http://h%C3%A9/",
            "http://u%2F@h/p%2F",
            "foo:%2E",
            "foo:%2F%2E/a",
            "%2F",
            "a%3Ab:c",
            "http://h/%25",
            "http://h/a%2",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        if let Some(dir) = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .ancestors()
            .map(|a| a.join("shared/datasets"))
            .find(|d| d.is_dir())
        {
            for e in std::fs::read_dir(dir).unwrap() {
                let text = std::fs::read(e.unwrap().path()).unwrap();
                inputs.extend(String::from_utf8_lossy(&text).lines().map(String::from));
            }
        }
        let schemes = SchemeRegistry::standard();
        let levels = [Level::String, Level::Syntax, Level::Scheme];
        for n in levels.map(|l| Normalizer::new().level(l)) {
            let mut copies = 0;
            for s in &inputs {
                let Ok(r) = UriRef::parse(s) else { continue };
                let (general, o) = n.normal_form(&r, &schemes, false, |s, o| (s, o));
                if let Some(upper) = n.copy_is_normal(&r, &schemes) {
                    copies += 1;
                    // The copy's offsets are the input's; its text the
                    // input's with the scheme and host lowercased (from the
                    // syntax level on).
                    assert_eq!(o, r.offsets(), "{s:?}");
                    let mut lowered = String::from(r.as_str());
                    if n.get_level() != Level::String {
                        lowered[..o.scheme_end()].make_ascii_lowercase();
                        if o.has_authority() {
                            lowered[o.host_start()..o.host_end()].make_ascii_lowercase();
                        }
                    }
                    assert_eq!(general, lowered, "{s:?}");
                    // Without an uppercase letter before the path, an exact copy.
                    assert!(upper || general == *s, "{s:?}");
                }
                assert_eq!(
                    n.normal_form(&r, &schemes, true, |s, o| (s, o)),
                    (general.clone(), o),
                    "{s:?}"
                );
                assert_eq!(n.normalize(&r).as_str(), general, "{s:?}");
                assert_eq!(n.normalize_to_string(&r, &schemes), general, "{s:?}");
                let mut appended = String::from("before");
                n.write(&r, &schemes, &mut appended);
                assert_eq!(appended.strip_prefix("before"), Some(general.as_str()));
                assert_eq!(n.is_normalized(&r), general == *s, "{s:?}");
            }
            assert!(copies > 5, "{copies}");
        }
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(400))]

        /// Every level's shortcut (the copy, `to_owned`, `is_normalized`)
        /// agrees with the general writer on URL-shaped strings.
        #[test]
        fn shortcuts_agree_with_the_general_writer(
            s in concat!(
                "([a-zA-Z][a-zA-Z+]{0,4}:)?",
                "(//(([a-zA-Z:]|%4[1a]){0,3}@)?([a-zA-Z0-9.]|%4[1a]|%2[eE]){0,10}(:[0-9]{0,2})?)?",
                "(/|[a-zA-Z]|[.]|%2[eE]|%4[1a]|%7[eE]|%2F|:){0,30}",
                "([?]([/a-zA-Z.]|%4[1a]){0,10})?(#([/a-zA-Z.]|%7e){0,6})?",
            )
        ) {
            let Ok(r) = UriRef::parse(&s) else { return Ok(()) };
            let schemes = SchemeRegistry::standard();
            for level in [Level::String, Level::Syntax, Level::Scheme] {
                let n = Normalizer::new().level(level);
                let (general, o) = n.normal_form(&r, &schemes, false, |s, o| (s, o));
                let got = n.normalize(&r);
                proptest::prop_assert_eq!(got.as_str(), general.as_str(), "{:?}", s);
                proptest::prop_assert_eq!(got.as_uri_ref().offsets(), o, "{:?}", s);
                proptest::prop_assert_eq!(n.is_normalized(&r), general == s, "{:?}", s);
            }
        }
    }

    fn n(level: Level, s: &str) -> String {
        let r = UriRef::parse(s).unwrap();
        Normalizer::new().level(level).normalize(&r).into_string()
    }

    #[test]
    fn rfc_6_2_2_example() {
        assert_eq!(
            n(Level::Syntax, "eXAMPLE://a/./b/../b/%63/%7bfoo%7d"),
            "example://a/b/c/%7Bfoo%7D"
        );
    }

    #[test]
    fn scheme_based_http_forms() {
        for s in [
            "http://example.com",
            "http://example.com/",
            "http://example.com:/",
            "http://example.com:80/",
            "HTTP://EXAMPLE.com:0080",
        ] {
            assert_eq!(n(Level::Scheme, s), "http://example.com/", "{s}");
        }
        assert_eq!(n(Level::Scheme, "http://h:081"), "http://h:81/");
        assert_eq!(n(Level::Scheme, "foo://h:080"), "foo://h:80");
        assert_eq!(n(Level::Scheme, "http:"), "http:");
        assert_eq!(n(Level::Syntax, "http://h:80"), "http://h:80");
        assert_eq!(n(Level::Syntax, "http://h:"), "http://h");
    }

    #[test]
    fn hosts() {
        assert_eq!(n(Level::Syntax, "//[2001:DB8:0::1]"), "//[2001:db8:0::1]");
        assert_eq!(n(Level::Scheme, "//[2001:DB8:0::1]"), "//[2001:db8::1]");
        assert_eq!(n(Level::Scheme, "//[::FFFF:1.2.3.4]"), "//[::ffff:1.2.3.4]");
        assert_eq!(n(Level::Syntax, "//[vF.AbC]"), "//[vf.abc]");
        assert_eq!(n(Level::Syntax, "//Ex%41mple%2Ecom"), "//example.com");
        assert_eq!(n(Level::Syntax, "//127.0.0.%31"), "//127.0.0.1");
    }

    #[test]
    fn string_level_changes_nothing_but_optional_steps() {
        assert_eq!(n(Level::String, "HTTP://A/./b?%7e#F"), "HTTP://A/./b?%7e#F");
        let r = UriRef::parse("HTTP://A./x?b&a#f").unwrap();
        let all = Normalizer::new()
            .level(Level::String)
            .drop_fragment(true)
            .sort_query(true)
            .remove_trailing_host_dot(true);
        assert_eq!(all.normalize(&r).as_str(), "HTTP://A/x?a&b");
    }

    #[test]
    fn optional_steps() {
        let r = UriRef::parse("http://a.b../?z=1&a=2&z=0&a#f").unwrap();
        let c = Normalizer::new()
            .drop_fragment(true)
            .sort_query(true)
            .remove_trailing_host_dot(true);
        assert_eq!(c.normalize(&r).as_str(), "http://a.b/?a=2&a&z=1&z=0");
        let r = UriRef::parse("http://.../").unwrap();
        assert_eq!(c.normalize(&r).as_str(), "http://.../");
    }
}
