//! Relativization, the inverse of resolution: for a base and a target, the
//! shortest reference that RFC 3986 (strict) resolves against the base to
//! exactly the target.
//!
//! A few candidate references are built, from the most relative to the
//! target itself: the empty-path forms (`""`, `?q`, `#f`), a relative path
//! (`../x`), an absolute path (`/x`), a network path (`//h/x`), the target.
//! Each is checked by resolving it, and the shortest that gives the target
//! back wins (the earlier on ties). Checking makes every corner safe without
//! case analysis: a first segment with `:` (`./a:b`), an empty first segment
//! (`.//x`), rootless bases whose `..` would add a `/` (`foo:a/b`), bases with
//! dot segments of their own, a scheme that differs only in case. There are at
//! most five candidates, each built and checked in linear time.

use alloc::string::String;

use crate::compose::{Composer, Next};
use crate::path::{base_dir, remove_dot_segments};
use crate::resolve::{ResolveError, ResolveErrorKind, Resolver};
use crate::uri::{Uri, UriRef, UriRefBuf};

/// The shortest URI reference `r` such that RFC 3986 strict resolution of `r`
/// against `base` gives exactly `target` (the same string). `base`'s fragment
/// is ignored, as resolution ignores it.
///
/// # Errors
/// [`ResolveErrorKind::UnreachableTarget`] when no reference resolves to
/// `target`. Resolution removes `.` and `..` segments from every path except
/// the base's own (which an empty-path reference such as `#f` inherits as it
/// is), so a target whose path has dot segments is reachable only from a base
/// with the same scheme, authority and path. The index is the first dot
/// segment in `target`.
///
/// # Example
/// ```
/// use urikit::{relativize, Uri};
///
/// let base = Uri::parse("http://a/b/c/d;p?q")?;
/// let rel = |t| relativize(&base, &Uri::parse(t).unwrap()).map(|r| r.into_string());
/// assert_eq!(rel("http://a/b/c/g")?, "g");
/// assert_eq!(rel("http://a/b/g?x")?, "../g?x");
/// assert_eq!(rel("http://a/b/c/d;p?q#s")?, "#s");
/// assert_eq!(rel("http://a/b/c/d;p")?, "d;p");
/// assert_eq!(rel("http://a/b/c/a:b")?, "./a:b");
/// assert_eq!(rel("http://x/b/c/g")?, "//x/b/c/g");
/// assert_eq!(rel("ftp://a/b")?, "ftp://a/b");
/// assert!(rel("http://x/a/../b").is_err());
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
pub fn relativize(base: &Uri<'_>, target: &Uri<'_>) -> Result<UriRefBuf, ResolveError> {
    let b = base.without_fragment();
    let t: &UriRef<'_> = target;
    let mut best: Option<UriRefBuf> = None;
    let mut consider = |candidate: UriRefBuf| {
        if best
            .as_ref()
            .is_some_and(|r| r.as_str().len() <= candidate.as_str().len())
        {
            return;
        }
        match Resolver::new().resolve(base, &candidate.as_uri_ref()) {
            Ok(resolved) if resolved.as_str() == t.as_str() => best = Some(candidate),
            _ => {}
        }
    };
    // A candidate: nothing before `from` but `path` (when `from` is the
    // query or the fragment), then the target's components from `from` on.
    // The composer keeps the structure: `/.` before a path that would read
    // as an authority, `./` before a first segment that would read as a
    // scheme.
    let candidate = |path: &str, from: Next| {
        let mut s = String::with_capacity(path.len() + t.as_str().len() + 2);
        let mut c = Composer::new(&mut s);
        if from > Next::Path {
            c.path(|out| out.push_str(path));
        }
        c.skip(from);
        c.copy(t.source(), from, Next::End);
        let o = c.finish();
        UriRefBuf::from_offsets(s, o)
    };

    let same_scheme = b.scheme() == t.scheme();
    let same_authority = b.authority().map(|a| a.as_str()) == t.authority().map(|a| a.as_str());
    if same_scheme && same_authority {
        if t.path() == b.path() {
            if t.query() == b.query() {
                consider(candidate("", Next::Fragment));
            } else if t.query().is_some() {
                consider(candidate("", Next::Query));
            }
        }
        // The path as resolution computes it, before the "/." that keeps a
        // "//" path from reading as an authority (`foo:/.//x`).
        let logical = match t.path().strip_prefix("/.") {
            Some(p) if !t.has_authority() && p.starts_with("//") => p,
            _ => t.path(),
        };
        if let Some(p) = relative_path(&b, logical) {
            consider(candidate(&p, Next::Query));
        }
        if t.path().starts_with('/') {
            consider(candidate("", Next::Path));
        }
    }
    if same_scheme && t.has_authority() {
        consider(candidate("", Next::Authority));
    }
    consider(candidate("", Next::Scheme));

    best.ok_or_else(|| ResolveError::new(first_dot_segment(t), ResolveErrorKind::UnreachableTarget))
}

/// The relative-path reference from the base's directory to `path`: up with
/// `..` to the longest common directory, then down. `None` when the two are
/// not both absolute or both rootless.
fn relative_path(base: &UriRef<'_>, path: &str) -> Option<String> {
    // The directory merge() puts before a relative path, dot segments removed.
    let raw_dir = if base.has_authority() && base.path().is_empty() {
        "/"
    } else {
        base_dir(base.path())
    };
    let mut dir = String::with_capacity(raw_dir.len());
    remove_dot_segments(raw_dir, &mut dir);
    if !dir.is_empty() && dir.starts_with('/') != path.starts_with('/') {
        return None;
    }
    if dir.is_empty() && path.starts_with('/') {
        return None;
    }
    let d_body = dir.strip_prefix('/').unwrap_or(&dir);
    let p_body = path
        .strip_prefix('/')
        .filter(|_| !dir.is_empty())
        .unwrap_or(path);

    // Common directories: the base's directory segments against the path's
    // segments but its last.
    let depth = d_body.bytes().filter(|&c| c == b'/').count();
    let mut common = 0;
    let mut p_off = 0;
    for d_seg in d_body.split('/').take(depth) {
        let Some(k) = p_body[p_off..].find('/') else {
            break;
        };
        if &p_body[p_off..p_off + k] != d_seg {
            break;
        }
        common += 1;
        p_off += k + 1;
    }
    let ups = depth - common;
    let rest = &p_body[p_off..];

    let mut s = String::with_capacity(3 * ups + rest.len() + 2);
    if rest.is_empty() {
        if ups == 0 {
            s.push('.');
        } else {
            for _ in 1..ups {
                s.push_str("../");
            }
            s.push_str("..");
        }
        return Some(s);
    }
    for _ in 0..ups {
        s.push_str("../");
    }
    if ups == 0 && rest.starts_with('/') {
        // A relative path's first segment may not be empty (it would start
        // "//", or "/"). (One that holds ":", which would read as a scheme,
        // gets its "./" from the composer.)
        s.push_str("./");
    }
    s.push_str(rest);
    Some(s)
}

/// The byte offset of the first `.` or `..` segment of `t`'s path, or the
/// path's start.
fn first_dot_segment(t: &UriRef<'_>) -> usize {
    let start = t.offsets().path_start();
    let mut offset = 0;
    for seg in t.path().split('/') {
        if seg == "." || seg == ".." {
            return start + offset;
        }
        offset += seg.len() + 1;
    }
    start
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rel(base: &str, target: &str) -> String {
        let base = Uri::parse(base).unwrap();
        let target = Uri::parse(target).unwrap();
        relativize(&base, &target).unwrap().into_string()
    }

    #[test]
    fn corners() {
        let b = "http://a/b/c/d;p?q";
        assert_eq!(rel(b, "http://a/b/c/d;p?q"), "");
        assert_eq!(rel(b, "http://a/b/c/d;p?y"), "?y");
        assert_eq!(rel(b, "http://a/b/c/d;p"), "d;p");
        assert_eq!(rel(b, "http://a/b/c/"), ".");
        assert_eq!(rel(b, "http://a/b/"), "..");
        assert_eq!(rel(b, "http://a/"), "/");
        assert_eq!(rel(b, "http://a/b/c//x"), ".//x");
        assert_eq!(rel(b, "http://a//x"), "/.//x");
        assert_eq!(rel(b, "http://a"), "//a");
        assert_eq!(rel(b, "http:g"), "http:g");
        assert_eq!(rel(b, "HTTP://a/b/c/g"), "HTTP://a/b/c/g");
        assert_eq!(rel("foo:a/b", "foo:x/y"), "foo:x/y");
        assert_eq!(rel("foo:a/b", "foo:a/y"), "y");
        assert_eq!(rel("foo:a", "foo:"), ".");
        assert_eq!(rel("foo:", "foo:/.//b"), "/.//b");
        assert_eq!(rel("foo:/.//", "foo:/.//a"), "a");
        assert_eq!(rel("http://a/b/../c/", "http://a/x"), "/x");
        assert_eq!(rel("http://a/x/../c/d", "http://a/x/../c/d?q"), "?q");
    }

    #[test]
    fn unreachable() {
        let base = Uri::parse("http://a/b").unwrap();
        let t = Uri::parse("http://a/x/./y").unwrap();
        let err = relativize(&base, &t).unwrap_err();
        assert_eq!(
            (err.kind(), err.index()),
            (ResolveErrorKind::UnreachableTarget, 11)
        );
        // Reachable through the base's own path, though it has dot segments,
        // but only by an empty-path reference.
        let base = Uri::parse("http://a/x/./y#f").unwrap();
        assert_eq!(relativize(&base, &t).unwrap().as_str(), "");
        let base = Uri::parse("http://a/x/./y?q").unwrap();
        let t2 = Uri::parse("http://a/x/./y?z").unwrap();
        assert_eq!(relativize(&base, &t2).unwrap().as_str(), "?z");
        // Without a query, "" would inherit "?q": nothing reaches it.
        assert!(relativize(&base, &t).is_err());
    }
}
