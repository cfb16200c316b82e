//! `mailto` (RFC 6068).
//!
//! ```text
//! mailtoURI    = "mailto:" [ to ] [ hfields ]
//! to           = addr-spec *("," addr-spec )
//! hfields      = "?" hfield *( "&" hfield )
//! hfield       = hfname "=" hfvalue
//! hfname       = *qchar
//! hfvalue      = *qchar
//! addr-spec    = local-part "@" domain
//! local-part   = dot-atom-text / quoted-string
//! domain       = dot-atom-text / "[" *dtext-no-obs "]"
//! qchar        = unreserved / pct-encoded / some-delims
//! some-delims  = "!" / "$" / "'" / "(" / ")" / "*" / "+" / "," / ";" / ":" / "@"
//! ```
//!
//! Percent-decoded text is UTF-8 (section 2); `addr-spec` is checked after
//! decoding, with non-ASCII allowed where RFC 6532 allows it. Choice: a
//! domain is kept as decoded Unicode; it is not converted to its IDNA
//! `xn--` form (uri-js does: a disagreement its vectors show).

use alloc::borrow::Cow;
use alloc::string::String;
use alloc::vec::Vec;

use super::{finish, no_authority, offset, raw_index, utf8, SchemeError, SchemeErrorKind};
use crate::table::{Table, UNRESERVED};
use crate::{pct, Uri, UriBuf};

const RULE: &str = "RFC 6068 section 2: mailtoURI = \"mailto:\" [ to ] [ hfields ]";
const RULE_QCHAR: &str = "RFC 6068 section 2: to = addr-spec *(\",\" addr-spec), hfield = hfname \"=\" hfvalue, of qchar";
const RULE_ADDR: &str = "RFC 6068 section 2: addr-spec = local-part \"@\" domain (RFC 5322 dot-atom-text / quoted-string)";
const RULE_HFIELD: &str = "RFC 6068 section 2: hfield = hfname \"=\" hfvalue";
const RULE_UTF8: &str = "RFC 6068 section 2: percent-encoded octets are UTF-8";

/// `qchar` (besides `%XX`): `unreserved / some-delims`.
const QCHAR: Table = UNRESERVED.or(Table::new(b"!$'()*+,;:@"));

/// A `mailto` URI.
///
/// # Example
/// ```
/// use urikit::scheme::Mailto;
/// use urikit::Uri;
///
/// let uri = Uri::parse("mailto:joe@example.com?cc=bob@example.com&body=hello%20there")?;
/// let m = Mailto::try_from(&uri)?;
/// assert_eq!(m.to(), ["joe@example.com"]);
/// assert_eq!(m.header("CC").as_deref(), Some("bob@example.com"));
/// assert_eq!(m.body().as_deref(), Some("hello there"));
///
/// let built = Mailto::builder().to("a@example.org").to("b@example.org")
///     .header("subject", "Hi & bye").build()?;
/// assert_eq!(built.as_str(), "mailto:a@example.org,b@example.org?subject=Hi%20%26%20bye");
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Mailto<'a> {
    uri: Uri<'a>,
}

pub(crate) fn validate(uri: &Uri<'_>) -> Result<(), SchemeError> {
    Mailto::try_from(uri).map(|_| ())
}

/// Splits `s` on `sep`, skipping nothing (an empty `s` gives one empty part).
fn parts(s: &str, sep: char) -> impl Iterator<Item = &str> {
    s.split(sep)
}

impl<'a> TryFrom<&Uri<'a>> for Mailto<'a> {
    type Error = SchemeError;

    /// Checks the rules of RFC 6068 section 2.
    fn try_from(uri: &Uri<'a>) -> Result<Mailto<'a>, SchemeError> {
        super::expect_scheme(uri, &["mailto"], RULE)?;
        no_authority(uri, RULE)?;
        let path = uri.path();
        super::check_chars(uri, path, &QCHAR, RULE_QCHAR)?;
        if !path.is_empty() {
            check_addresses(uri, path)?;
        }
        if let Some(q) = uri.query() {
            for field in parts(q, '&') {
                let Some((name, value)) = field.split_once('=') else {
                    return Err(SchemeError::new(
                        offset(uri, field) + field.len(),
                        SchemeErrorKind::InvalidValue,
                        RULE_HFIELD,
                    ));
                };
                super::check_chars(uri, name, &QCHAR, RULE_QCHAR)?;
                super::check_chars(uri, value, &QCHAR, RULE_QCHAR)?;
                utf8(uri, name, RULE_UTF8)?;
                utf8(uri, value, RULE_UTF8)?;
                if name.eq_ignore_ascii_case("to") && !value.is_empty() {
                    check_addresses(uri, value)?;
                }
            }
        }
        Ok(Mailto { uri: *uri })
    }
}

/// Checks a raw comma-separated list of addresses.
fn check_addresses(uri: &Uri<'_>, list: &str) -> Result<(), SchemeError> {
    for raw in parts(list, ',') {
        let addr = utf8(uri, raw, RULE_UTF8)?;
        if let Err(k) = check_addr_spec(&addr) {
            return Err(SchemeError::new(
                offset(uri, raw) + raw_index(raw, k),
                SchemeErrorKind::InvalidValue,
                RULE_ADDR,
            ));
        }
    }
    Ok(())
}

/// RFC 5322 `atext` (with RFC 6532's non-ASCII).
fn is_atext(c: u8) -> bool {
    c.is_ascii_alphanumeric() || b"!#$%&'*+-/=?^_`{|}~".contains(&c) || c >= 0x80
}

/// `dot-atom-text = 1*atext *("." 1*atext)`: the offset of the first bad
/// byte, if any.
fn check_dot_atom(s: &[u8], base: usize) -> Result<(), usize> {
    if s.is_empty() {
        return Err(base);
    }
    for (i, &c) in s.iter().enumerate() {
        let ok = if c == b'.' {
            i > 0 && i + 1 < s.len() && s[i - 1] != b'.'
        } else {
            is_atext(c)
        };
        if !ok {
            return Err(base + i);
        }
    }
    Ok(())
}

/// Checks a decoded `addr-spec`; the error is the offset of the bad byte.
fn check_addr_spec(a: &str) -> Result<(), usize> {
    let b = a.as_bytes();
    let at = if b.first() == Some(&b'"') {
        // quoted-string: qtext / quoted-pair / WSP, up to the closing quote.
        let mut i = 1;
        loop {
            match b.get(i) {
                None => return Err(i),
                Some(b'"') => break i + 1,
                Some(b'\\') => match b.get(i + 1) {
                    Some(&c) if c == b' ' || c == b'\t' || c.is_ascii_graphic() || c >= 0x80 => {
                        i += 2
                    }
                    _ => return Err(i + 1),
                },
                Some(&c) if c == b' ' || c == b'\t' || c.is_ascii_graphic() || c >= 0x80 => i += 1,
                Some(_) => return Err(i),
            }
        }
    } else {
        let end = a.find('@').unwrap_or(b.len());
        check_dot_atom(&b[..end], 0)?;
        end
    };
    if b.get(at) != Some(&b'@') {
        return Err(at);
    }
    let domain = &b[at + 1..];
    if domain.first() == Some(&b'[') {
        // "[" *dtext-no-obs "]": printable ASCII but "[", "]", "\".
        let inner_end = domain.len().saturating_sub(1);
        if domain.len() < 2 || domain[inner_end] != b']' {
            return Err(at + 1 + domain.len());
        }
        for (i, &c) in domain[1..inner_end].iter().enumerate() {
            if !c.is_ascii_graphic() || b"[]\\".contains(&c) {
                return Err(at + 2 + i);
            }
        }
        Ok(())
    } else {
        check_dot_atom(domain, at + 1)
    }
}

impl<'a> Mailto<'a> {
    /// A builder, with no address and no header yet.
    pub fn builder() -> MailtoBuilder {
        MailtoBuilder {
            to: Vec::new(),
            headers: Vec::new(),
        }
    }

    /// The URI.
    pub fn uri(&self) -> Uri<'a> {
        self.uri
    }

    /// The addresses of the path (before `?`), decoded.
    pub fn to(&self) -> Vec<Cow<'a, str>> {
        match self.uri.path() {
            "" => Vec::new(),
            p => parts(p, ',').map(super::text).collect(),
        }
    }

    /// Every recipient: the addresses of the path, then those of `to`
    /// header fields (RFC 6068 section 2: both add up).
    pub fn recipients(&self) -> Vec<Cow<'a, str>> {
        let mut all = self.to();
        for (name, value) in self.raw_headers() {
            if name.eq_ignore_ascii_case("to") && !value.is_empty() {
                all.extend(parts(value, ',').map(super::text));
            }
        }
        all
    }

    fn raw_headers(&self) -> impl Iterator<Item = (&'a str, &'a str)> {
        self.uri
            .query()
            .into_iter()
            .flat_map(|q| parts(q, '&'))
            .map(|f| f.split_once('=').unwrap_or((f, "")))
    }

    /// The header fields, in order, decoded (names as written).
    pub fn headers(&self) -> Vec<(Cow<'a, str>, Cow<'a, str>)> {
        self.raw_headers()
            .map(|(n, v)| (super::text(n), super::text(v)))
            .collect()
    }

    /// The first header field named `name` (ASCII case-insensitive), decoded.
    pub fn header(&self, name: &str) -> Option<Cow<'a, str>> {
        self.raw_headers()
            .find(|(n, _)| super::text(n).eq_ignore_ascii_case(name))
            .map(|(_, v)| super::text(v))
    }

    /// The `subject` header field, decoded.
    pub fn subject(&self) -> Option<Cow<'a, str>> {
        self.header("subject")
    }

    /// The `body` pseudo header field, decoded.
    pub fn body(&self) -> Option<Cow<'a, str>> {
        self.header("body")
    }
}

/// Builds a `mailto` URI; see [`Mailto::builder`].
#[derive(Clone, Debug)]
pub struct MailtoBuilder {
    to: Vec<String>,
    headers: Vec<(String, String)>,
}

impl MailtoBuilder {
    /// Adds an address (decoded `addr-spec`).
    pub fn to(&mut self, addr: &str) -> &mut Self {
        self.to.push(addr.into());
        self
    }

    /// Adds a header field (decoded name and value).
    pub fn header(&mut self, name: &str, value: &str) -> &mut Self {
        self.headers.push((name.into(), value.into()));
        self
    }

    /// Writes the URI.
    ///
    /// # Errors
    /// An address that is not an `addr-spec`.
    pub fn build(&self) -> Result<UriBuf, SchemeError> {
        let addr = QCHAR.minus(Table::new(b","));
        let mut s = String::from("mailto:");
        for (k, a) in self.to.iter().enumerate() {
            if k > 0 {
                s.push(',');
            }
            pct::push_encoded(&mut s, a.as_bytes(), &addr);
        }
        for (k, (n, v)) in self.headers.iter().enumerate() {
            s.push(if k == 0 { '?' } else { '&' });
            pct::push_encoded(&mut s, n.as_bytes(), &QCHAR);
            s.push('=');
            pct::push_encoded(&mut s, v.as_bytes(), &QCHAR);
        }
        finish(s, validate)
    }
}

#[cfg(test)]
mod tests {
    use super::check_addr_spec;

    #[test]
    fn addr_spec_forms() {
        for ok in [
            "a@b",
            "John.Doe@example.com",
            "\"not@me\"@example.org",
            "\"oh\\\\no\"@example.org",
            "\"\\\\\\\"it's\\ ugly\\\\\\\"\"@example.org",
            "user@[192.0.2.1]",
            "gorby%kremvax@example.com",
            "caf\u{e9}@example.org",
        ] {
            assert_eq!(check_addr_spec(ok), Ok(()), "{ok}");
        }
        for (bad, at) in [
            ("", 0),
            ("a", 1),
            ("@b", 0),
            ("a@", 2),
            ("a..b@c", 2),
            (".a@c", 0),
            ("a@b.", 3),
            ("a b@c", 1),
            ("\"unclosed@c", 11),
            ("a@[x]y", 6),
            ("a@b@c", 3),
        ] {
            assert_eq!(check_addr_spec(bad), Err(at), "{bad}");
        }
    }
}
