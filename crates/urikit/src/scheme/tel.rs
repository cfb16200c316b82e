//! `tel` (RFC 3966).
//!
//! ```text
//! telephone-uri        = "tel:" telephone-subscriber
//! telephone-subscriber = global-number / local-number
//! global-number        = global-number-digits *par
//! local-number         = local-number-digits *par context *par
//! par                  = parameter / extension / isdn-subaddress
//! isdn-subaddress      = ";isub=" 1*uric
//! extension            = ";ext=" 1*phonedigit
//! context              = ";phone-context=" descriptor
//! descriptor           = domainname / global-number-digits
//! global-number-digits = "+" *phonedigit DIGIT *phonedigit
//! local-number-digits  = *phonedigit-hex (HEXDIG / "*" / "#") *phonedigit-hex
//! parameter            = ";" pname ["=" pvalue ]
//! pname                = 1*( alphanum / "-" )
//! phonedigit           = DIGIT / [ visual-separator ]
//! phonedigit-hex       = HEXDIG / "*" / "#" / [ visual-separator ]
//! visual-separator     = "-" / "." / "(" / ")"
//! ```
//!
//! `#` is written `%23` in a URI (RFC 3966 section 5.1.5 keeps it in the
//! number after decoding).

use alloc::borrow::Cow;
use alloc::string::String;
use alloc::vec::Vec;

use super::{finish, no_authority, no_query, offset, text, SchemeError, SchemeErrorKind};
use crate::table::{Table, ALPHA, DIGIT};
use crate::{pct, Uri, UriBuf};

const RULE: &str = "RFC 3966 section 3: telephone-uri = \"tel:\" ( global-number / local-number )";
const RULE_GLOBAL: &str =
    "RFC 3966 section 3: global-number-digits = \"+\" *phonedigit DIGIT *phonedigit";
const RULE_LOCAL: &str = "RFC 3966 section 3: local-number-digits = *phonedigit-hex (HEXDIG / \"*\" / \"#\") *phonedigit-hex";
const RULE_CONTEXT: &str =
    "RFC 3966 section 5.1.5: a local-number requires \";phone-context=\" descriptor";
const RULE_PARAM: &str =
    "RFC 3966 section 3: parameter = \";\" pname [\"=\" pvalue], pname = 1*( alphanum / \"-\" )";
const RULE_EXT: &str = "RFC 3966 section 3: extension = \";ext=\" 1*phonedigit";

/// `visual-separator = "-" / "." / "(" / ")"`
const SEPARATOR: Table = Table::new(b"-.()");
/// `pname = 1*( alphanum / "-" )`
const PNAME: Table = ALPHA.or(DIGIT).with(b'-');
/// `paramchar` without `[` `]` (not URI path bytes): unreserved and
/// `"/" ":" "&" "+" "$"`.
const PVALUE: Table = crate::table::UNRESERVED.or(Table::new(b"/:&+$"));

/// A `tel` URI.
///
/// # Example
/// ```
/// use urikit::scheme::Tel;
/// use urikit::Uri;
///
/// let t = Tel::try_from(&Uri::parse("tel:+1-816-555-1212")?)?;
/// assert!(t.is_global());
/// assert_eq!(t.number(), "+1-816-555-1212");
/// assert_eq!(t.digits(), "+18165551212");
///
/// let t = Tel::try_from(&Uri::parse("tel:7042;phone-context=example.com")?)?;
/// assert_eq!(t.phone_context().as_deref(), Some("example.com"));
/// assert!(Tel::try_from(&Uri::parse("tel:7042")?).is_err());
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Tel<'a> {
    uri: Uri<'a>,
    number: &'a str,
    params: &'a str,
}

pub(crate) fn validate(uri: &Uri<'_>) -> Result<(), SchemeError> {
    Tel::try_from(uri).map(|_| ())
}

/// The first byte of the (decoded-on-the-fly) `s` not allowed by `ok`, as
/// an offset in `s`.
fn first_bad(s: &str, ok: impl Fn(u8) -> bool) -> Option<usize> {
    let b = s.as_bytes();
    let mut i = 0;
    while i < b.len() {
        let (c, n) = match pct::triplet_at(b, i) {
            Some(c) => (c, 3),
            None => (b[i], 1),
        };
        if !ok(c) {
            return Some(i);
        }
        i += n;
    }
    None
}

impl<'a> TryFrom<&Uri<'a>> for Tel<'a> {
    type Error = SchemeError;

    /// Checks the rules of RFC 3966 section 3.
    fn try_from(uri: &Uri<'a>) -> Result<Tel<'a>, SchemeError> {
        super::expect_scheme(uri, &["tel"], RULE)?;
        no_authority(uri, RULE)?;
        no_query(uri, RULE)?;
        let path = uri.path();
        let (number, params) = match path.find(';') {
            Some(k) => (&path[..k], &path[k..]),
            None => (path, ""),
        };
        let err = |s: &str, k: usize, rule| {
            SchemeError::new(offset(uri, s) + k, SchemeErrorKind::InvalidValue, rule)
        };
        let global = number.starts_with('+');
        if global {
            let digits = &number[1..];
            if let Some(k) = first_bad(digits, |c| c.is_ascii_digit() || SEPARATOR.contains(c)) {
                return Err(err(digits, k, RULE_GLOBAL));
            }
            if !digits.bytes().any(|c| c.is_ascii_digit()) {
                return Err(err(number, number.len(), RULE_GLOBAL));
            }
        } else {
            let hexish = |c: u8| c.is_ascii_hexdigit() || c == b'*' || c == b'#';
            if let Some(k) = first_bad(number, |c| hexish(c) || SEPARATOR.contains(c)) {
                return Err(err(number, k, RULE_LOCAL));
            }
            if !pct::decode(number).iter().any(|&c| hexish(c)) {
                return Err(err(number, number.len(), RULE_LOCAL));
            }
        }
        let mut context = false;
        if !params.is_empty() {
            for p in params[1..].split(';') {
                let (name, value) = match p.split_once('=') {
                    Some((n, v)) => (n, Some(v)),
                    None => (p, None),
                };
                if name.is_empty() {
                    return Err(err(p, 0, RULE_PARAM));
                }
                if let Some(k) = name.bytes().position(|c| !PNAME.contains(c)) {
                    return Err(err(name, k, RULE_PARAM));
                }
                if let Some(v) = value {
                    super::check_chars(uri, v, &PVALUE, RULE_PARAM)?;
                    if v.is_empty() {
                        return Err(err(v, 0, RULE_PARAM));
                    }
                }
                if name.eq_ignore_ascii_case("ext") {
                    let v = value.unwrap_or("");
                    if let Some(k) = first_bad(v, |c| c.is_ascii_digit() || SEPARATOR.contains(c)) {
                        return Err(err(v, k, RULE_EXT));
                    }
                }
                if name.eq_ignore_ascii_case("phone-context") {
                    context = true;
                }
            }
        }
        if !global && !context {
            return Err(SchemeError::new(
                offset(uri, path) + path.len(),
                SchemeErrorKind::MissingPath,
                RULE_CONTEXT,
            ));
        }
        Ok(Tel {
            uri: *uri,
            number,
            params,
        })
    }
}

impl<'a> Tel<'a> {
    /// A builder for this number (global `+...`, or local with a
    /// `phone-context` parameter).
    pub fn builder(number: &str) -> TelBuilder {
        TelBuilder {
            number: number.into(),
            params: Vec::new(),
        }
    }

    /// The URI.
    pub fn uri(&self) -> Uri<'a> {
        self.uri
    }

    /// Whether the number is global (`+` and a country code).
    pub fn is_global(&self) -> bool {
        self.number.starts_with('+')
    }

    /// The number as written, decoded (separators included).
    pub fn number(&self) -> Cow<'a, str> {
        text(self.number)
    }

    /// The number without visual separators (`-`, `.`, `(`, `)`): the form
    /// to compare (RFC 3966 section 4).
    pub fn digits(&self) -> String {
        text(self.number)
            .chars()
            .filter(|c| !matches!(c, '-' | '.' | '(' | ')'))
            .collect()
    }

    /// The parameters, in order, decoded (`None` for a parameter without
    /// `=`).
    pub fn parameters(&self) -> Vec<(Cow<'a, str>, Option<Cow<'a, str>>)> {
        if self.params.is_empty() {
            return Vec::new();
        }
        self.params[1..]
            .split(';')
            .map(|p| match p.split_once('=') {
                Some((n, v)) => (text(n), Some(text(v))),
                None => (text(p), None),
            })
            .collect()
    }

    /// The value of parameter `name` (ASCII case-insensitive), decoded.
    pub fn parameter(&self, name: &str) -> Option<Cow<'a, str>> {
        self.parameters()
            .into_iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .and_then(|(_, v)| v)
    }

    /// The `ext` parameter (an extension).
    pub fn extension(&self) -> Option<Cow<'a, str>> {
        self.parameter("ext")
    }

    /// The `isub` parameter (an ISDN subaddress).
    pub fn isdn_subaddress(&self) -> Option<Cow<'a, str>> {
        self.parameter("isub")
    }

    /// The `phone-context` parameter (required for a local number).
    pub fn phone_context(&self) -> Option<Cow<'a, str>> {
        self.parameter("phone-context")
    }
}

/// Builds a `tel` URI; see [`Tel::builder`].
#[derive(Clone, Debug)]
pub struct TelBuilder {
    number: String,
    params: Vec<(String, Option<String>)>,
}

impl TelBuilder {
    /// Adds a parameter (decoded value).
    pub fn parameter(&mut self, name: &str, value: Option<&str>) -> &mut Self {
        self.params.push((name.into(), value.map(Into::into)));
        self
    }

    /// Writes the URI.
    ///
    /// # Errors
    /// A number or parameter that breaks RFC 3966 (a local number without
    /// `phone-context`, letters in a global number...).
    pub fn build(&self) -> Result<UriBuf, SchemeError> {
        let mut s = String::from("tel:");
        let keep = DIGIT
            .or(SEPARATOR)
            .or(crate::table::HEXDIG)
            .with(b'+')
            .with(b'*');
        pct::push_encoded(&mut s, self.number.as_bytes(), &keep);
        for (n, v) in &self.params {
            s.push(';');
            pct::push_encoded(&mut s, n.as_bytes(), &PNAME);
            if let Some(v) = v {
                s.push('=');
                pct::push_encoded(&mut s, v.as_bytes(), &PVALUE);
            }
        }
        finish(s, validate)
    }
}
