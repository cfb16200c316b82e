//! The scheme registry: default ports and structural rules per scheme, built in
//! for the classic and common schemes and extensible by callers.
//!
//! ```
//! use urikit::scheme::{SchemeInfo, SchemeRegistry};
//!
//! let mut schemes = SchemeRegistry::standard();
//! assert_eq!(schemes.default_port("HTTP"), Some(80));
//! assert_eq!(schemes.default_port("gopher"), Some(70));
//!
//! // A scheme of our own, without touching the library.
//! schemes.register("myproto", SchemeInfo::new().default_port(7000).authority_required(true));
//! assert_eq!(schemes.default_port("MyProto"), Some(7000));
//! ```

use alloc::string::String;
use alloc::vec::Vec;

/// What a scheme's specification says about the generic components.
///
/// Built with `const fn` setters, so tables of them can be `const`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct SchemeInfo {
    default_port: Option<u16>,
    authority_required: bool,
    empty_path_is_root: bool,
}

impl SchemeInfo {
    /// No default port, no rules.
    pub const fn new() -> SchemeInfo {
        SchemeInfo {
            default_port: None,
            authority_required: false,
            empty_path_is_root: false,
        }
    }

    /// Sets the default port (RFC 3986 section 6.2.3: a port equal to it may be
    /// dropped).
    pub const fn default_port(mut self, port: u16) -> SchemeInfo {
        self.default_port = Some(port);
        self
    }

    /// Sets whether URIs of the scheme must have an authority.
    pub const fn authority_required(mut self, yes: bool) -> SchemeInfo {
        self.authority_required = yes;
        self
    }

    /// Sets whether an empty path means `/` (as for http: RFC 3986 section 6.2.3).
    pub const fn empty_path_is_root(mut self, yes: bool) -> SchemeInfo {
        self.empty_path_is_root = yes;
        self
    }

    /// The default port, if the scheme has one.
    pub const fn port(&self) -> Option<u16> {
        self.default_port
    }

    /// Whether an authority is required.
    pub const fn requires_authority(&self) -> bool {
        self.authority_required
    }

    /// Whether an empty path is equivalent to `/`.
    pub const fn has_root_for_empty_path(&self) -> bool {
        self.empty_path_is_root
    }
}

/// A network scheme: default port, authority required.
const fn net(port: u16) -> SchemeInfo {
    SchemeInfo::new()
        .default_port(port)
        .authority_required(true)
}

/// A hierarchical network scheme whose empty path means `/` (RFC 3986 6.2.3).
const fn web(port: u16) -> SchemeInfo {
    net(port).empty_path_is_root(true)
}

/// The built-in schemes (lowercase names), sorted by name for binary search.
/// Ports: the scheme's RFC and the IANA service-names registry.
pub const BUILTIN: &[(&str, SchemeInfo)] = &[
    ("afs", SchemeInfo::new().authority_required(true)),
    ("coap", net(5683)),
    ("coaps", net(5684)),
    ("dns", SchemeInfo::new().default_port(53)),
    ("file", SchemeInfo::new()),
    ("ftp", web(21)), // RFC 1738 3.2
    ("ftps", web(990)),
    ("git", net(9418)),
    ("gopher", net(70)), // RFC 4266
    ("http", web(80)),   // RFC 9110 4.2.1
    ("https", web(443)), // RFC 9110 4.2.2
    ("imap", net(143)),  // RFC 5092
    ("imaps", net(993)),
    ("ipp", net(631)),  // RFC 8010
    ("ipps", net(443)), // RFC 7472
    ("irc", net(194)),
    ("ldap", SchemeInfo::new().default_port(389)), // RFC 4516 (authority optional)
    ("ldaps", SchemeInfo::new().default_port(636)),
    ("mqtt", net(1883)),
    ("mqtts", net(8883)),
    ("news", SchemeInfo::new().default_port(119)), // RFC 5538 (authority optional)
    ("nfs", net(2049)),                            // RFC 2224
    ("nntp", net(119)),                            // RFC 5538
    ("nntps", net(563)),
    ("pop", net(110)), // RFC 2384
    ("pops", net(995)),
    ("prospero", net(1525)), // RFC 4157
    ("redis", net(6379)),
    ("rsync", net(873)), // RFC 5781
    ("rtsp", net(554)),  // RFC 7826
    ("rtsps", net(322)),
    ("sftp", net(22)),
    ("sip", SchemeInfo::new().default_port(5060)), // RFC 3261
    ("sips", SchemeInfo::new().default_port(5061)),
    ("smb", net(445)),
    ("snews", SchemeInfo::new().default_port(563)),
    ("ssh", net(22)),
    ("svn", net(3690)),
    ("telnet", net(23)),   // RFC 4248
    ("tftp", net(69)),     // RFC 3617
    ("vnc", net(5900)),    // RFC 7869
    ("wais", net(210)),    // RFC 4156
    ("ws", web(80)),       // RFC 6455
    ("wss", web(443)),     // RFC 6455
    ("z39.50r", net(210)), // RFC 2056
    ("z39.50s", net(210)),
];

/// The schemes a program knows: the built-in table plus its own additions,
/// which take precedence. Lookups are ASCII case-insensitive (schemes are,
/// RFC 3986 section 3.1).
#[derive(Clone, Debug, Default)]
pub struct SchemeRegistry {
    extra: Vec<(String, SchemeInfo)>,
    no_builtin: bool,
}

impl SchemeRegistry {
    /// The built-in schemes.
    pub fn standard() -> SchemeRegistry {
        SchemeRegistry::default()
    }

    /// No scheme at all (for callers who want only their own).
    pub fn empty() -> SchemeRegistry {
        SchemeRegistry {
            extra: Vec::new(),
            no_builtin: true,
        }
    }

    /// Adds or replaces a scheme.
    pub fn register(&mut self, name: impl Into<String>, info: SchemeInfo) -> &mut SchemeRegistry {
        let mut name = name.into();
        name.make_ascii_lowercase();
        match self.extra.iter_mut().find(|(n, _)| *n == name) {
            Some(slot) => slot.1 = info,
            None => self.extra.push((name, info)),
        }
        self
    }

    /// What is known of `scheme`, if anything.
    pub fn get(&self, scheme: &str) -> Option<SchemeInfo> {
        if let Some((_, info)) = self
            .extra
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(scheme))
        {
            return Some(*info);
        }
        if self.no_builtin {
            return None;
        }
        builtin(scheme)
    }

    /// The default port of `scheme`, if it has one.
    pub fn default_port(&self, scheme: &str) -> Option<u16> {
        self.get(scheme)?.port()
    }
}

/// The built-in entry for `scheme` (any case).
pub fn builtin(scheme: &str) -> Option<SchemeInfo> {
    let mut buf = [0u8; 16];
    let name = scheme.as_bytes();
    if name.len() > buf.len() {
        return None;
    }
    let lower = &mut buf[..name.len()];
    lower.copy_from_slice(name);
    lower.make_ascii_lowercase();
    BUILTIN
        .binary_search_by(|(n, _)| n.as_bytes().cmp(lower))
        .ok()
        .map(|k| BUILTIN[k].1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn builtin_table_is_sorted_and_lowercase() {
        for w in BUILTIN.windows(2) {
            assert!(w[0].0 < w[1].0, "{} before {}", w[0].0, w[1].0);
        }
        for (n, _) in BUILTIN {
            assert_eq!(n.to_ascii_lowercase(), *n);
            assert!(n.len() <= 16);
        }
    }

    #[test]
    fn classic_default_ports() {
        let r = SchemeRegistry::standard();
        let expected = [
            ("http", 80),
            ("https", 443),
            ("ws", 80),
            ("wss", 443),
            ("ftp", 21),
            ("telnet", 23),
            ("gopher", 70),
            ("nntp", 119),
            ("news", 119),
            ("wais", 210),
            ("prospero", 1525),
        ];
        for (s, p) in expected {
            assert_eq!(r.default_port(s), Some(p), "{s}");
            assert_eq!(r.default_port(&s.to_ascii_uppercase()), Some(p), "{s}");
        }
        assert_eq!(r.default_port("mailto"), None);
        assert_eq!(r.default_port("a-very-long-scheme-name-indeed"), None);
    }

    #[test]
    fn callers_add_and_override() {
        let mut r = SchemeRegistry::standard();
        r.register("HTTP", SchemeInfo::new().default_port(8080));
        assert_eq!(r.default_port("http"), Some(8080));
        r.register("x-mine", SchemeInfo::new().default_port(1));
        assert_eq!(r.default_port("X-Mine"), Some(1));
        assert_eq!(SchemeRegistry::empty().default_port("http"), None);
    }
}
