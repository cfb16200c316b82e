//! `data` (RFC 2397).
//!
//! ```text
//! dataurl   := "data:" [ mediatype ] [ ";base64" ] "," data
//! mediatype := [ type "/" subtype ] *( ";" parameter )
//! data      := *urlchar
//! parameter := attribute "=" value
//! ```
//!
//! Without a media type the default is `text/plain;charset=US-ASCII`; with
//! parameters but no type, `text/plain` (section 2). The data is everything
//! after the first `,`, query included (RFC 2397's `urlchar` includes `?`),
//! fragment excluded. `type`, `subtype` and attributes are RFC 2045 tokens;
//! a value is a token or a (percent-encoded) quoted-string.

use alloc::borrow::Cow;
use alloc::string::String;
use alloc::vec::Vec;

use super::{finish, no_authority, offset, text, SchemeError, SchemeErrorKind};
use crate::table::{Table, PCHAR};
use crate::{pct, Uri, UriBuf};

const RULE: &str =
    "RFC 2397 section 3: dataurl := \"data:\" [ mediatype ] [ \";base64\" ] \",\" data";
const RULE_TYPE: &str = "RFC 2397 section 3: mediatype := [ type \"/\" subtype ] *( \";\" parameter ), of RFC 2045 tokens";
const RULE_BASE64: &str = "RFC 2397 section 3 / RFC 4648 section 4: base64 data";

/// RFC 2045 `token` characters that may appear raw in a URI path: printable
/// ASCII but `tspecials` (`()<>@,;:\"/[]?=`) and space.
const TOKEN: Table = crate::table::ALPHA
    .or(crate::table::DIGIT)
    .or(Table::new(b"!#$&'*+-.^_`|~"));

/// A `data` URL.
///
/// # Example
/// ```
/// use urikit::scheme::Data;
/// use urikit::Uri;
///
/// let uri = Uri::parse("data:text/plain;charset=utf-8;base64,SGVsbG8sIFdvcmxkIQ==")?;
/// let d = Data::try_from(&uri)?;
/// assert_eq!(d.media_type(), "text/plain");
/// assert_eq!(d.parameter("CHARSET").as_deref(), Some("utf-8"));
/// assert!(d.is_base64());
/// assert_eq!(d.decode()?, b"Hello, World!");
///
/// let d = Data::try_from(&Uri::parse("data:,A%20brief%20note")?)?;
/// assert_eq!(d.media_type(), "text/plain");
/// assert_eq!(d.charset(), "US-ASCII");
/// assert_eq!(d.decode()?, b"A brief note");
///
/// let built = Data::builder("image/png").base64(true).build(&[0x89, b'P', b'N', b'G'])?;
/// assert_eq!(built.as_str(), "data:image/png;base64,iVBORw==");
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Data<'a> {
    uri: Uri<'a>,
    /// `type/subtype`, raw; empty when omitted.
    mime: &'a str,
    /// The `;parameter`s, raw, starting with `;` (without `;base64`).
    params: &'a str,
    base64: bool,
    /// The data, raw: the rest of the path, then `?` and the query.
    data: &'a str,
}

pub(crate) fn validate(uri: &Uri<'_>) -> Result<(), SchemeError> {
    let d = Data::try_from(uri)?;
    d.decode().map(|_| ())
}

impl<'a> TryFrom<&Uri<'a>> for Data<'a> {
    type Error = SchemeError;

    /// Checks the rules of RFC 2397 (the data's base64 is checked by
    /// [`Data::decode`], and by the registry's validator).
    fn try_from(uri: &Uri<'a>) -> Result<Data<'a>, SchemeError> {
        super::expect_scheme(uri, &["data"], RULE)?;
        no_authority(uri, RULE)?;
        let path = uri.path();
        let Some(comma) = path.find(',') else {
            return Err(SchemeError::new(
                offset(uri, path) + path.len(),
                SchemeErrorKind::MissingPath,
                RULE,
            ));
        };
        let head = &path[..comma];
        // The data: after the comma, to the end of the query if any.
        let s = uri.as_str();
        let start = offset(uri, path) + comma + 1;
        let end = match (uri.query(), uri.fragment()) {
            (Some(q), _) => offset(uri, q) + q.len(),
            (None, Some(f)) => offset(uri, f) - 1,
            (None, None) => s.len(),
        };
        let data = &s[start..end];
        let (mime, mut params) = match head.find(';') {
            Some(k) => (&head[..k], &head[k..]),
            None => (head, ""),
        };
        let mut base64 = false;
        if let Some(p) = params.strip_suffix(";base64") {
            params = p;
            base64 = true;
        }
        if !mime.is_empty() {
            let bad = match mime.split_once('/') {
                None => Some(mime.len()),
                Some((t, st)) => {
                    token_error(t).or_else(|| token_error(st).map(|k| t.len() + 1 + k))
                }
            };
            if let Some(k) = bad {
                return Err(SchemeError::new(
                    offset(uri, mime) + k,
                    SchemeErrorKind::InvalidValue,
                    RULE_TYPE,
                ));
            }
        }
        if !params.is_empty() {
            for p in params[1..].split(';') {
                let Some((a, v)) = p.split_once('=') else {
                    return Err(SchemeError::new(
                        offset(uri, p) + p.len(),
                        SchemeErrorKind::InvalidValue,
                        RULE_TYPE,
                    ));
                };
                if let Some(k) = token_error(a) {
                    return Err(SchemeError::new(
                        offset(uri, a) + k,
                        SchemeErrorKind::InvalidValue,
                        RULE_TYPE,
                    ));
                }
                let dv = text(v);
                let quoted = dv.len() >= 2 && dv.starts_with('"') && dv.ends_with('"');
                if !quoted {
                    if let Some(k) = token_error(&dv) {
                        return Err(SchemeError::new(
                            offset(uri, v) + super::raw_index(v, k),
                            SchemeErrorKind::InvalidValue,
                            RULE_TYPE,
                        ));
                    }
                }
            }
        }
        Ok(Data {
            uri: *uri,
            mime,
            params,
            base64,
            data,
        })
    }
}

/// The offset of the first byte of `s` that is not a token byte (or 0 for an
/// empty token).
fn token_error(s: &str) -> Option<usize> {
    if s.is_empty() {
        return Some(0);
    }
    s.bytes().position(|c| !TOKEN.contains(c))
}

impl<'a> Data<'a> {
    /// A builder for data of this media type (`type/subtype`, optionally with
    /// `;attribute=value` parameters; empty for the default).
    pub fn builder(media_type: &str) -> DataBuilder {
        DataBuilder {
            media_type: media_type.into(),
            base64: false,
        }
    }

    /// The URI.
    pub fn uri(&self) -> Uri<'a> {
        self.uri
    }

    /// The media type, lowercase ASCII: `text/plain` when omitted.
    pub fn media_type(&self) -> Cow<'a, str> {
        match self.mime {
            "" => Cow::Borrowed("text/plain"),
            m if m.bytes().any(|c| c.is_ascii_uppercase()) => Cow::Owned(m.to_ascii_lowercase()),
            m => Cow::Borrowed(m),
        }
    }

    /// The media type as written (`None` when omitted).
    pub fn media_type_raw(&self) -> Option<&'a str> {
        (!self.mime.is_empty()).then_some(self.mime)
    }

    /// The parameters, decoded (a quoted-string value keeps its quotes).
    pub fn parameters(&self) -> Vec<(Cow<'a, str>, Cow<'a, str>)> {
        if self.params.is_empty() {
            return Vec::new();
        }
        self.params[1..]
            .split(';')
            .map(|p| {
                let (a, v) = p.split_once('=').unwrap_or((p, ""));
                (text(a), text(v))
            })
            .collect()
    }

    /// The value of the parameter named `name` (ASCII case-insensitive),
    /// decoded, without the quotes of a quoted-string.
    pub fn parameter(&self, name: &str) -> Option<Cow<'a, str>> {
        let (_, v) = self
            .parameters()
            .into_iter()
            .find(|(a, _)| a.eq_ignore_ascii_case(name))?;
        Some(
            match v.strip_prefix('"').and_then(|x| x.strip_suffix('"')) {
                Some(inner) => Cow::Owned(inner.into()),
                None => v,
            },
        )
    }

    /// The charset: the `charset` parameter; else `US-ASCII` when the media
    /// type is omitted (RFC 2397's default), else `""` (none given).
    pub fn charset(&self) -> Cow<'a, str> {
        match self.parameter("charset") {
            Some(c) => c,
            None if self.mime.is_empty() => Cow::Borrowed("US-ASCII"),
            None => Cow::Borrowed(""),
        }
    }

    /// Whether the data is base64-encoded (`;base64`).
    pub fn is_base64(&self) -> bool {
        self.base64
    }

    /// The data, raw (percent-encoded, and base64 if so marked).
    pub fn data_raw(&self) -> &'a str {
        self.data
    }

    /// The data's bytes: percent-decoded, then base64-decoded if marked.
    ///
    /// # Errors
    /// Base64 that is not valid (RFC 4648 section 4, padding optional),
    /// with the index of the offending byte in the URI.
    pub fn decode(&self) -> Result<Vec<u8>, SchemeError> {
        let bytes = pct::decode(self.data);
        if !self.base64 {
            return Ok(bytes.into_owned());
        }
        base64_decode(&bytes).map_err(|k| {
            SchemeError::new(
                offset(&self.uri, self.data) + super::raw_index(self.data, k),
                SchemeErrorKind::InvalidValue,
                RULE_BASE64,
            )
        })
    }
}

/// The value of a base64 digit (RFC 4648 section 4).
fn b64_value(c: u8) -> Option<u8> {
    match c {
        b'A'..=b'Z' => Some(c - b'A'),
        b'a'..=b'z' => Some(c - b'a' + 26),
        b'0'..=b'9' => Some(c - b'0' + 52),
        b'+' => Some(62),
        b'/' => Some(63),
        _ => None,
    }
}

const B64: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/// Decodes base64 (padding optional); the error is the offset of the first
/// bad byte.
fn base64_decode(s: &[u8]) -> Result<Vec<u8>, usize> {
    let end = s.iter().position(|&c| c == b'=').unwrap_or(s.len());
    // Padding: at most two `=`, only at the end, only where a group is short.
    let pad = &s[end..];
    if pad.len() > 2
        || pad.iter().any(|&c| c != b'=')
        || (!pad.is_empty() && (end + pad.len()) % 4 != 0)
    {
        let k = pad.iter().position(|&c| c != b'=').map_or(end, |k| end + k);
        return Err(k);
    }
    if end % 4 == 1 {
        return Err(end);
    }
    let mut out = Vec::with_capacity(end / 4 * 3 + 2);
    let mut acc: u32 = 0;
    let mut n = 0;
    for (i, &c) in s[..end].iter().enumerate() {
        let v = b64_value(c).ok_or(i)?;
        acc = acc << 6 | u32::from(v);
        n += 1;
        if n == 4 {
            out.extend_from_slice(&[(acc >> 16) as u8, (acc >> 8) as u8, acc as u8]);
            acc = 0;
            n = 0;
        }
    }
    match n {
        2 => out.push((acc >> 4) as u8),
        3 => out.extend_from_slice(&[(acc >> 10) as u8, (acc >> 2) as u8]),
        _ => {}
    }
    Ok(out)
}

/// Encodes base64 with padding.
fn base64_encode(data: &[u8], out: &mut String) {
    for chunk in data.chunks(3) {
        let b = [
            chunk[0],
            *chunk.get(1).unwrap_or(&0),
            *chunk.get(2).unwrap_or(&0),
        ];
        let v = u32::from(b[0]) << 16 | u32::from(b[1]) << 8 | u32::from(b[2]);
        for k in 0..4 {
            if k <= chunk.len() {
                out.push(char::from(B64[(v >> (18 - 6 * k) & 63) as usize]));
            } else {
                out.push('=');
            }
        }
    }
}

/// Builds a `data` URL; see [`Data::builder`].
#[derive(Clone, Debug)]
pub struct DataBuilder {
    media_type: String,
    base64: bool,
}

impl DataBuilder {
    /// Base64 rather than percent-encoding for the data.
    pub fn base64(&mut self, yes: bool) -> &mut Self {
        self.base64 = yes;
        self
    }

    /// Writes the URL with these bytes as its data.
    ///
    /// # Errors
    /// A media type that is not `type/subtype` of tokens with
    /// `;attribute=value` parameters.
    pub fn build(&self, data: &[u8]) -> Result<UriBuf, SchemeError> {
        let mut s = String::from("data:");
        // The media type: tokens and `/;=` stay, anything else is encoded.
        pct::push_encoded(
            &mut s,
            self.media_type.as_bytes(),
            &TOKEN.or(Table::new(b"/;=")),
        );
        if self.base64 {
            s.push_str(";base64,");
            base64_encode(data, &mut s);
        } else {
            s.push(',');
            pct::push_encoded(&mut s, data, &PCHAR.with(b'/').with(b'?'));
        }
        finish(s, validate)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base64_round_trips_and_rejects() {
        for n in 0..40u8 {
            let data: Vec<u8> = (0..n).map(|k| k.wrapping_mul(37)).collect();
            let mut s = String::new();
            base64_encode(&data, &mut s);
            assert_eq!(s.len() % 4, 0);
            assert_eq!(base64_decode(s.as_bytes()), Ok(data.clone()), "{s}");
            // Without padding too.
            assert_eq!(base64_decode(s.trim_end_matches('=').as_bytes()), Ok(data));
        }
        assert_eq!(base64_decode(b"SGVsbG8="), Ok(b"Hello".to_vec()));
        assert_eq!(base64_decode(b"SGV*bG8="), Err(3));
        assert_eq!(base64_decode(b"SGVsbG8=="), Err(7));
        assert_eq!(base64_decode(b"SGVsb=G8"), Err(6));
        assert_eq!(base64_decode(b"SGVsb"), Err(5));
    }
}
