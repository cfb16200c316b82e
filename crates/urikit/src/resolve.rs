//! Reference resolution (RFC 3986 section 5.2): from a base URI and a URI
//! reference to the reference's target, with the 1997 and 2003 drafts'
//! algorithms as explicit profiles.
//!
//! The work is one pass of RFC 3986 section 5.2.2 (the profile's rule where
//! the profiles differ) that writes the target's components with the crate's
//! composer, which records their offsets, so the result needs no re-parse.
//! The path arithmetic (merge and dot-segment removal) lives in the private
//! `path` module and is linear in the length of the base path plus the
//! reference.
//!
//! When no dot segment is to be removed (every line of the benchmark's URL
//! lists), the target is a prefix of the base, perhaps a `/`, and a suffix
//! of the reference: the composer copies it in two pieces into the one
//! allocation, the offsets moved from the two inputs' (no search, no second
//! pass over the path but the look for `/.` pairs, sixteen bytes at a time).
//!
//! # The profiles
//!
//! | | [`Profile::Rfc3986`] | [`Profile::Draft2003`] | [`Profile::Draft1997`] |
//! |---|---|---|---|
//! | `?y` against `http://a/b/c/d;p?q` | `http://a/b/c/d;p?y` | `http://a/b/c/d;p?y` | `http://a/b/c/?y` |
//! | reference's query in the merge (`g?y/../x`) | no: `http://a/b/c/g?y/../x` | no | yes: `http://a/b/c/x` |
//! | excess `..` (`../../../g`) | removed: `http://a/g` | kept: `http://a/../g` | kept |
//! | dots in `/./g`, `//g/../x`, `g:/../h` | removed: `http://a/g` | kept: `http://a/./g` | kept |
//! | relative path against an empty base path | `/` first only with an authority | `/` first always | `/` first only with an authority |
//!
//! The 1997 draft (draft-fielding-url-syntax-05 section 5.2) appends the
//! reference's query to the path before removing dot segments and splits the
//! query off again at the first `?`; it drops the base's query unless the
//! reference is empty (a reference to the current document). The 2003 draft
//! (draft-fielding-uri-rfc2396bis-01 section 5.2) is RFC 3986's algorithm but
//! for its merge step 7, where this crate takes the "retain" choice, and for
//! not removing dot segments from absolute paths. The 1997 draft does not say
//! what to do with a base that has an authority and an empty path (its merge
//! would glue `http://a` and `g` into `http://ag`); this crate uses RFC 3986
//! section 5.2.3's leading `/` there.
//!
//! # Choices where the texts leave room
//!
//! - A base with a fragment is accepted and its fragment ignored (RFC 3986
//!   section 5.1: the base is used "stripped of any fragment component").
//! - Bases with a rootless or empty path (`foo:a/b`, `foo:`) are resolved by
//!   the RFC's algorithm as written, including its leading `/` when a `..`
//!   removes the first segment of a rootless path: `foo:a/b` + `../c` is
//!   `foo:/c`.
//! - Only literal `.` and `..` are dot segments; `%2E` is an ordinary segment.
//! - Non-strict resolution compares schemes ignoring ASCII case (schemes are
//!   case-insensitive, RFC 3986 section 3.1) and keeps the base's spelling.
//! - A target without an authority whose path would start with `//` is written
//!   with `/.` before that path (`foo:/.//b`, not `foo://b`, which would read
//!   `b` as an authority): the result parses back to the same scheme,
//!   authority, query and fragment and to a path equal after dot removal.
//!
//! Resolution never fails, unless [`Resolver::reject_path_underflow`] asks for
//! an error on `..` segments that climb above the root (the third choice of
//! the 2003 draft's merge step 7).

use core::fmt;

use alloc::string::String;

use crate::compose::{join, Composer, Next};
use crate::normalize::look::{has_dot_segment, has_dot_segment_inline};
use crate::path::{base_dir, remove_dot_segments, remove_dot_segments_keep_excess};
use crate::uri::{Uri, UriBuf, UriRef};

/// Which text's resolution algorithm a [`Resolver`] follows. See the
/// [module documentation](crate::resolve) for a table of the differences.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Profile {
    /// RFC 3986 section 5.2 (the default).
    #[default]
    Rfc3986,
    /// draft-fielding-url-syntax-05 (1997, became RFC 2396) section 5.2: the
    /// base query is not inherited, the reference's query takes part in the
    /// path merge, excess `..` are kept, only relative paths lose their dot
    /// segments.
    Draft1997,
    /// draft-fielding-uri-rfc2396bis-01 (2003, became RFC 3986) section 5.2:
    /// RFC 3986's inheritance of the base path and query, but excess `..`
    /// kept (merge step 7, "retaining these components") and only relative
    /// paths lose their dot segments.
    Draft2003,
}

impl Profile {
    /// Every profile, the default first.
    ///
    /// ```
    /// use urikit::Profile;
    /// let names = Profile::ALL.map(Profile::name);
    /// assert_eq!(names, ["rfc3986", "draft-1997", "draft-2003"]);
    /// ```
    pub const ALL: [Profile; 3] = [Profile::Rfc3986, Profile::Draft1997, Profile::Draft2003];

    /// The stable name of the profile, as the CLI spells it: `rfc3986`,
    /// `draft-1997`, `draft-2003`.
    pub const fn name(self) -> &'static str {
        match self {
            Profile::Rfc3986 => "rfc3986",
            Profile::Draft1997 => "draft-1997",
            Profile::Draft2003 => "draft-2003",
        }
    }
}

/// Resolves references against a base URI: the algorithm ([`Profile`]) and
/// its options, as a `const` configuration.
///
/// # Example
/// ```
/// use urikit::{Profile, Resolver, Uri, UriRef};
///
/// let base = Uri::parse("http://a/b/c/d;p?q")?;
/// let r = UriRef::parse("../../../g")?;
///
/// assert_eq!(Resolver::new().resolve(&base, &r)?.as_str(), "http://a/g");
///
/// const DRAFT: Resolver = Resolver::new().profile(Profile::Draft2003);
/// assert_eq!(DRAFT.resolve(&base, &r)?.as_str(), "http://a/../g");
///
/// // The 2003 draft's and RFC 3986's "backwards compatibility" reading.
/// let same_scheme = UriRef::parse("http:g")?;
/// assert_eq!(Resolver::new().resolve(&base, &same_scheme)?.as_str(), "http:g");
/// assert_eq!(
///     Resolver::new().strict(false).resolve(&base, &same_scheme)?.as_str(),
///     "http://a/b/c/g"
/// );
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Resolver {
    profile: Profile,
    strict: bool,
    reject_underflow: bool,
}

impl Default for Resolver {
    fn default() -> Resolver {
        Resolver::new()
    }
}

impl Resolver {
    /// RFC 3986, strict, excess `..` removed.
    pub const fn new() -> Resolver {
        Resolver {
            profile: Profile::Rfc3986,
            strict: true,
            reject_underflow: false,
        }
    }

    /// Follows `profile`'s algorithm.
    pub const fn profile(self, profile: Profile) -> Resolver {
        Resolver { profile, ..self }
    }

    /// Strict (`true`, the default) reads a reference with a scheme as
    /// absolute. Non-strict ignores the reference's scheme when it equals the
    /// base's (ignoring ASCII case), so `http:g` against `http://a/b/c/d` is
    /// `http://a/b/c/g` (RFC 3986 section 5.2.2, "A non-strict parser may
    /// ignore a scheme in the reference if it is identical to the base URI's
    /// scheme"; the 2003 draft's "backwards compatibility").
    pub const fn strict(self, strict: bool) -> Resolver {
        Resolver { strict, ..self }
    }

    /// With `true`, a `..` segment that would climb above the root of the
    /// merged path is an error ([`ResolveErrorKind::PathUnderflow`]) instead
    /// of being removed (RFC 3986) or kept (the drafts). Only paths that the
    /// profile removes dot segments from are checked.
    ///
    /// ```
    /// use urikit::{ResolveErrorKind, Resolver, Uri, UriRef};
    ///
    /// let base = Uri::parse("http://a/b/c/d;p?q")?;
    /// let r = UriRef::parse("../../../g")?;
    /// let err = Resolver::new().reject_path_underflow(true).resolve(&base, &r).unwrap_err();
    /// assert_eq!(err.kind(), ResolveErrorKind::PathUnderflow);
    /// assert_eq!(err.index(), 6); // the third "..", in the reference
    /// # Ok::<_, urikit::ParseError>(())
    /// ```
    pub const fn reject_path_underflow(self, reject: bool) -> Resolver {
        Resolver {
            reject_underflow: reject,
            ..self
        }
    }

    /// The profile in use.
    pub const fn get_profile(&self) -> Profile {
        self.profile
    }

    /// Whether resolution is strict.
    pub const fn is_strict(&self) -> bool {
        self.strict
    }

    /// Resolves `reference` against `base` (whose fragment, if any, is
    /// ignored). Time and memory are linear in the lengths of the two.
    ///
    /// # Errors
    /// Only with [`reject_path_underflow`](Resolver::reject_path_underflow):
    /// [`ResolveErrorKind::PathUnderflow`].
    ///
    /// # Example
    /// ```
    /// use urikit::{Resolver, Uri, UriRef};
    ///
    /// let base = Uri::parse("foo:/")?;
    /// let t = Resolver::new().resolve(&base, &UriRef::parse(".//b")?)?;
    /// assert_eq!(t.as_str(), "foo:/.//b"); // not "foo://b"
    /// assert_eq!(t.as_uri().authority(), None);
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn resolve(&self, base: &Uri<'_>, reference: &UriRef<'_>) -> Result<UriBuf, ResolveError> {
        self.profile_copy(base, reference)
    }

    /// The profile's copy of the resolution, made for the error type `E` of
    /// the caller's result: [`resolve`](Resolver::resolve)'s and
    /// [`join`](Resolver::join)'s (and `join_iri`'s).
    #[inline(always)]
    pub(crate) fn profile_copy<E: From<ResolveError>>(
        self,
        base: &Uri<'_>,
        reference: &UriRef<'_>,
    ) -> Result<UriBuf, E> {
        match self.profile {
            Profile::Rfc3986 => self.rfc3986(base, reference),
            _ => self.drafts(base, reference),
        }
    }

    /// Parses `reference` as a URI reference and resolves it against
    /// `base`: [`UriRef::parse`] and [`resolve`](Resolver::resolve) in one
    /// call, for a reference that is text (a link's `href`). The parsed
    /// reference stays inside the call, where the two calls made one after
    /// the other would copy it between them.
    ///
    /// # Errors
    /// [`JoinError::Parse`] when `reference` is not a URI reference (the
    /// index is in `reference`); [`JoinError::Resolve`] as
    /// [`resolve`](Resolver::resolve) fails.
    ///
    /// # Example
    /// ```
    /// use urikit::{JoinError, Resolver, Uri};
    ///
    /// let base = Uri::parse("http://a/b/c/d;p?q")?;
    /// assert_eq!(Resolver::new().join(&base, "../g?x")?.as_str(), "http://a/b/g?x");
    /// assert!(matches!(Resolver::new().join(&base, "g h"), Err(JoinError::Parse(e)) if e.index() == 1));
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn join(&self, base: &Uri<'_>, reference: &str) -> Result<UriBuf, JoinError> {
        self.parse_and_resolve(base, reference)
    }

    /// [`join`](Resolver::join), out of line: the parsed reference is read
    /// where the parser wrote it (a value moved right after a call reads
    /// whole what the call wrote in pieces, and waits for them).
    #[inline(never)]
    fn parse_and_resolve(self, base: &Uri<'_>, reference: &str) -> Result<UriBuf, JoinError> {
        match &UriRef::parse(reference) {
            // The copy made for this error type, so that the result is
            // written where the caller's goes (no conversion).
            Ok(r) => self.profile_copy(base, r),
            Err(e) => Err(JoinError::Parse(*e)),
        }
    }

    /// [`resolve`](Resolver::resolve) with RFC 3986's algorithm: the same
    /// code, compiled knowing the profile (its rules chosen once, not on
    /// every call). It and the functions below it are generic over the
    /// error of the result (`E`: [`ResolveError`] for `resolve`,
    /// [`JoinError`] for `join`), so that each writes its caller's result
    /// type itself: a result converted after the call is copied whole right
    /// after being written in pieces, and the copy waits for the pieces.
    #[inline(never)]
    fn rfc3986<E: From<ResolveError>>(
        self,
        base: &Uri<'_>,
        reference: &UriRef<'_>,
    ) -> Result<UriBuf, E> {
        let rfc3986 = Resolver {
            profile: Profile::Rfc3986,
            ..self
        };
        rfc3986.resolve_copying(base, reference)
    }

    /// [`resolve`](Resolver::resolve) with one of the drafts' algorithms.
    #[inline(never)]
    fn drafts<E: From<ResolveError>>(
        self,
        base: &Uri<'_>,
        reference: &UriRef<'_>,
    ) -> Result<UriBuf, E> {
        self.resolve_copying(base, reference)
    }

    /// The target as a copy when no path has a dot segment to remove (the
    /// fast path: [`copied`](Resolver::copied)), else by the
    /// [`steps`](Resolver::steps) (out of line: the copy stays small).
    #[inline(always)]
    fn resolve_copying<E: From<ResolveError>>(
        self,
        base: &Uri<'_>,
        r: &UriRef<'_>,
    ) -> Result<UriBuf, E> {
        check_target_len(base.as_str().len(), r.as_str().len())?;
        self.copied(base, r)
    }

    /// RFC 3986 section 5.2.2, with the profile's rule where the profiles
    /// differ, writing the target with the [`Composer`].
    ///
    /// The target is the base's components up to some point and the
    /// reference's from there on, perhaps with a path made in between (a
    /// merge, or a path with its dot segments removed): every path the
    /// profile removes dot segments from is written by that step (the
    /// tests' reference for the fast path). The caller has checked the
    /// target's length ([`check_target_len`]).
    #[inline(never)]
    fn steps<E: From<ResolveError>>(self, base: &Uri<'_>, r: &UriRef<'_>) -> Result<UriBuf, E> {
        let (b, rs) = (base.source(), r.source());
        // Non-strict resolution ignores a scheme equal to the base's (the
        // one place this rule is applied).
        let r_absolute = r.is_absolute()
            && (self.strict
                || !r
                    .scheme()
                    .unwrap_or_default()
                    .eq_ignore_ascii_case(base.scheme()));
        // The one allocation: the target is at most the base (none of it
        // when the reference has a scheme), the reference and the `/.` that
        // may go before a path without authority.
        if r_absolute {
            // T.scheme, T.authority, T.path, T.query = R's.
            let mut s = String::with_capacity(r.as_str().len() + 2);
            let mut t = Composer::new(&mut s);
            self.own_path(&mut t, r, Next::Scheme)?;
            let o = t.finish();
            return Ok(UriBuf::from_offsets(s, o));
        }
        let r_path = r.path_bytes();
        let draft1997 = self.profile == Profile::Draft1997;
        let mut s = String::with_capacity(base.as_str().len() + r.as_str().len() + 2);
        let mut t = Composer::new(&mut s);
        if r.has_authority() {
            // T.scheme = Base.scheme; T.authority, T.path, T.query = R's.
            t.copy(b, Next::Scheme, Next::Authority);
            self.own_path(&mut t, r, Next::Authority)?;
        } else if r_path.first() == Some(&b'/') {
            // T.scheme, T.authority = Base's; T.path, T.query = R's.
            t.copy(b, Next::Scheme, Next::Path);
            self.own_path(&mut t, r, Next::Path)?;
        } else if r_path.is_empty() && !(draft1997 && r.query().is_some()) {
            // T.path = Base.path; T.query = R.query if defined, else
            // Base.query (the 1997 draft: only for the current document, a
            // reference without a query).
            if r.query().is_some() {
                t.copy(b, Next::Scheme, Next::Query);
                t.copy(rs, Next::Query, Next::End);
            } else {
                t.copy(b, Next::Scheme, Next::Fragment);
                t.copy(rs, Next::Fragment, Next::End);
            }
        } else {
            self.merged_path(&mut t, base, r)?;
        }
        let o = t.finish();
        Ok(UriBuf::from_offsets(s, o))
    }

    /// The target as a copy, or by the steps: the whole reference when it
    /// is absolute, or the base's text up to where the reference takes over
    /// and the whole reference (which has no scheme), when no path in it
    /// has a dot segment to remove; else the [`steps`](Resolver::steps).
    /// The two cases of the URL lists (an absolute URI, an absolute path)
    /// first, the others out of line.
    #[inline(always)]
    fn copied<E: From<ResolveError>>(self, base: &Uri<'_>, r: &UriRef<'_>) -> Result<UriBuf, E> {
        let rfc3986 = self.profile == Profile::Rfc3986;
        let r_path = r.path_bytes();
        if r.is_absolute() {
            if !self.strict || (rfc3986 && has_dot_segment_inline(r_path)) {
                return self.steps(base, r);
            }
            return Ok(UriBuf::from_offsets(String::from(r.as_str()), r.offsets()));
        }
        if !r.has_authority() && r_path.first() == Some(&b'/') {
            if rfc3986 && has_dot_segment_inline(r_path) {
                return self.steps(base, r);
            }
            let (s, o) = join(
                base.source(),
                base.offsets().path_start(),
                r.source(),
                Next::Path,
            );
            return Ok(UriBuf::from_offsets(s, o));
        }
        self.copied_relative(base, r)
    }

    /// [`copied`](Resolver::copied) for a reference without scheme that
    /// has an authority, or a relative path, or an empty one.
    #[inline(never)]
    fn copied_relative<E: From<ResolveError>>(
        self,
        base: &Uri<'_>,
        r: &UriRef<'_>,
    ) -> Result<UriBuf, E> {
        let r_path = r.path_bytes();
        let bo = base.offsets();
        let (end, from) = if r.has_authority() {
            if self.profile == Profile::Rfc3986 && has_dot_segment(r_path) {
                return self.steps(base, r);
            }
            (bo.scheme_end() + 1, Next::Authority)
        } else if r_path.is_empty() && r.query().is_some() {
            if self.profile == Profile::Draft1997 {
                return self.steps(base, r);
            }
            (bo.path_end(), Next::Query)
        } else if r_path.is_empty() {
            (bo.query_end(), Next::Fragment)
        } else {
            let (slash, dir, tail) = self.merge_halves(base, r);
            // `dir` is empty or ends with `/`: no dot segment across the
            // two. (The merge with a `/` of its own, rare, is left to the
            // steps.)
            if slash || has_dot_segment(dir.as_bytes()) || has_dot_segment(tail.as_bytes()) {
                return self.steps(base, r);
            }
            (bo.path_start() + dir.len(), Next::InPath)
        };
        let (s, o) = join(base.source(), end, r.source(), from);
        Ok(UriBuf::from_offsets(s, o))
    }

    /// The reference's own path (it has a scheme, an authority or an
    /// absolute path) and what follows, copied from `from` on: RFC 3986
    /// removes the path's dot segments, the drafts take it as it is.
    #[inline(always)]
    fn own_path(
        &self,
        t: &mut Composer<'_>,
        r: &UriRef<'_>,
        from: Next,
    ) -> Result<(), ResolveError> {
        if self.profile == Profile::Rfc3986 {
            let path = r.path();
            self.check_underflow(path, 0, r)?;
            t.copy(r.source(), from, Next::Path);
            t.path(|s| remove_dot_segments(path, s));
            t.copy(r.source(), Next::Query, Next::End);
        } else {
            t.copy(r.source(), from, Next::End);
        }
        Ok(())
    }

    /// `merge(Base.path, R.path)` (RFC 3986 section 5.2.3) with the
    /// profile's rules, its dot segments removed, then the reference's query
    /// and fragment.
    ///
    /// The merge is `/` and the reference's path when the base's path is
    /// empty and RFC 3986 or the 1997 draft finds an authority, or always
    /// with the 2003 draft; otherwise the base's directory and the
    /// reference's path. The 1997 draft merges the reference's query too
    /// (`path "?" query`) and splits it off again at the first `?` after
    /// removing dot segments; the drafts keep excess `..`.
    #[inline(always)]
    fn merged_path(
        &self,
        t: &mut Composer<'_>,
        base: &Uri<'_>,
        r: &UriRef<'_>,
    ) -> Result<(), ResolveError> {
        let (b, rs) = (base.source(), r.source());
        let (slash, dir, tail) = self.merge_halves(base, r);
        let dir = if slash { "/" } else { dir };
        t.copy(b, Next::Scheme, Next::Path);
        let mut done = Ok(());
        if self.profile == Profile::Draft1997 {
            t.path_and_query(|s| done = self.merge(s, dir, tail, r));
            // The reference's query was part of the merge.
            t.skip(Next::Fragment);
            t.copy(rs, Next::Fragment, Next::End);
        } else {
            t.path(|s| done = self.merge(s, dir, tail, r));
            t.copy(rs, Next::Query, Next::End);
        }
        done
    }

    /// The two halves of `merge(Base.path, R.path)` as the profile has it:
    /// whether the merge starts with a `/` of its own (the base's path is
    /// empty and RFC 3986 or the 1997 draft finds an authority, or always
    /// with the 2003 draft), else the base's directory (empty or ending
    /// with `/`); and the reference's path (with the 1997 draft, its query
    /// too: `path "?" query`).
    #[inline(always)]
    fn merge_halves<'b, 'r>(&self, base: &Uri<'b>, r: &UriRef<'r>) -> (bool, &'b str, &'r str) {
        let slash =
            base.path().is_empty() && (self.profile == Profile::Draft2003 || base.has_authority());
        let dir = if slash { "" } else { base_dir(base.path()) };
        let tail = if self.profile == Profile::Draft1997 {
            let o = r.offsets();
            r.as_str()
                .get(o.path_start()..o.query_end())
                .unwrap_or_default()
        } else {
            r.path()
        };
        (slash, dir, tail)
    }

    /// Appends `dir` + `tail` (a merged path, and for the 1997 draft the
    /// query) with its dot segments removed as the profile says, or fails
    /// on an excess `..` when asked to. Out of line (with its buffer): the
    /// copies that need no dot removal stay small.
    #[inline(never)]
    fn merge(
        &self,
        out: &mut String,
        dir: &str,
        tail: &str,
        r: &UriRef<'_>,
    ) -> Result<(), ResolveError> {
        // The merged path, on the stack when it is short (so that the target
        // stays the one allocation).
        let mut stack = [0u8; MERGE_ON_STACK];
        let heap;
        let merged = match concat_on_stack(&mut stack, dir, tail) {
            Some(m) => m,
            None => {
                heap = [dir, tail].concat();
                heap.as_str()
            }
        };
        self.check_underflow(merged, dir.len(), r)?;
        match self.profile {
            Profile::Rfc3986 => remove_dot_segments(merged, out),
            _ => remove_dot_segments_keep_excess(merged, out),
        }
        Ok(())
    }

    /// With `reject_underflow`, fails on the first excess `..` of `buf`, a
    /// path whose first `dir_len` bytes come from the base and the rest from
    /// `r`'s path (and query, for the 1997 draft).
    fn check_underflow(
        &self,
        buf: &str,
        dir_len: usize,
        r: &UriRef<'_>,
    ) -> Result<(), ResolveError> {
        if !self.reject_underflow {
            return Ok(());
        }
        match excess_dot_dot(buf) {
            None => Ok(()),
            Some(k) => {
                let path_start = r.offsets().path_start();
                let index = path_start + k.saturating_sub(dir_len);
                Err(ResolveError {
                    index,
                    kind: ResolveErrorKind::PathUnderflow,
                })
            }
        }
    }
}

/// The target of a base of `base_len` bytes and a reference of `ref_len` is
/// no longer than both and the few bytes a merge adds (a `/`, a `/.`, a `?`):
/// past the parser's limit it could not be parsed back, so it is an error
/// (at the reference's length).
#[inline(always)]
fn check_target_len(base_len: usize, ref_len: usize) -> Result<(), ResolveError> {
    if base_len.saturating_add(ref_len) > crate::offsets::MAX_LEN - 8 {
        return Err(ResolveError::new(ref_len, ResolveErrorKind::TooLong));
    }
    Ok(())
}

/// How long a merged path may be to be built on the stack.
const MERGE_ON_STACK: usize = 512;

/// `a` followed by `b` in `buf`, when they fit.
fn concat_on_stack<'b>(buf: &'b mut [u8; MERGE_ON_STACK], a: &str, b: &str) -> Option<&'b str> {
    let n = a.len() + b.len();
    let out = buf.get_mut(..n)?;
    let (x, y) = out.split_at_mut(a.len());
    x.copy_from_slice(a.as_bytes());
    y.copy_from_slice(b.as_bytes());
    // Two strings end to end are UTF-8; the check cannot fail.
    core::str::from_utf8(out).ok()
}

/// The byte offset of the first `..` segment of `path` that has no segment
/// left to remove, if any (a leading `/` does not start a segment).
fn excess_dot_dot(path: &str) -> Option<usize> {
    let (mut offset, body) = match path.strip_prefix('/') {
        Some(b) => (1, b),
        None => (0, path),
    };
    let mut depth = 0usize;
    for seg in body.split('/') {
        match seg {
            "." => {}
            ".." if depth == 0 => return Some(offset),
            ".." => depth -= 1,
            _ => depth += 1,
        }
        offset += seg.len() + 1;
    }
    None
}

impl UriRef<'_> {
    /// Resolves this reference against `base` as RFC 3986 section 5.2 says
    /// (strict): shorthand for [`Resolver::new().resolve(base, self)`](Resolver::resolve).
    ///
    /// # Errors
    /// None with the default resolver; the type leaves room for options.
    ///
    /// # Example
    /// ```
    /// use urikit::{Uri, UriRef};
    ///
    /// let base = Uri::parse("http://a/b/c/d;p?q")?;
    /// assert_eq!(UriRef::parse("../g")?.resolve_against(&base)?.as_str(), "http://a/b/g");
    /// assert_eq!(UriRef::parse("?")?.resolve_against(&base)?.as_str(), "http://a/b/c/d;p?");
    /// assert_eq!(UriRef::parse("g")?.resolve_against(&Uri::parse("http://a")?)?.as_str(), "http://a/g");
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn resolve_against(&self, base: &Uri<'_>) -> Result<UriBuf, ResolveError> {
        Resolver::new().resolve(base, self)
    }
}

impl Uri<'_> {
    /// Parses `reference` and resolves it against this URI as RFC 3986
    /// section 5.2 says (strict): shorthand for
    /// [`Resolver::new().join(self, reference)`](Resolver::join), the text
    /// form of [`UriRef::resolve_against`].
    ///
    /// # Errors
    /// [`JoinError::Parse`] when `reference` is not a URI reference.
    ///
    /// # Example
    /// ```
    /// let base = urikit::Uri::parse("http://example.com/docs/guide.html")?;
    /// assert_eq!(base.join("../img/a.png")?.as_str(), "http://example.com/img/a.png");
    /// assert_eq!(base.join("#top")?.as_str(), "http://example.com/docs/guide.html#top");
    /// assert_eq!(base.join("%zz").unwrap_err().index(), 0);
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn join(&self, reference: &str) -> Result<UriBuf, JoinError> {
        Resolver::new().join(self, reference)
    }
}

/// Why [`Resolver::join`] (or [`Uri::join`]) failed: the reference is not a
/// URI reference, or its resolution failed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum JoinError {
    /// The reference does not parse (the index is in the reference).
    Parse(crate::ParseError),
    /// The resolution failed (only with the options that can fail).
    Resolve(ResolveError),
}

impl JoinError {
    /// The byte offset the error points at, in the reference.
    pub const fn index(&self) -> usize {
        match self {
            JoinError::Parse(e) => e.index(),
            JoinError::Resolve(e) => e.index(),
        }
    }
}

impl From<crate::ParseError> for JoinError {
    fn from(e: crate::ParseError) -> JoinError {
        JoinError::Parse(e)
    }
}

impl From<ResolveError> for JoinError {
    fn from(e: ResolveError) -> JoinError {
        JoinError::Resolve(e)
    }
}

impl fmt::Display for JoinError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            JoinError::Parse(e) => write!(f, "invalid reference: {e}"),
            JoinError::Resolve(e) => write!(f, "cannot resolve: {e}"),
        }
    }
}

#[cfg(feature = "std")]
impl std::error::Error for JoinError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            JoinError::Parse(e) => Some(e),
            JoinError::Resolve(e) => Some(e),
        }
    }
}

/// Why a reference could not be resolved (or a target not relativized), and
/// where.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ResolveError {
    index: usize,
    kind: ResolveErrorKind,
}

/// What kind of failure a [`ResolveError`] reports.
///
/// The snake_case [`name`](ResolveErrorKind::name) of each kind is stable: the
/// CLI prints it in its JSON output.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ResolveErrorKind {
    /// A `..` segment climbs above the root of the merged path, and the
    /// resolver was asked to reject that
    /// ([`Resolver::reject_path_underflow`]). The index is that `..` in the
    /// reference, or the start of the reference's path when the `..` comes
    /// from the base's path.
    PathUnderflow,
    /// No reference resolves to the target: its path has a `.` or `..`
    /// segment, which resolution always removes, and is not the base's path
    /// (see [`relativize`](crate::relativize)). The index is that segment in
    /// the target.
    UnreachableTarget,
    /// The target could be longer than a parsed value can be (4294966272
    /// bytes, 4 GiB minus 1 KiB,
    /// [`ParseErrorKind::TooLong`](crate::ParseErrorKind::TooLong)): the
    /// base and the reference together are about 4 GiB. The index is the
    /// length of the reference.
    TooLong,
}

impl ResolveErrorKind {
    /// The stable snake_case name of the kind, as the CLI prints it.
    pub const fn name(self) -> &'static str {
        match self {
            ResolveErrorKind::PathUnderflow => "path_underflow",
            ResolveErrorKind::UnreachableTarget => "unreachable_target",
            ResolveErrorKind::TooLong => "too_long",
        }
    }

    /// What went wrong at the error's index.
    pub const fn description(self) -> &'static str {
        match self {
            ResolveErrorKind::PathUnderflow => "a \"..\" segment climbs above the root of the path",
            ResolveErrorKind::UnreachableTarget => {
                "a dot segment, which resolution always removes: no reference resolves to this target"
            }
            ResolveErrorKind::TooLong => {
                "a target of at most 4294966272 bytes (4 GiB minus 1 KiB)"
            }
        }
    }
}

impl ResolveError {
    #[cold]
    pub(crate) const fn new(index: usize, kind: ResolveErrorKind) -> ResolveError {
        ResolveError { index, kind }
    }

    /// The byte offset the error points at (see each kind for which string).
    pub const fn index(&self) -> usize {
        self.index
    }

    /// The kind of error.
    pub const fn kind(&self) -> ResolveErrorKind {
        self.kind
    }
}

impl fmt::Display for ResolveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "at byte {}: {}", self.index, self.kind.description())
    }
}

#[cfg(feature = "std")]
impl std::error::Error for ResolveError {}

#[cfg(test)]
mod tests {
    use super::*;

    fn res(resolver: Resolver, base: &str, r: &str) -> String {
        let base = Uri::parse(base).expect("base");
        let r = UriRef::parse(r).expect("reference");
        resolver.resolve(&base, &r).expect("resolves").into_string()
    }

    #[test]
    fn corners_of_the_issue() {
        let rfc = Resolver::new();
        assert_eq!(res(rfc, "http://a", "g"), "http://a/g");
        assert_eq!(res(rfc, "foo:a/b", "../c"), "foo:/c");
        assert_eq!(res(rfc, "foo:a/b", "c"), "foo:a/c");
        assert_eq!(res(rfc, "foo:", "c"), "foo:c");
        assert_eq!(res(rfc, "foo:/", ".//b"), "foo:/.//b");
        assert_eq!(res(rfc, "foo:/a/b", "..//b"), "foo:/.//b");
        assert_eq!(res(rfc, "http://a/b?q#f", "?"), "http://a/b?");
        assert_eq!(res(rfc, "http://a/b?q#f", "#"), "http://a/b?q#");
        assert_eq!(res(rfc, "http://a/b?q#f", ""), "http://a/b?q");
        assert_eq!(res(rfc, "http://a/b?q", "g?"), "http://a/g?");
        assert_eq!(res(rfc, "http://a/b?q", "//"), "http://");
        assert_eq!(res(rfc, "http://a/b?q", "//?x"), "http://?x");
    }

    #[test]
    fn draft_profiles_on_edges() {
        let d03 = Resolver::new().profile(Profile::Draft2003);
        let d97 = Resolver::new().profile(Profile::Draft1997);
        assert_eq!(res(d03, "foo:", "g"), "foo:/g");
        assert_eq!(res(d97, "foo:", "g"), "foo:g");
        assert_eq!(res(d97, "http://a", "g"), "http://a/g");
        assert_eq!(res(d97, "http://a/b", "?y"), "http://a/?y");
        assert_eq!(res(d97, "foo:/", ".//b"), "foo:/.//b");
        assert_eq!(res(d03, "foo:/", ".//b"), "foo:/.//b");
    }

    #[test]
    fn underflow_is_reported_where_it_happens() {
        let reject = Resolver::new().reject_path_underflow(true);
        let base = Uri::parse("http://a/../b").unwrap();
        let err = reject
            .resolve(&base, &UriRef::parse("g").unwrap())
            .unwrap_err();
        assert_eq!(
            (err.kind(), err.index()),
            (ResolveErrorKind::PathUnderflow, 0)
        );
        let err = reject
            .resolve(&base, &UriRef::parse("//x/a/../..").unwrap())
            .unwrap_err();
        assert_eq!(err.index(), 9);
        assert!(reject
            .resolve(&base, &UriRef::parse("//x/a/..").unwrap())
            .is_ok());
        let base = Uri::parse("http://a/b/c").unwrap();
        let err = reject
            .resolve(&base, &UriRef::parse("x/../../..#f").unwrap())
            .unwrap_err();
        assert_eq!(err.index(), 8);
        let d97 = reject.profile(Profile::Draft1997);
        let err = d97
            .resolve(&base, &UriRef::parse("?a/../../..").unwrap())
            .unwrap_err();
        assert_eq!(err.index(), 9);
        // Drafts don't check what they don't normalize.
        assert!(d97.resolve(&base, &UriRef::parse("/../g").unwrap()).is_ok());
    }

    #[test]
    fn copies_agree_with_the_steps() {
        // The fast path (a path with no dot segment copied) against the
        // dot-removal step run on every path, for every profile and pair:
        // the same string and the same components (the debug build also
        // checks the offsets against a parse of the result).
        let bases = [
            "http://a/b/c/d;p?q",
            "http://a/b/c/d;p?q#f",
            "http://a",
            "http://a?q#f",
            "HTTP://u@[::1]:8/x/",
            "http://1.2.3.4/x",
            "foo:",
            "foo:a/b",
            "foo:/a/b?",
            "foo:a",
            "foo:#",
            "foo:/.//",
            "http://a/.x/..y/",
            "http://a/b/./c",
        ];
        let refs = [
            "",
            "#",
            "#g",
            "?",
            "?y",
            "?y#s",
            "?y/./x",
            "g",
            "g/",
            "g?y#s",
            "g?y/../x",
            ";x",
            "g;x?y#s",
            "/g",
            "/",
            "//g",
            "//",
            "//?x",
            "//u@h:1/p?q#f",
            "//[v1.x]/p",
            "http:g",
            "HTTP:/g?y",
            "http:",
            "http:?y",
            "foo:g",
            "ftp://h/p",
            "HTTP://x:1/y?q#f",
            "http://u@[::2]",
            "//1.2.3.4:5/x",
            "http://a/b/../c",
            "g/.x",
            "...",
            "a:b",
            "./g",
            "../g",
            "g/..",
            "..//g",
        ];
        for profile in [Profile::Rfc3986, Profile::Draft2003, Profile::Draft1997] {
            for strict in [true, false] {
                let resolver = Resolver::new().profile(profile).strict(strict);
                for b in bases {
                    let base = Uri::parse(b).unwrap();
                    for r in refs {
                        let r = UriRef::parse(r).unwrap();
                        let fast = resolver.resolve(&base, &r).unwrap();
                        let steps = resolver.steps::<ResolveError>(&base, &r).unwrap();
                        let (f, s) = (fast.as_uri(), steps.as_uri());
                        assert_eq!(f.as_str(), s.as_str(), "{b} {r:?} {profile:?} {strict}");
                        assert_eq!(f.offsets(), s.offsets(), "{b} {r:?}");
                        assert_eq!(
                            (f.scheme(), f.authority().map(|a| a.as_str()), f.path()),
                            (s.scheme(), s.authority().map(|a| a.as_str()), s.path()),
                        );
                        assert_eq!((f.query(), f.fragment()), (s.query(), s.fragment()));
                        assert_eq!(f.host(), s.host());
                    }
                }
            }
        }
    }

    #[test]
    fn targets_past_the_parse_limit_are_too_long() {
        // The check itself: no 4 GiB input is allocated here.
        use crate::offsets::MAX_LEN;
        assert_eq!(check_target_len(18, 5), Ok(()));
        assert_eq!(check_target_len(MAX_LEN - 10, 2), Ok(()));
        for (b, r) in [
            (MAX_LEN - 10, 3),
            (MAX_LEN, 0),
            (0, MAX_LEN),
            (usize::MAX, 7),
        ] {
            let e = check_target_len(b, r).unwrap_err();
            assert_eq!((e.kind(), e.index()), (ResolveErrorKind::TooLong, r));
        }
        let e = check_target_len(MAX_LEN, 1).unwrap_err();
        assert_eq!(e.kind().name(), "too_long");
        assert_eq!(
            e.to_string(),
            "at byte 1: a target of at most 4294966272 bytes (4 GiB minus 1 KiB)"
        );
    }

    #[test]
    fn excess_dot_dot_offsets() {
        assert_eq!(excess_dot_dot("/a/../.."), Some(6));
        assert_eq!(excess_dot_dot("../a"), Some(0));
        assert_eq!(excess_dot_dot("/a/./../b"), None);
        assert_eq!(excess_dot_dot("a//../.."), None);
    }
}
