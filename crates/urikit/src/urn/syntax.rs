//! The URN scanner: one left-to-right pass over the input that checks the
//! grammar of a [`UrnProfile`] and records where each component is.
//!
//! Every profile's grammar is a subset of RFC 3986 `URI`, so an input this
//! scanner accepts is also a URI (`urn` ":" `path-rootless` [ "?" query ]
//! [ "#" fragment ]).
//!
//! ```text
//! ; RFC 8141
//! namestring    = assigned-name [ rq-components ] [ "#" f-component ]
//! assigned-name = "urn" ":" NID ":" NSS
//! NID           = (alphanum) 0*30(ldh) (alphanum)
//! NSS           = pchar *(pchar / "/")
//! rq-components = [ "?+" r-component ] [ "?=" q-component ]
//! r-component   = pchar *( pchar / "/" / "?" )
//! q-component   = pchar *( pchar / "/" / "?" )
//! f-component   = fragment
//! ; draft-03: NSS = 1*pchar, [ "?" urn-query ] [ "#" fragment ], no "%00"
//! ; draft-04: URN = "urn" ":" NID ":" NSS, NSS = 1*pchar
//! ```

use super::directives;
use super::error::{UrnError, UrnErrorKind as K};
use super::UrnProfile;
use crate::table::{self, Table};

/// Where the parts of a URN are. All offsets index the input string.
///
/// Invariants: the input starts with `urn:` (any case); the NID is
/// `4 .. nid_end` with `:` at `nid_end`; the NSS is `nid_end + 1 .. nss_end`.
/// `r` and `q` are the content ranges of the r- and q-components (after `?+`
/// and `?=`, RFC 8141 only), `query` the content range of a draft-03 query
/// (after `?`), and `fragment` the index of the `#`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct UrnMeta {
    pub nid_end: usize,
    pub nss_end: usize,
    pub r: Option<(usize, usize)>,
    pub q: Option<(usize, usize)>,
    pub query: Option<(usize, usize)>,
    pub fragment: Option<usize>,
}

/// `alphanum = ALPHA / DIGIT` (RFC 8141, RFC 3986 `ALPHA` and `DIGIT`)
pub(crate) const ALPHANUM: Table = table::ALPHA.or(table::DIGIT);

/// `ldh = alphanum / "-"` (RFC 8141)
pub(crate) const LDH: Table = ALPHANUM.with(b'-');

/// The longest NID: `(alphanum) 0*30(ldh) (alphanum)` has at most 32 characters.
pub(crate) const NID_MAX: usize = 32;

/// Checks a `%` at `i` and, under draft-03, that it does not encode NUL.
#[inline]
pub(crate) fn check_pct(b: &[u8], i: usize, profile: UrnProfile) -> Result<(), UrnError> {
    match (b.get(i + 1), b.get(i + 2)) {
        (Some(&h), Some(&l)) if table::HEXDIG.contains(h) && table::HEXDIG.contains(l) => {
            if profile == UrnProfile::Draft03 && h == b'0' && l == b'0' {
                return Err(UrnError::new(i, K::EncodedNul));
            }
            Ok(())
        }
        _ => Err(UrnError::new(i, K::InvalidPercentEncoding)),
    }
}

/// Checks a NID on its own (no `urn:` around it), reporting indexes within it.
///
/// # Errors
/// [`K::InvalidNid`], [`K::ReservedNid`] or (RFC 8141) [`K::InvalidInformalNid`].
pub(crate) fn check_nid(nid: &str, profile: UrnProfile) -> Result<(), UrnError> {
    let b = nid.as_bytes();
    for (i, &c) in b.iter().enumerate() {
        if i >= NID_MAX || !LDH.contains(c) {
            return Err(UrnError::new(i, K::InvalidNid));
        }
    }
    match b {
        [] | [_] => return Err(UrnError::new(b.len(), K::InvalidNid)),
        [b'-', ..] => return Err(UrnError::new(0, K::InvalidNid)),
        [.., b'-'] => return Err(UrnError::new(b.len() - 1, K::InvalidNid)),
        _ => {}
    }
    if nid.eq_ignore_ascii_case("urn") {
        return Err(UrnError::new(0, K::ReservedNid));
    }
    // RFC 8141 section 5.2: `InformalNamespaceName = "urn-" number`, and the
    // "urn-" prefix is kept for those names.
    if profile == UrnProfile::Rfc8141 && b.len() > 4 && b[..4].eq_ignore_ascii_case(b"urn-") {
        let digits = &b[4..];
        if digits[0] == b'0' {
            return Err(UrnError::new(4, K::InvalidInformalNid));
        }
        if let Some(k) = digits.iter().position(|c| !c.is_ascii_digit()) {
            return Err(UrnError::new(4 + k, K::InvalidInformalNid));
        }
    }
    Ok(())
}

/// Parses `s` as a URN under `profile`.
///
/// # Errors
/// The first rule broken, at the first byte that breaks it.
pub(crate) fn parse(s: &str, profile: UrnProfile) -> Result<UrnMeta, UrnError> {
    let b = s.as_bytes();
    // "urn" ":" (the scheme is case-insensitive)
    for (i, want) in b"urn:".iter().enumerate() {
        match b.get(i) {
            Some(c) if c.to_ascii_lowercase() == *want => {}
            _ => return Err(UrnError::new(i, K::NotUrn)),
        }
    }
    // NID, up to the first ":" (which LDH excludes), then ":".
    let mut i = 4;
    while i < b.len() && b[i] != b':' {
        if i - 4 >= NID_MAX || !LDH.contains(b[i]) {
            return Err(UrnError::new(i, K::InvalidNid));
        }
        i += 1;
    }
    check_nid(&s[4..i], profile).map_err(|e| e.shifted(4))?;
    if i == b.len() {
        // A whole NID and no ":" NSS after it.
        return Err(UrnError::new(i, K::InvalidNss));
    }
    let nid_end = i;
    let nss_end = scan_nss(b, nid_end + 1, profile)?;
    let mut m = UrnMeta {
        nid_end,
        nss_end,
        r: None,
        q: None,
        query: None,
        fragment: None,
    };
    let mut i = nss_end;
    match profile {
        UrnProfile::Draft04 => {
            if i < b.len() {
                return Err(UrnError::new(i, K::UnexpectedComponent));
            }
        }
        UrnProfile::Draft03 => {
            if b.get(i) == Some(&b'?') {
                let end = directives::check_query(b, i + 1)?;
                m.query = Some((i + 1, end));
                i = end;
            }
        }
        UrnProfile::Rfc8141 => {
            if b.get(i) == Some(&b'?') {
                match b.get(i + 1) {
                    Some(b'+') | Some(b'=') => {}
                    _ => return Err(UrnError::new(i + 1, K::InvalidQuery)),
                }
            }
            if b.get(i) == Some(&b'?') && b.get(i + 1) == Some(&b'+') {
                let end = scan_rq(b, i + 2, K::InvalidRComponent, profile)?;
                m.r = Some((i + 2, end));
                i = end;
            }
            if b.get(i) == Some(&b'?') && b.get(i + 1) == Some(&b'=') {
                let end = scan_rq(b, i + 2, K::InvalidQComponent, profile)?;
                m.q = Some((i + 2, end));
                i = end;
            }
        }
    }
    if i < b.len() {
        // Only "#" can be left here: every scanner above stops at "#" or the end.
        debug_assert_eq!(b[i], b'#');
        m.fragment = Some(i);
        scan_fragment(b, i + 1, profile)?;
    }
    Ok(m)
}

/// Advances over bytes of `table` and valid `%XX` triplets from `i`; returns
/// the index of the first byte that is neither.
///
/// # Errors
/// A bad `%XX` (or, under draft-03, `%00`).
#[inline]
pub(crate) fn scan(
    b: &[u8],
    mut i: usize,
    table: &Table,
    profile: UrnProfile,
) -> Result<usize, UrnError> {
    while i < b.len() {
        if table.contains(b[i]) {
            i += 1;
        } else if b[i] == b'%' {
            check_pct(b, i, profile)?;
            i += 3;
        } else {
            break;
        }
    }
    Ok(i)
}

/// Scans the NSS from `start`; returns where it ends (`?`, `#` or the end).
fn scan_nss(b: &[u8], start: usize, profile: UrnProfile) -> Result<usize, UrnError> {
    let mut i = scan(b, start, &table::PCHAR, profile)?;
    if i > start && profile == UrnProfile::Rfc8141 {
        // NSS = pchar *(pchar / "/")
        i = scan(b, i, &table::PATH, profile)?;
    }
    match b.get(i) {
        _ if i == start => Err(UrnError::new(i, K::InvalidNss)),
        None | Some(b'?') | Some(b'#') => Ok(i),
        Some(_) => Err(UrnError::new(i, K::InvalidNss)),
    }
}

/// Scans an r- or q-component from `start` (after `?+` or `?=`); returns where
/// it ends: at `#`, at the end, or (r-component) at the first `?=`, which
/// starts the q-component.
///
/// Both are `pchar *( pchar / "/" / "?" )`: a `?+` inside either, and a `?=`
/// inside a q-component, are plain characters. The grammar alone is ambiguous
/// (an r-component may contain `?=`); `rq-components = [ "?+" r-component ]
/// [ "?=" q-component ]` is read deterministically: the first `?=` after the
/// r-component's first character starts the q-component.
fn scan_rq(b: &[u8], start: usize, kind: K, profile: UrnProfile) -> Result<usize, UrnError> {
    // The first character is a pchar: the component is not empty.
    let mut i = scan(b, start, &table::PCHAR, profile)?;
    if i == start {
        return Err(UrnError::new(i, kind));
    }
    loop {
        i = scan(b, i, &table::PATH, profile)?;
        match b.get(i) {
            Some(b'?') if kind == K::InvalidRComponent && b.get(i + 1) == Some(&b'=') => {
                return Ok(i)
            }
            Some(b'?') => i += 1,
            None | Some(b'#') => return Ok(i),
            Some(_) => return Err(UrnError::new(i, kind)),
        }
    }
}

/// Scans a fragment (`*( pchar / "/" / "?" )`) from `start` to the end.
fn scan_fragment(b: &[u8], start: usize, profile: UrnProfile) -> Result<(), UrnError> {
    let i = scan(b, start, &table::FRAGMENT, profile)?;
    if i < b.len() {
        return Err(UrnError::new(i, K::InvalidFComponent));
    }
    Ok(())
}
