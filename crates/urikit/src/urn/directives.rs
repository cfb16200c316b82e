//! draft-03 query directives (draft-ietf-urnbis-rfc2141bis-urn-03, section 2.3).
//!
//! ```text
//! urn-query = directive *( "&" directive )
//! directive = keywd "=" value
//! keywd     = ALPHA *( ["-"] (ALPHA / DIGIT) )
//! value     = *v-pchar
//! v-pchar   = unreserved / pct-encoded / v-subdels
//! v-subdels = "!" / "$" / "'" / "(" / ")" / "*" / "+" / "," / ";" / "="
//!           / ":" / "@" / "/" / "?"
//! ```
//!
//! Keywords are case-sensitive. The registered keywords `s` (resolution
//! service, section 2.3.1) and `c` (component, section 2.3.2) may each appear
//! at most once.

use core::fmt;

use super::error::{UrnError, UrnErrorKind as K};
use super::syntax::scan;
use super::UrnProfile;
use crate::table::{self, Table};

/// `v-pchar` without `pct-encoded`: `unreserved / v-subdels`, that is `pchar`
/// without `"&"`, plus `"/"` and `"?"`.
const V_PCHAR: Table = table::UNRESERVED.or(Table::new(b"!$'()*+,;=:@/?"));

/// The keywords draft-03 registers (section 9.2.1): each at most once.
pub const REGISTERED_KEYWORDS: [&str; 2] = ["s", "c"];

/// One `keywd=value` directive of a draft-03 query, raw (not decoded).
///
/// # Example
/// ```
/// use urikit::urn::{ResolutionService, Urn, UrnProfile};
///
/// let urn = Urn::parse_with("urn:isbn:0-395-36341-1?s=I2L&c=ToC", UrnProfile::Draft03)?;
/// let d: Vec<_> = urn.directives().collect();
/// assert_eq!((d[0].keyword(), d[0].value()), ("s", "I2L"));
/// assert_eq!(d[0].service(), Some(ResolutionService::I2L));
/// assert_eq!((d[1].keyword(), d[1].value()), ("c", "ToC"));
/// # Ok::<_, urikit::urn::UrnError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Directive<'a> {
    keyword: &'a str,
    value: &'a str,
}

impl<'a> Directive<'a> {
    /// The keyword (before `=`).
    pub fn keyword(&self) -> &'a str {
        self.keyword
    }

    /// The value (after the first `=`), raw.
    pub fn value(&self) -> &'a str {
        self.value
    }

    /// Whether the keyword is one draft-03 registers (`s` or `c`).
    pub fn is_registered(&self) -> bool {
        REGISTERED_KEYWORDS.contains(&self.keyword)
    }

    /// For an `s` directive whose value is a registered service, that service.
    pub fn service(&self) -> Option<ResolutionService> {
        if self.keyword == "s" {
            ResolutionService::from_name(self.value)
        } else {
            None
        }
    }

    /// For a `c` directive, the component it names (raw).
    pub fn component(&self) -> Option<&'a str> {
        (self.keyword == "c").then_some(self.value)
    }
}

/// The URN resolution services of draft-03's initial registry (section 9.2.2,
/// from RFC 2483 section 4), the values of the `s` keyword.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ResolutionService {
    /// URI to URL.
    I2L,
    /// URI to URLs.
    I2Ls,
    /// URI to resource.
    I2R,
    /// URI to resources.
    I2Rs,
    /// URI to URC.
    I2C,
    /// URI to URCs.
    I2Cs,
    /// URI to URN.
    I2N,
    /// URI to URNs.
    I2Ns,
    /// URI equal to URI? (written `I=I`).
    IEqI,
}

impl ResolutionService {
    /// Every registered service, in registry order.
    pub const ALL: [ResolutionService; 9] = [
        ResolutionService::I2L,
        ResolutionService::I2Ls,
        ResolutionService::I2R,
        ResolutionService::I2Rs,
        ResolutionService::I2C,
        ResolutionService::I2Cs,
        ResolutionService::I2N,
        ResolutionService::I2Ns,
        ResolutionService::IEqI,
    ];

    /// The registered name (case-sensitive, as directives are).
    pub const fn name(self) -> &'static str {
        match self {
            ResolutionService::I2L => "I2L",
            ResolutionService::I2Ls => "I2Ls",
            ResolutionService::I2R => "I2R",
            ResolutionService::I2Rs => "I2Rs",
            ResolutionService::I2C => "I2C",
            ResolutionService::I2Cs => "I2Cs",
            ResolutionService::I2N => "I2N",
            ResolutionService::I2Ns => "I2Ns",
            ResolutionService::IEqI => "I=I",
        }
    }

    /// The service registered under `name`, if any.
    pub fn from_name(name: &str) -> Option<ResolutionService> {
        ResolutionService::ALL
            .into_iter()
            .find(|s| s.name() == name)
    }
}

impl fmt::Display for ResolutionService {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// An iterator over the directives of a draft-03 query (empty without one).
#[derive(Clone, Debug)]
pub struct Directives<'a> {
    rest: Option<&'a str>,
}

impl<'a> Directives<'a> {
    /// Over an already checked query (`None`: no query).
    pub(crate) fn new(query: Option<&'a str>) -> Directives<'a> {
        Directives { rest: query }
    }
}

impl<'a> Iterator for Directives<'a> {
    type Item = Directive<'a>;
    fn next(&mut self) -> Option<Directive<'a>> {
        let rest = self.rest?;
        let (this, next) = match rest.split_once('&') {
            Some((a, b)) => (a, Some(b)),
            None => (rest, None),
        };
        self.rest = next;
        let (keyword, value) = this.split_once('=').unwrap_or((this, ""));
        Some(Directive { keyword, value })
    }
}

/// Checks a draft-03 query starting at `start` (after `?`); returns where it
/// ends (`#` or the end).
///
/// # Errors
/// [`K::InvalidDirective`], [`K::DuplicateDirective`], or a bad `%XX`.
pub(crate) fn check_query(b: &[u8], start: usize) -> Result<usize, UrnError> {
    let mut seen = [false; REGISTERED_KEYWORDS.len()];
    let mut i = start;
    loop {
        // keywd = ALPHA *( ["-"] (ALPHA / DIGIT) )
        let kw_start = i;
        if !b.get(i).is_some_and(|c| c.is_ascii_alphabetic()) {
            return Err(UrnError::new(i, K::InvalidDirective));
        }
        i += 1;
        loop {
            match b.get(i) {
                Some(c) if c.is_ascii_alphanumeric() => i += 1,
                Some(b'-') if b.get(i + 1).is_some_and(|c| c.is_ascii_alphanumeric()) => i += 2,
                _ => break,
            }
        }
        if b.get(i) != Some(&b'=') {
            return Err(UrnError::new(i, K::InvalidDirective));
        }
        let keyword = &b[kw_start..i];
        if let Some(k) = REGISTERED_KEYWORDS
            .iter()
            .position(|r| r.as_bytes() == keyword)
        {
            if seen[k] {
                return Err(UrnError::new(kw_start, K::DuplicateDirective));
            }
            seen[k] = true;
        }
        // value = *v-pchar
        i = scan(b, i + 1, &V_PCHAR, UrnProfile::Draft03)?;
        match b.get(i) {
            None | Some(b'#') => return Ok(i),
            Some(b'&') => i += 1,
            Some(_) => return Err(UrnError::new(i, K::InvalidDirective)),
        }
    }
}
