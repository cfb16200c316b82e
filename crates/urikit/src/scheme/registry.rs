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
//! // A scheme of our own, without touching the library: a default port and
//! // rules (an authority, and a path of one segment at most).
//! use urikit::scheme::{SchemeError, SchemeErrorKind};
//! use urikit::Uri;
//!
//! fn my_rules(uri: &Uri<'_>) -> Result<(), SchemeError> {
//!     match uri.path().get(1..).and_then(|p| p.find('/')) {
//!         Some(k) => Err(SchemeError::new(
//!             uri.as_str().len() - uri.path().len() + 1 + k,
//!             SchemeErrorKind::UnexpectedPath,
//!             "myproto: path = [ \"/\" segment ]",
//!         )),
//!         None => Ok(()),
//!     }
//! }
//! schemes.register(
//!     "myproto",
//!     SchemeInfo::new().default_port(7000).authority_required(true).validator(my_rules),
//! );
//! assert_eq!(schemes.default_port("MyProto"), Some(7000));
//! assert!(schemes.validate(&Uri::parse("myproto://h/one")?).is_ok());
//! let err = schemes.validate(&Uri::parse("myproto://h/one/two")?).unwrap_err();
//! assert_eq!((err.index(), err.kind()), (15, SchemeErrorKind::UnexpectedPath));
//! let err = schemes.validate(&Uri::parse("myproto:one")?).unwrap_err();
//! assert_eq!(err.kind(), SchemeErrorKind::MissingAuthority);
//!
//! // The built-in schemes check their own rules.
//! let err = schemes.validate(&Uri::parse("http:///path")?).unwrap_err();
//! assert_eq!(err.kind(), SchemeErrorKind::EmptyHost);
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```

use alloc::string::String;
use alloc::vec::Vec;

use super::{SchemeError, SchemeErrorKind};
use crate::Uri;

/// A scheme's rules, as a function: `Ok` when the URI follows them, else the
/// first rule broken and where.
pub type Validator = fn(&Uri<'_>) -> Result<(), SchemeError>;

/// What a scheme's specification says about the generic components, and the
/// function that checks its own rules.
///
/// Built with `const fn` setters, so tables of them can be `const`.
#[derive(Clone, Copy, Debug, Default)]
pub struct SchemeInfo {
    default_port: Option<u16>,
    authority_required: bool,
    empty_path_is_root: bool,
    validator: Option<Validator>,
}

impl PartialEq for SchemeInfo {
    /// Validators compare by address.
    fn eq(&self, other: &SchemeInfo) -> bool {
        self.default_port == other.default_port
            && self.authority_required == other.authority_required
            && self.empty_path_is_root == other.empty_path_is_root
            && self.validator.map(|f| f as usize) == other.validator.map(|f| f as usize)
    }
}

impl Eq for SchemeInfo {}

impl SchemeInfo {
    /// No default port, no rules.
    pub const fn new() -> SchemeInfo {
        SchemeInfo {
            default_port: None,
            authority_required: false,
            empty_path_is_root: false,
            validator: None,
        }
    }

    /// Sets the function that checks the scheme's own rules (run by
    /// [`SchemeRegistry::validate`] after the structural checks).
    pub const fn validator(mut self, f: Validator) -> SchemeInfo {
        self.validator = Some(f);
        self
    }

    /// The rules' function, if the scheme has one.
    pub const fn rules(&self) -> Option<Validator> {
        self.validator
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
    (
        "afs",
        SchemeInfo::new()
            .authority_required(true)
            .validator(super::afs::validate),
    ),
    ("coap", net(5683)),
    ("coaps", net(5684)),
    ("data", SchemeInfo::new().validator(super::data::validate)), // RFC 2397
    ("dns", SchemeInfo::new().default_port(53)),
    ("file", SchemeInfo::new().validator(super::file::validate)), // RFC 8089
    ("ftp", web(21).validator(super::ftp::validate)),             // RFC 1738 3.2
    ("ftps", web(990)),
    ("git", net(9418)),
    ("gopher", net(70).validator(super::gopher::validate)), // RFC 4266
    ("http", web(80).validator(super::http::validate)),     // RFC 9110 4.2.1
    ("https", web(443).validator(super::http::validate)),   // RFC 9110 4.2.2
    ("imap", net(143)),                                     // RFC 5092
    ("imaps", net(993)),
    ("ipp", net(631)),  // RFC 8010
    ("ipps", net(443)), // RFC 7472
    ("irc", net(194)),
    ("ldap", net(389).validator(super::ldap::validate)), // RFC 4516 ("//" required, host optional)
    ("ldaps", net(636).validator(super::ldap::validate)),
    (
        "mailto",
        SchemeInfo::new().validator(super::mailto::validate),
    ), // RFC 6068
    ("mqtt", net(1883)),
    ("mqtts", net(8883)),
    (
        "news",
        SchemeInfo::new()
            .default_port(119)
            .validator(super::news::validate_news),
    ), // RFC 5538 (authority optional)
    ("nfs", net(2049)),                                       // RFC 2224
    ("nntp", net(119).validator(super::news::validate_nntp)), // RFC 5538
    ("nntps", net(563)),
    ("pop", net(110)), // RFC 2384
    ("pops", net(995)),
    ("prospero", net(1525).validator(super::prospero::validate)), // RFC 4157
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
    ("tel", SchemeInfo::new().validator(super::tel::validate)), // RFC 3966
    ("telnet", net(23).validator(super::telnet::validate)),     // RFC 4248
    ("tftp", net(69)),                                          // RFC 3617
    ("vnc", net(5900)),                                         // RFC 7869
    ("wais", net(210).validator(super::wais::validate)),        // RFC 4156
    ("ws", web(80).validator(super::ws::validate)),             // RFC 6455
    ("wss", web(443).validator(super::ws::validate)),           // RFC 6455
    ("z39.50r", net(210)),                                      // RFC 2056
    ("z39.50s", net(210)),
];

/// The schemes a program knows: the built-in table plus its own additions,
/// which take precedence. Lookups are ASCII case-insensitive (schemes are,
/// RFC 3986 section 3.1).
#[derive(Clone, Debug)]
pub struct SchemeRegistry {
    extra: Vec<(String, SchemeInfo)>,
    no_builtin: bool,
}

/// The standard registry as a value of its own, for the calls that use it
/// without taking one ([`Normalizer::normalize`](crate::normalize::Normalizer::normalize)):
/// nothing to build on each call.
pub(crate) static STANDARD: SchemeRegistry = SchemeRegistry::standard();

impl Default for SchemeRegistry {
    /// The built-in schemes ([`SchemeRegistry::standard`]).
    fn default() -> SchemeRegistry {
        SchemeRegistry::standard()
    }
}

impl SchemeRegistry {
    /// The built-in schemes.
    pub const fn standard() -> SchemeRegistry {
        SchemeRegistry {
            extra: Vec::new(),
            no_builtin: false,
        }
    }

    /// No scheme at all (for callers who want only their own).
    pub const fn empty() -> SchemeRegistry {
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

    /// Whether an empty path means `/` for `scheme` (unknown schemes: no).
    pub fn has_root_for_empty_path(&self, scheme: &str) -> bool {
        self.get(scheme)
            .is_some_and(|i| i.has_root_for_empty_path())
    }

    /// Checks `uri` against what is known of its scheme: an authority when
    /// one is required, then the scheme's validator. A scheme the registry
    /// does not know has no rules beyond RFC 3986, so its URIs pass.
    ///
    /// # Errors
    /// The first rule broken, with the byte index where.
    ///
    /// # Example
    /// ```
    /// use urikit::scheme::SchemeRegistry;
    /// use urikit::Uri;
    ///
    /// let schemes = SchemeRegistry::standard();
    /// let err = schemes.validate(&Uri::parse("ftp://host/a;type=x")?).unwrap_err();
    /// assert_eq!((err.index(), err.kind().name()), (18, "invalid_value"));
    /// assert!(schemes.validate(&Uri::parse("x-unknown:anything")?).is_ok());
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn validate(&self, uri: &Uri<'_>) -> Result<(), SchemeError> {
        let Some(info) = self.get(uri.scheme()) else {
            return Ok(());
        };
        if info.requires_authority() && !uri.has_authority() {
            return Err(SchemeError::new(
                uri.scheme().len() + 1,
                SchemeErrorKind::MissingAuthority,
                "RFC 3986 section 3.2: this scheme requires an authority (\"//host\")",
            ));
        }
        match info.rules() {
            Some(f) => f(uri),
            None => Ok(()),
        }
    }
}

/// The default port of the built-in scheme `name` (lowercase), for a
/// constant: `const HTTP: u16 = builtin_port("http");` reads the port from
/// [`BUILTIN`] (the one place it is written) at compile time, so the views
/// that name it do no lookup at run time. A name without a default port
/// fails the build.
pub(crate) const fn builtin_port(name: &str) -> u16 {
    let mut i = 0;
    while i < BUILTIN.len() {
        if const_eq(BUILTIN[i].0.as_bytes(), name.as_bytes()) {
            if let Some(p) = BUILTIN[i].1.default_port {
                return p;
            }
        }
        i += 1;
    }
    panic!("a scheme without a default port in the built-in registry")
}

/// `a == b`, in a `const fn`.
const fn const_eq(a: &[u8], b: &[u8]) -> bool {
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
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
