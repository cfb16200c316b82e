//! Security checks (RFC 3986 section 7): what in a URI could surprise the
//! person reading it or the program using it.
//!
//! ```
//! use urikit::security::{check, Code, Severity};
//! use urikit::UriRef;
//!
//! let s = "http://www.example.com&story=breaking_news@10.0.0.1/top_story.htm";
//! let findings = check(&UriRef::parse(s)?);
//! let codes: Vec<_> = findings.iter().map(|f| f.code.name()).collect();
//! assert_eq!(codes, ["userinfo_present", "userinfo_looks_like_host", "private_address"]);
//! assert_eq!(findings[1].severity, Severity::Danger);
//! assert_eq!(&s[findings[1].range()], "www.example.com&story=breaking_news");
//!
//! assert!(check(&UriRef::parse("https://example.com/")?).is_empty());
//! # Ok::<_, urikit::ParseError>(())
//! ```
//!
//! Each [`Finding`] has a stable snake_case [`Code`], a [`Severity`], a
//! message for people, and the byte range it is about. The checks, by the
//! subsection of RFC 3986 they come from (the 2003 draft has no 7.3 "Back-End
//! Transcoding", so its 7.3 to 7.5 are RFC 3986's 7.4 to 7.6; the 1997 draft
//! has the port, escaped-delimiter and password warnings in one section 7):
//!
//! | code | severity | what |
//! |---|---|---|
//! | `rare_ipv4_form` | danger | a reg-name host that `inet_aton()` or a browser reads as an IPv4 address (`0x7f.1`, `0x.0x.0`), 7.4 |
//! | `ipv4_mapped_ipv6`, `ipv4_compatible_ipv6` | warning | an IPv6 literal carrying an IPv4 address |
//! | `loopback_address`, `private_address`, `link_local_address`, `unspecified_address` | warning | a host that reaches the local host or network (the numeric value counts, whatever the form; `localhost` too) |
//! | `special_address` | info | multicast, broadcast, documentation, reserved... |
//! | `pct_encoded_host` | warning | `%XX` in a reg-name host |
//! | `encoded_delimiter_in_host` | danger | a `%XX` in the host that decodes to `.`, `/`, `\`, `@`, `:`, `?`, `#`, `[`, `]` |
//! | `userinfo_present` | info | a userinfo at all, 7.6 |
//! | `userinfo_looks_like_host` | danger | a userinfo that reads as a host name, an IPv4 address or a URL, 7.6 |
//! | `password_in_userinfo` | warning | `user:password`, 7.5 |
//! | `non_default_port` | info | a port (1024 and up) other than the scheme's default, 7.2 |
//! | `non_default_low_port` | warning | the same, below 1024 ("within the reserved space") |
//! | `other_protocol_port` | danger | a well-known port of another protocol ([`port::WELL_KNOWN`]) |
//! | `port_out_of_range` | warning | a port over 65535 |
//! | `encoded_newline`, `encoded_nul` | danger | `%0D`, `%0A`, `%00` anywhere, 7.2 |
//! | `encoded_control` | warning | another `%XX` control character (`%01`-`%1F`, `%7F`; C1 as UTF-8, `%C2%85`) |
//! | `lookalike_character` | danger | a character that looks like a URI delimiter (`／`, `＠`, `∕`...) |
//! | `non_ascii_host` | warning | a host with non-ASCII characters (a possible homograph) |
//! | `punycode_host` | info | a host label starting `xn--` |
//! | `backslash_authority` | danger | `\` where lenient parsers read `/` (`http:\\evil.example`) |
//! | `raw_control` | danger | a control character in the raw input (lenient parsers drop tab and newline) |
//! | `lenient_authority` | warning | `http:/h/`, `http:///h/`, `http:h`: no host to RFC 3986, a host to browsers |
//! | `browser_host_differs`, `browser_port_differs`, `browser_userinfo_differs` | danger | browsers (the WHATWG URL Standard) take the host, port or userinfo apart differently from RFC 3986 (feature `whatwg`) |
//! | `browser_path_differs` | warning | the same for the path (dot segments an opaque path keeps, `http:path` read as a host...), query or fragment |
//! | `browser_repairs` | info | RFC 3986 rejects the input, browsers read a URL in it (shown) |
//!
//! The last rows from `non_ascii_host` (and `lookalike_character`) concern text that is not a
//! URI under RFC 3986 but that a lenient parser (a browser's, WHATWG's)
//! accepts: [`Checker::check_str`] looks for them in the raw input before
//! parsing it.
//!
//! For protocol use, [`decode::ProtocolDecoder`] decodes a component and
//! refuses to produce control characters (section 7.2: CR and LF "are not
//! unescaped before transmission").

#[cfg(feature = "whatwg")]
mod browser;
pub mod classify;
pub mod decode;
mod escapes;
mod host;
mod lenient;
pub mod port;
pub mod rare_ip;
mod userinfo;

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;
use core::ops::Range;

use crate::error::ParseError;
use crate::scheme::SchemeRegistry;
use crate::uri::UriRef;

/// How much a finding matters.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Severity {
    /// Worth knowing; harmless by itself.
    Info,
    /// Unusual enough to deserve a look before use.
    Warning,
    /// Characteristic of an attack: misleading or dangerous to use as is.
    Danger,
}

impl Severity {
    /// The stable name: `"info"`, `"warning"` or `"danger"`.
    pub const fn name(self) -> &'static str {
        match self {
            Severity::Info => "info",
            Severity::Warning => "warning",
            Severity::Danger => "danger",
        }
    }
}

macro_rules! codes {
    ($($(#[$doc:meta])* $v:ident = $name:literal, $sev:ident;)*) => {
        /// What a [`Finding`] is about. The snake_case [`name`](Code::name) is
        /// stable (the CLI prints it); see the [module docs](self) for the table.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        #[non_exhaustive]
        pub enum Code {
            $($(#[$doc])* $v,)*
        }

        impl Code {
            /// Every code, in the order of the table.
            pub const ALL: &'static [Code] = &[$(Code::$v,)*];

            /// The stable snake_case name.
            pub const fn name(self) -> &'static str {
                match self { $(Code::$v => $name,)* }
            }

            /// The severity every finding of this code has.
            pub const fn severity(self) -> Severity {
                match self { $(Code::$v => Severity::$sev,)* }
            }
        }
    };
}

codes! {
    /// A reg-name host that `inet_aton()` reads as an IPv4 address.
    RareIpv4Form = "rare_ipv4_form", Danger;
    /// An IPv4-mapped IPv6 literal (`[::ffff:a.b.c.d]`).
    Ipv4MappedIpv6 = "ipv4_mapped_ipv6", Warning;
    /// An IPv4-compatible IPv6 literal (`[::a.b.c.d]`, deprecated).
    Ipv4CompatibleIpv6 = "ipv4_compatible_ipv6", Warning;
    /// A loopback address, or the name `localhost` (RFC 6761).
    LoopbackAddress = "loopback_address", Warning;
    /// A private address (RFC 1918, RFC 6598 shared, unique/site-local IPv6).
    PrivateAddress = "private_address", Warning;
    /// A link-local address.
    LinkLocalAddress = "link_local_address", Warning;
    /// The unspecified address or "this network" (`0.0.0.0/8`, `::`).
    UnspecifiedAddress = "unspecified_address", Warning;
    /// Another special-purpose address (multicast, documentation, ...).
    SpecialAddress = "special_address", Info;
    /// Percent-encoding in a reg-name host.
    PctEncodedHost = "pct_encoded_host", Warning;
    /// A percent-encoded delimiter in a host.
    EncodedDelimiterInHost = "encoded_delimiter_in_host", Danger;
    /// A userinfo is present.
    UserinfoPresent = "userinfo_present", Info;
    /// The userinfo looks like a host name, an address or a URL.
    UserinfoLooksLikeHost = "userinfo_looks_like_host", Danger;
    /// The userinfo holds a password.
    PasswordInUserinfo = "password_in_userinfo", Warning;
    /// A port other than the scheme's default, 1024 or above.
    NonDefaultPort = "non_default_port", Info;
    /// A port other than the scheme's default, below 1024.
    NonDefaultLowPort = "non_default_low_port", Warning;
    /// A well-known port of another protocol.
    OtherProtocolPort = "other_protocol_port", Danger;
    /// A port over 65535.
    PortOutOfRange = "port_out_of_range", Warning;
    /// A percent-encoded CR or LF.
    EncodedNewline = "encoded_newline", Danger;
    /// A percent-encoded NUL.
    EncodedNul = "encoded_nul", Danger;
    /// Another percent-encoded control character.
    EncodedControl = "encoded_control", Warning;
    /// A character that looks like a URI delimiter.
    LookalikeCharacter = "lookalike_character", Danger;
    /// A host with non-ASCII characters.
    NonAsciiHost = "non_ascii_host", Warning;
    /// A host with a punycode (`xn--`) label.
    PunycodeHost = "punycode_host", Info;
    /// A backslash where lenient parsers read a slash.
    BackslashAuthority = "backslash_authority", Danger;
    /// A control character in the raw input.
    RawControl = "raw_control", Danger;
    /// Slashes after a special scheme that browsers read as an authority.
    LenientAuthority = "lenient_authority", Warning;
    /// Browsers (the WHATWG URL Standard) read another host (or scheme).
    BrowserHostDiffers = "browser_host_differs", Danger;
    /// Browsers read another port.
    BrowserPortDiffers = "browser_port_differs", Danger;
    /// Browsers read another userinfo (or none, or one where RFC 3986 has none).
    BrowserUserinfoDiffers = "browser_userinfo_differs", Danger;
    /// Browsers read another path (or query, or fragment).
    BrowserPathDiffers = "browser_path_differs", Warning;
    /// RFC 3986 rejects the input; browsers read a URL in it.
    BrowserRepairs = "browser_repairs", Info;
}

/// One thing found in a URI: what, how bad, and where (`start..end`, byte
/// offsets in the checked string).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Finding {
    /// What was found.
    pub code: Code,
    /// How much it matters (always `code.severity()`).
    pub severity: Severity,
    /// An explanation for people, naming the values involved.
    pub message: String,
    /// The first byte the finding is about.
    pub start: usize,
    /// One past the last byte the finding is about.
    pub end: usize,
}

impl Finding {
    pub(crate) fn new(code: Code, range: Range<usize>, message: String) -> Finding {
        Finding {
            code,
            severity: code.severity(),
            message,
            start: range.start,
            end: range.end,
        }
    }

    /// `start..end`.
    pub fn range(&self) -> Range<usize> {
        self.start..self.end
    }
}

impl fmt::Display for Finding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} {} at {}..{}: {}",
            self.severity.name(),
            self.code.name(),
            self.start,
            self.end,
            self.message
        )
    }
}

/// The result of checking a string that may not be a URI.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report {
    /// What was found, sorted by position.
    pub findings: Vec<Finding>,
    /// Why the string is not an RFC 3986 URI reference, if it is not.
    pub error: Option<ParseError>,
}

impl Report {
    /// The highest severity found, if anything was.
    pub fn max_severity(&self) -> Option<Severity> {
        self.findings.iter().map(|f| f.severity).max()
    }
}

/// The checks, with the scheme knowledge they use (default ports).
///
/// # Example
/// ```
/// use urikit::scheme::{SchemeInfo, SchemeRegistry};
/// use urikit::security::{Checker, Code};
/// use urikit::UriRef;
///
/// let uri = UriRef::parse("myproto://example.com:7000/")?;
/// let codes = |c: &Checker| c.check(&uri).iter().map(|f| f.code).collect::<Vec<_>>();
/// assert_eq!(codes(&Checker::new()), []);
///
/// let mut schemes = SchemeRegistry::standard();
/// schemes.register("myproto", SchemeInfo::new().default_port(7001));
/// assert_eq!(codes(&Checker::with_registry(schemes)), [Code::NonDefaultPort]);
/// # Ok::<_, urikit::ParseError>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct Checker {
    registry: SchemeRegistry,
}

impl Checker {
    /// The checks with the standard scheme registry.
    pub fn new() -> Checker {
        Checker::default()
    }

    /// The checks with the caller's schemes.
    pub fn with_registry(registry: SchemeRegistry) -> Checker {
        Checker { registry }
    }

    /// Checks a parsed reference. The findings are sorted by position.
    pub fn check(&self, uri: &UriRef<'_>) -> Vec<Finding> {
        let mut out = Vec::new();
        userinfo::check(uri, &mut out);
        host::check(uri, &mut out);
        port::check(uri, &self.registry, &mut out);
        escapes::check(uri, &mut out);
        sort(&mut out);
        out
    }

    /// Checks a string that may come from a lenient source: the raw text is
    /// searched for what lenient parsers read differently (backslashes,
    /// lookalike characters, control characters, non-ASCII hosts), then,
    /// if it parses, the reference is checked as by [`check`](Checker::check).
    ///
    /// # Example
    /// ```
    /// use urikit::security::{Checker, Code};
    ///
    /// let r = Checker::new().check_str("https:\\\\evil.example\\good.example/");
    /// assert!(r.error.is_some());
    /// assert!(r.findings.iter().any(|f| f.code == Code::BackslashAuthority));
    /// ```
    pub fn check_str(&self, input: &str) -> Report {
        let mut findings = Vec::new();
        lenient::check(input, &mut findings);
        #[cfg(feature = "whatwg")]
        browser::check(input, &mut findings);
        let error = match UriRef::parse(input) {
            Ok(uri) => {
                findings.extend(self.check(&uri));
                None
            }
            Err(e) => Some(e),
        };
        sort(&mut findings);
        Report { findings, error }
    }
}

/// `s` for a message: at most 60 characters, the rest elided with "...", so
/// that an adversarial megabyte does not end up in every message.
pub(crate) fn clip(s: &str) -> alloc::borrow::Cow<'_, str> {
    match s.char_indices().nth(60) {
        None => alloc::borrow::Cow::Borrowed(s),
        Some((k, _)) => alloc::borrow::Cow::Owned(alloc::format!("{}...", &s[..k])),
    }
}

fn sort(v: &mut [Finding]) {
    v.sort_by_key(|f| (f.start, f.end, f.code));
}

/// The IP address a host denotes to a platform resolver: the address of an
/// IPv4 or IPv6 host, or, for a registered name, the address `inet_aton()`
/// (or else a browser, [`rare_ip::parse_whatwg_ipv4`]) reads in it once
/// percent-decoded (`0x7f.1`, `%31%32%37.1`, `0x.0x.0`); `None` for a
/// name that is not a number (it needs DNS) and for IPvFuture.
///
/// Section 7.4 advises filtering "based on the numeric value, rather than a
/// prefix or suffix of the string form": this is that value.
///
/// # Example
/// ```
/// use std::net::{IpAddr, Ipv4Addr};
/// use urikit::security::{classify::classify, host_address};
/// use urikit::UriRef;
///
/// let deny = |s: &str| {
///     let host = UriRef::parse(s).unwrap().host().unwrap();
///     host_address(host).is_some_and(|a| classify(a).is_internal())
/// };
/// assert!(deny("http://127.0.0.1/") && deny("http://2130706433/") && deny("http://0x7f.1/"));
/// assert!(deny("http://[::ffff:7f00:1]/") && deny("http://%31%32%37.1/"));
/// assert!(!deny("http://example.com/") && !deny("http://8.8.8.8/"));
/// ```
pub fn host_address(host: crate::host::Host<'_>) -> Option<core::net::IpAddr> {
    use crate::host::Host;
    match host {
        Host::Ipv4(a) => Some(a.into()),
        Host::Ipv6 { addr, .. } => Some(addr.into()),
        Host::IpvFuture(_) => None,
        Host::RegName(name) => {
            let decoded = crate::pct::decode_utf8(name).ok()?;
            let a = rare_ip::parse_inet_aton(&decoded)
                .or_else(|_| rare_ip::parse_whatwg_ipv4(&decoded))
                .ok()?;
            Some(a.addr().into())
        }
    }
}

/// Checks `uri` with the standard scheme registry ([`Checker::check`]).
pub fn check(uri: &UriRef<'_>) -> Vec<Finding> {
    Checker::new().check(uri)
}

/// Checks a string that may not be a URI ([`Checker::check_str`]).
pub fn check_str(input: &str) -> Report {
    Checker::new().check_str(input)
}
