//! IRI to URI (RFC 3987 section 3.1) and URI to IRI (section 3.2), and their
//! forms with UTS #46 for the host (feature `idna`).

use alloc::string::String;
use alloc::vec::Vec;

use super::{Iri, IriBuf, IriRef, IriRefBuf};
use crate::compose::Composer;
use crate::grammar::ucs::{is_bidi_formatting, is_iprivate, is_ucschar, shows_plainly};
use crate::offsets::Offsets;
use crate::scan::find_byte;
use crate::{pct, table, Uri, UriBuf, UriRef, UriRefBuf};

/// `r` written again with the composer, component by component: the
/// userinfo, host, path, query and fragment each through `each(text,
/// in_query, out)`, which appends its new form (of the same component, and
/// for the host of the same kind); the scheme and port as they are.
fn rewrite(r: &UriRef<'_>, mut each: impl FnMut(&str, bool, &mut String)) -> (String, Offsets) {
    let mut s = String::with_capacity(r.as_str().len() + 16);
    let mut c = Composer::new(&mut s);
    if let Some(scheme) = r.scheme() {
        c.scheme(|out| out.push_str(scheme));
    }
    if let Some(a) = r.authority() {
        if let Some(u) = a.userinfo() {
            c.userinfo(|out| each(u, false, out));
        }
        let o = r.offsets();
        c.host(|out| {
            each(a.host_str(), false, out);
            (o.host(), o.ipv4())
        });
        if let Some(p) = a.port() {
            c.port(|out| out.push_str(p));
        }
    }
    c.path(|out| each(r.path(), false, out));
    if let Some(q) = r.query() {
        c.query(|out| each(q, true, out));
    }
    if let Some(f) = r.fragment() {
        c.fragment(|out| each(f, false, out));
    }
    let o = c.finish();
    (s, o)
}

impl IriRef<'_> {
    /// The URI of this IRI (RFC 3987 section 3.1): every character outside
    /// ASCII written as the `%XX` triplets of its UTF-8 bytes (uppercase
    /// hex); nothing else changes, and no Unicode normalization is applied
    /// (the IRI is taken as it is, step 1 variant a). The components are the
    /// same, percent-encoded.
    ///
    /// ```
    /// use urikit::iri::IriRef;
    /// let iri = IriRef::parse("http://www.example.org/red%09ros\u{E9}#red")?;
    /// assert_eq!(iri.to_uri().as_str(), "http://www.example.org/red%09ros%C3%A9#red");
    /// // Composed and decomposed "é" stay different.
    /// assert_eq!(IriRef::parse("e\u{301}")?.to_uri().as_str(), "e%CC%81");
    /// # Ok::<_, urikit::ParseError>(())
    /// ```
    pub fn to_uri(&self) -> UriRefBuf {
        if self.as_str().is_ascii() {
            // The IRI is a URI already.
            return self.inner().to_owned();
        }
        // Every byte outside ASCII as `%XX`; the ASCII of an IRI is all URI
        // characters (`%` included), kept.
        let (s, o) = rewrite(&self.inner(), |text, _, out| {
            pct::push_encoded(out, text.as_bytes(), &table::URI_CHAR);
        });
        UriRefBuf::from_offsets(s, o)
    }
}

impl Iri<'_> {
    /// [`IriRef::to_uri`], as an absolute URI.
    pub fn to_uri(&self) -> UriBuf {
        let r = self.as_iri_ref().to_uri();
        UriBuf::from_offsets(r.as_str().into(), r.as_uri_ref().offsets())
    }
}

/// Whether the `%XX` triplets of `b[i..i + len]` use uppercase hex digits,
/// as [`IriRef::to_uri`] writes them.
fn upper_hex(t: &[u8]) -> bool {
    !t.iter().any(u8::is_ascii_lowercase)
}

/// The character the `%XX` triplets at `b[i]` decode to, and the bytes they
/// take, when [`UriRef::to_iri`] shows it decoded: a UTF-8 `ucschar` (or,
/// in the query, `iprivate`), written in uppercase hex, that shows plainly
/// (no control, space, invisible or bidi formatting character, variation
/// selector, noncharacter, tag).
fn decodable(b: &[u8], i: usize, in_query: bool) -> Option<(char, usize)> {
    let (c, len) = pct::char_at(b, i)?;
    (decodable_ignoring_case(c, in_query) && upper_hex(&b[i..i + len])).then_some((c, len))
}

impl UriRef<'_> {
    /// The IRI of this URI, for people (RFC 3987 section 3.2): each run of
    /// `%XX` triplets that is the UTF-8 of a character outside ASCII which
    /// an IRI may hold there (`ucschar`; `iprivate` in the query only) is
    /// shown as that character. Kept as written:
    ///
    /// - every ASCII escape (reserved characters such as `%2F`, `%25`,
    ///   controls such as `%0A`, `%41`): decoding would change the meaning
    ///   or the URI the IRI maps back to;
    /// - bytes that are not UTF-8 (`%C0%AF`, an overlong `/`; `%ED%A0%80`, a
    ///   surrogate; `%FF`, a cut sequence);
    /// - characters that would mislead when shown: bidirectional formatting
    ///   characters (section 4.1), invisible ones (`%E2%80%8B`, zero width
    ///   space), spaces (`%C2%A0`), controls (`%C2%85`), variation
    ///   selectors, noncharacters, tags;
    /// - triplets written in lowercase hex (`%c3%a9`): [`IriRef::to_uri`]
    ///   writes uppercase, and converting back must give this URI again
    ///   (normalize the URI first to have them shown).
    ///
    /// So `to_iri().to_uri()` is this URI, byte for byte.
    ///
    /// ```
    /// use urikit::UriRef;
    /// let uri = UriRef::parse("http://xn--99zt52a.example.org/%E2%80%AE/r%C3%A9sum%C3%A9%2F%25?%EE%80%80#%ee%80%80")?;
    /// let iri = uri.to_iri();
    /// assert_eq!(iri.as_str(), "http://xn--99zt52a.example.org/%E2%80%AE/résumé%2F%25?\u{E000}#%ee%80%80");
    /// assert_eq!(iri.as_iri_ref().to_uri(), uri.to_owned());
    /// # Ok::<_, urikit::ParseError>(())
    /// ```
    pub fn to_iri(&self) -> IriRefBuf {
        decoded(self, decodable)
    }
}

/// The character the `%XX` triplets at `b[i]` decode to, and the bytes they
/// take, when the IRI normal form has it decoded (RFC 3987 5.3.2.3: the
/// percent-encoded `iunreserved` characters): a `ucschar` but the bidi
/// formatting characters, which an IRI may not hold (section 4.1).
/// Private-use characters are not `iunreserved` and stay encoded.
pub(super) fn normal_char(b: &[u8], i: usize, _in_query: bool) -> Option<(char, usize)> {
    let (c, len) = pct::char_at(b, i)?;
    let v = c as u32;
    (is_ucschar(v) && !is_bidi_formatting(v)).then_some((c, len))
}

/// `uri` with the `%XX` runs `decode` takes (`decode(b, i, in_query)`: the
/// character at `b[i]` and the bytes it takes) written as characters: an
/// IRI with the URI's components.
pub(super) fn decoded(
    uri: &UriRef<'_>,
    decode: impl Fn(&[u8], usize, bool) -> Option<(char, usize)>,
) -> IriRefBuf {
    let any = |text: &str, in_query: bool| {
        let b = text.as_bytes();
        (0..b.len()).any(|i| b[i] == b'%' && decode(b, i, in_query).is_some())
    };
    let s = uri.as_str();
    if find_byte(s.as_bytes(), b'%').is_none()
        || !(uri.userinfo().is_some_and(|u| any(u, false))
            || uri.host_str().is_some_and(|h| any(h, false))
            || any(uri.path(), false)
            || uri.query().is_some_and(|q| any(q, true))
            || uri.fragment().is_some_and(|f| any(f, false)))
    {
        // Nothing to decode: the URI is the IRI.
        return IriRefBuf::from_buf(uri.to_owned());
    }
    let (out, o) = rewrite(uri, |text, in_query, out| {
        push_decoded(text, in_query, &decode, out);
    });
    IriRefBuf::from_buf(UriRefBuf::from_offsets(out, o))
}

/// Appends `text` (one component) with the `%XX` runs `decode` takes
/// written as their characters.
fn push_decoded(
    text: &str,
    in_query: bool,
    decode: impl Fn(&[u8], usize, bool) -> Option<(char, usize)>,
    out: &mut String,
) {
    let b = text.as_bytes();
    let mut run = 0;
    let mut i = find_byte(b, b'%').unwrap_or(b.len());
    while i < b.len() {
        if let Some((c, len)) = decode(b, i, in_query) {
            out.push_str(&text[run..i]);
            out.push(c);
            i += len;
            run = i;
        } else {
            i += 1;
        }
        i += find_byte(&b[i..], b'%').unwrap_or(b.len() - i);
    }
    out.push_str(&text[run..]);
}

/// Why [`UriRef::to_iri`] kept a `%XX` run of bytes outside ASCII encoded
/// (ASCII escapes are always kept and not reported).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum KeptReason {
    /// Not UTF-8: an overlong form (`%C0%AF` for `/`).
    Overlong,
    /// Not UTF-8: a surrogate (`%ED%A0%80`, U+D800).
    Surrogate,
    /// Not UTF-8: a code point past U+10FFFF.
    TooLarge,
    /// Not UTF-8: a continuation byte without a lead, a byte that is never
    /// UTF-8 (`%FF`), or a sequence cut short.
    InvalidUtf8,
    /// A character that would mislead when shown: a control, space,
    /// invisible or bidirectional formatting character, variation selector,
    /// noncharacter or tag.
    NotShown,
    /// A private-use character outside the query (RFC 3987 `iprivate`).
    PrivateUseOutsideQuery,
    /// Written in lowercase hex, which [`IriRef::to_uri`] would not give back.
    LowercaseHex,
}

impl KeptReason {
    /// The stable snake_case name.
    pub const fn name(self) -> &'static str {
        match self {
            KeptReason::Overlong => "overlong_utf8",
            KeptReason::Surrogate => "surrogate",
            KeptReason::TooLarge => "past_10ffff",
            KeptReason::InvalidUtf8 => "invalid_utf8",
            KeptReason::NotShown => "not_shown",
            KeptReason::PrivateUseOutsideQuery => "private_use_outside_query",
            KeptReason::LowercaseHex => "lowercase_hex",
        }
    }

    /// What it means, for people.
    pub const fn message(self) -> &'static str {
        match self {
            KeptReason::Overlong => "kept encoded: an overlong UTF-8 form, not a character",
            KeptReason::Surrogate => "kept encoded: a UTF-16 surrogate, not a character",
            KeptReason::TooLarge => "kept encoded: past U+10FFFF, not a character",
            KeptReason::InvalidUtf8 => "kept encoded: not UTF-8",
            KeptReason::NotShown => {
                "kept encoded: a control, space, invisible or bidi formatting character"
            }
            KeptReason::PrivateUseOutsideQuery => {
                "kept encoded: a private-use character outside the query"
            }
            KeptReason::LowercaseHex => {
                "kept encoded: lowercase hex (the URI would not map back); normalize first"
            }
        }
    }
}

/// A `%XX` run [`UriRef::to_iri`] kept encoded: where it starts in the URI,
/// how many bytes of the URI it takes, and why.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct KeptEscape {
    /// The index of its first `%`.
    pub index: usize,
    /// Its length in the URI (three bytes a triplet).
    pub len: usize,
    /// Why it was kept.
    pub reason: KeptReason,
}

/// Why the UTF-8 bytes starting with the triplets at `b[i]` are not a
/// character, and how many bytes of input the bad sequence takes.
fn utf8_problem(b: &[u8], i: usize) -> (KeptReason, usize) {
    let byte = |k: usize| pct::triplet_at(b, i + 3 * k);
    let lead = byte(0).unwrap_or(0);
    let next = byte(1);
    let reason = match (lead, next) {
        (0xC0 | 0xC1, _) => KeptReason::Overlong,
        (0xE0, Some(0x80..=0x9F)) | (0xF0, Some(0x80..=0x8F)) => KeptReason::Overlong,
        (0xED, Some(0xA0..=0xBF)) => KeptReason::Surrogate,
        (0xF4, Some(0x90..=0xBF)) | (0xF5..=0xF7, _) => KeptReason::TooLarge,
        _ => KeptReason::InvalidUtf8,
    };
    let want = match lead {
        0xC0..=0xDF => 2,
        0xE0..=0xEF => 3,
        0xF0..=0xF7 => 4,
        _ => 1,
    };
    let len = (0..want).take_while(|&k| byte(k).is_some()).count().max(1);
    (reason, 3 * len)
}

impl UriRef<'_> {
    /// The `%XX` runs of bytes outside ASCII that [`to_iri`](UriRef::to_iri)
    /// keeps encoded, with the reason: bad UTF-8 (overlong forms,
    /// surrogates...), characters not shown, private use outside the query,
    /// lowercase hex.
    ///
    /// ```
    /// use urikit::{iri::KeptReason, UriRef};
    /// let uri = UriRef::parse("/%C0%AF/%ED%A0%80/%E2%80%AE/%c3%a9/%C3%A9")?;
    /// let kept: Vec<_> = uri.kept_escapes().iter().map(|k| (k.index, k.reason)).collect();
    /// assert_eq!(kept, [
    ///     (1, KeptReason::Overlong),
    ///     (8, KeptReason::Surrogate),
    ///     (18, KeptReason::NotShown),
    ///     (28, KeptReason::LowercaseHex),
    /// ]);
    /// # Ok::<_, urikit::ParseError>(())
    /// ```
    pub fn kept_escapes(&self) -> Vec<KeptEscape> {
        let s = self.as_str();
        let b = s.as_bytes();
        let query = self.spans().query;
        let mut out = Vec::new();
        let mut i = find_byte(b, b'%').unwrap_or(b.len());
        while i < b.len() {
            let in_query = query.as_ref().is_some_and(|q| q.contains(&i));
            let mut step = 1;
            if pct::triplet_at(b, i).is_some_and(|v| v >= 0x80) {
                let kept = match pct::char_at(b, i) {
                    None => {
                        let (reason, len) = utf8_problem(b, i);
                        Some((reason, len))
                    }
                    Some((c, len)) => {
                        step = len;
                        let v = c as u32;
                        if decodable(b, i, in_query).is_some() {
                            None
                        } else if is_iprivate(v) && !in_query {
                            Some((KeptReason::PrivateUseOutsideQuery, len))
                        } else if !upper_hex(&b[i..i + len]) && decodable_ignoring_case(c, in_query)
                        {
                            Some((KeptReason::LowercaseHex, len))
                        } else {
                            Some((KeptReason::NotShown, len))
                        }
                    }
                };
                if let Some((reason, len)) = kept {
                    step = len;
                    out.push(KeptEscape {
                        index: i,
                        len,
                        reason,
                    });
                }
            }
            i += step;
            i += find_byte(&b[i..], b'%').unwrap_or(b.len() - i);
        }
        out
    }
}

/// Whether `c` would be shown if its hex were uppercase.
fn decodable_ignoring_case(c: char, in_query: bool) -> bool {
    let v = c as u32;
    ((is_ucschar(v) && !is_bidi_formatting(v)) || (in_query && is_iprivate(v))) && shows_plainly(c)
}

impl Uri<'_> {
    /// [`UriRef::to_iri`], as an absolute IRI.
    pub fn to_iri(&self) -> IriBuf {
        IriBuf::from_ref_buf(self.as_uri_ref().to_iri())
    }
}

#[cfg(feature = "idna")]
mod with_idna {
    use super::*;
    use crate::idna::{IdnaError, Uts46};
    use crate::offsets::HostKind;
    use alloc::borrow::Cow;

    /// The host of `r` decoded into text, when it is a reg-name with
    /// something outside ASCII (raw, or as UTF-8 `%XX`) or an `xn--` label:
    /// what UTS #46 should see. `None` for IP hosts, plain ASCII names, and
    /// encodings that are not UTF-8.
    fn idn_host(r: &UriRef<'_>) -> Option<String> {
        if r.offsets().host() != HostKind::RegName {
            return None;
        }
        let host = pct::decode_utf8(r.host_str()?).ok()?;
        let punycode = host.split('.').any(|l| {
            l.as_bytes()
                .get(..4)
                .is_some_and(|p| p.eq_ignore_ascii_case(b"xn--"))
        });
        (!host.is_ascii() || punycode).then(|| host.into_owned())
    }

    /// `r`'s string with the host replaced by `host`, re-parsed by `parse`
    /// (the offsets after the host move).
    fn with_host(r: &UriRef<'_>, host: &str) -> String {
        let s = r.as_str();
        let o = r.offsets();
        let mut out = String::with_capacity(s.len() + host.len());
        out.push_str(&s[..o.host_start()]);
        out.push_str(host);
        out.push_str(&s[o.host_end()..]);
        out
    }

    impl IriRef<'_> {
        /// [`to_uri`](IriRef::to_uri), with an internationalized host (one
        /// with characters outside ASCII, raw or `%XX`-encoded UTF-8) written
        /// by UTS #46 ToASCII under `idna`, as RFC 3987 section 3.1 allows
        /// for `ireg-name`, instead of percent-encoded. IP hosts and ASCII
        /// names are left alone.
        ///
        /// # Errors
        /// The host's [`IdnaError`], its index moved to the IRI's.
        ///
        /// ```
        /// use urikit::{idna::Uts46, iri::IriRef};
        /// let iri = IriRef::parse("http://Bücher.example/ü")?;
        /// assert_eq!(iri.to_uri_idna(&Uts46::new())?.as_str(), "http://xn--bcher-kva.example/%C3%BC");
        /// # Ok::<_, Box<dyn std::error::Error>>(())
        /// ```
        pub fn to_uri_idna(&self, idna: &Uts46) -> Result<UriRefBuf, IdnaError> {
            let uri = self.to_uri();
            let Some(host) = idn_host(&uri.as_uri_ref()) else {
                return Ok(uri);
            };
            let host_start = self.inner().offsets().host_start();
            let ascii = idna.to_ascii(&host).map_err(|e| e.shifted(host_start))?;
            let s = with_host(&uri.as_uri_ref(), &ascii);
            // ToASCII gives letters, digits, "-" and "." (and, without
            // UseSTD3ASCIIRules, other ASCII which may not be a reg-name).
            UriRefBuf::parse(s).map_err(|_| IdnaError::invalid_label(host_start))
        }
    }

    impl UriRef<'_> {
        /// [`to_iri`](UriRef::to_iri) for showing to people, with the host
        /// as [`Uts46::to_display`] shows it: an internationalized host
        /// (`xn--` labels, or UTF-8 `%XX`) in Unicode where the spoofing
        /// policy passes, in Punycode where it does not. A host UTS #46
        /// refuses, and an ASCII host, are kept as the URI writes them.
        /// (The result does not map back to this URI by
        /// [`IriRef::to_uri`] when the host changed.)
        ///
        /// ```
        /// use urikit::{idna::Uts46, UriRef};
        /// let idna = Uts46::new();
        /// let uri = UriRef::parse("http://xn--bcher-kva.example/%C3%BC")?;
        /// assert_eq!(uri.to_iri_display(&idna).as_str(), "http://bücher.example/ü");
        /// // A Cyrillic "а" among Latin letters stays in Punycode.
        /// let spoof = UriRef::parse("http://%D0%B0pple.com/")?;
        /// assert_eq!(spoof.to_iri_display(&idna).as_str(), "http://xn--pple-43d.com/");
        /// # Ok::<_, urikit::ParseError>(())
        /// ```
        pub fn to_iri_display(&self, idna: &Uts46) -> IriRefBuf {
            let iri = self.to_iri();
            let Some(host) = idn_host(self) else {
                return iri;
            };
            // A host UTS #46 refuses is shown as the URI writes it: decoded,
            // it could be a spoof the policy never looked at.
            let shown = match idna.to_display(&host) {
                Ok(shown) => shown,
                Err(_) => Cow::Borrowed(self.host_str().unwrap_or_default()),
            };
            let s = with_host(&iri.as_iri_ref().inner(), &shown);
            IriRefBuf::parse(s).unwrap_or(iri)
        }
    }
}
