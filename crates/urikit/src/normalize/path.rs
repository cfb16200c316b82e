//! Path normalization: percent-encoding normalized and dot segments removed
//! (RFC 3986 sections 6.2.2.2 and 6.2.2.3) in one pass over the path.
//!
//! Why not the shared `remove_dot_segments` of resolution: normalization must
//! see `%2E` as a dot, which it only knows after normalizing each segment's
//! percent-encoding; it must keep a rootless path rootless (the RFC's loop
//! turns `a/../b` into `/b`) and, in a relative reference, keep a leading
//! `..`. Fusing the two steps also writes each byte once, into the one output
//! buffer. On absolute paths the result is exactly section 5.2.4's, which the
//! tests check against resolution's `remove_dot_segments` (the RFC's loop).
//!
//! Linear time: every output byte is written once and removed at most once,
//! and finding the segment to remove scans only that segment. Nothing recurses.

use alloc::string::String;

use super::look::{has_byte, has_dot_segment};
use crate::pct;
use crate::scan::find_byte;

/// Where a path stands in its reference, which decides how dot segments are
/// removed and what prefix keeps the result's structure.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum PathKind {
    /// After an authority: empty or starting with `/`.
    WithAuthority,
    /// No authority: `//` at the start would read as one, so it is written `/.//`.
    NoAuthority,
    /// A relative reference (no scheme, no authority): a `..` that has nothing
    /// to remove is kept, since it matters when the reference is resolved.
    Relative,
}

/// Appends the syntax-normalized form of `path` to `out`: each segment's
/// percent-encoding normalized (unreserved bytes decoded, hex uppercased),
/// then dot segments (`%2E` spellings included) removed, keeping the path's
/// kind:
///
/// - an absolute path stays absolute; a `..` above the root is dropped
///   (section 5.2.4); when a result without authority would start with `//`,
///   it is written `/.//...`;
/// - a rootless path stays rootless (the RFC's algorithm would turn `a/../b`
///   into `/b`): the result is `b`; when its first segment is empty, or holds a
///   `:` in a relative reference, `./` is put before it; in a relative
///   reference a leading `..` with nothing to remove is kept (`../a`), and a
///   path that empties is written `./` (`a/..` resolves like `./`, not like
///   the empty reference); in a URI with a scheme it is dropped, as section
///   5.2.4 does, and an emptied path stays empty;
/// - a removed final `.` or `..` leaves a final `/` (`/a/b/..` gives `/a/`).
pub(crate) fn push_normalized_path(out: &mut String, path: &str, kind: PathKind) {
    // The common case, a path with nothing to normalize (no `%`, no dot
    // segment) that keeps its structure as it is: copied whole. The general
    // loop would copy it segment by segment unchanged.
    if is_plain(path.as_bytes(), true) && keeps_structure(path.as_bytes(), kind) {
        out.push_str(path);
        return;
    }
    // A `%` but no dot segment, even once `%2E` is decoded: the path is its
    // percent-encoding normalized, written in one pass over its runs.
    let base = out.len();
    pct::push_normalized(out, path, false);
    let written = &out.as_bytes()[base..];
    if is_plain(written, false) && keeps_structure(written, kind) {
        return;
    }
    out.truncate(base);
    push_normalized_path_general(out, path, kind);
}

/// Whether `path`, written as it is, keeps the structure the general loop
/// gives it: no `//` start without an authority (it would read as one), and
/// in a relative reference no rootless first segment with a `:` (it would
/// read as a scheme). Parsed input never has either, a normalized one may.
pub(crate) fn keeps_structure(path: &[u8], kind: PathKind) -> bool {
    match kind {
        PathKind::WithAuthority => true,
        PathKind::NoAuthority => !path.starts_with(b"//"),
        PathKind::Relative => {
            if path.starts_with(b"/") {
                return !path.starts_with(b"//");
            }
            let first = find_byte(path, b'/').map_or(path, |k| &path[..k]);
            find_byte(first, b':').is_none()
        }
    }
}

/// Whether `path` has no dot segment (`.` or `..`, as a whole segment) and,
/// when `no_pct` is set, no `%`: then dot-segment removal (and, without `%`,
/// percent-encoding normalization) leaves it as it is.
#[inline]
pub(crate) fn is_plain(path: &[u8], no_pct: bool) -> bool {
    !(has_dot_segment(path) || (no_pct && has_byte(path, b'%')))
}

/// [`push_normalized_path`] for every path.
fn push_normalized_path_general(out: &mut String, path: &str, kind: PathKind) {
    if path.is_empty() {
        return;
    }
    let base = out.len();
    let rooted = path.as_bytes()[0] == b'/';
    let body = if rooted { &path[1..] } else { path };
    let keep_up = !rooted && kind == PathKind::Relative;
    // out[base..] holds units "/segment"; bytes before `floor` are kept `..`.
    let mut floor = base;
    let mut trailing = false;
    for seg in body.split('/') {
        let start = out.len();
        out.push('/');
        pct::push_normalized(out, seg, false);
        let dots = match &out.as_bytes()[start + 1..] {
            b"." => 1,
            b".." => 2,
            _ => 0,
        };
        trailing = dots != 0;
        if dots == 0 {
            continue;
        }
        out.truncate(start);
        if dots == 2 {
            if out.len() > floor {
                let cut = out[floor..].rfind('/').map_or(floor, |k| floor + k);
                out.truncate(cut);
            } else if keep_up {
                out.push_str("/..");
                floor = out.len();
                trailing = false;
            }
        }
    }
    if rooted {
        if out.len() == base || trailing {
            out.push('/');
        }
        if kind != PathKind::WithAuthority && out[base..].starts_with("//") {
            out.insert_str(base, "/.");
        }
        return;
    }
    if out.len() == base {
        if trailing && kind == PathKind::Relative {
            out.push_str("./");
        }
        return;
    }
    if trailing {
        out.push('/');
    }
    if kind != PathKind::Relative && out.len() == base + 1 {
        // A single empty segment left in a URI's rootless path: empty path.
        out.truncate(base);
        return;
    }
    let first = &out.as_bytes()[base + 1..];
    let first = &first[..first.iter().position(|&c| c == b'/').unwrap_or(first.len())];
    if first.is_empty() || (kind == PathKind::Relative && first.contains(&b':')) {
        out.insert(base, '.'); // "./" + rest
    } else {
        out.remove(base);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fast_path_agrees_with_the_general_loop() {
        let paths = [
            "/",
            "//",
            "///a",
            "/a/b/c",
            "/a//b/",
            "/a/./b",
            "/a/../b",
            "/.a/b.",
            "/a%41/b",
            "/a/%2E/b",
            "/a:b/c@d",
            "/A/B",
            "/a/b/..",
            "/...",
            "/a/.b/..c",
            "//a/b",
            "",
            "a",
            "a/b",
            "a:b/c",
            "a%3Ab/c",
            "a/b:c",
            ".",
            "..",
            "./a",
            "../a",
            "%2E/a",
            "a/%2e%2E",
            "abcdefgh/.",
            "abcdefg/./x",
            "/abcdefg/..",
            "/abcdefghijklmno/.",
            "/abcdefghijklmn/./",
            "/abcdefghijklmnop/../q",
            "/abcdefghijklmnop/.q/..r/...",
            "/abcdefgh%41ijklmnop",
            "/abcdefghijklmnop%41",
            "/a%2F%2e/b",
            "/%2E%2E",
        ];
        for p in paths {
            for kind in [
                PathKind::WithAuthority,
                PathKind::NoAuthority,
                PathKind::Relative,
            ] {
                let mut fast = String::from("x");
                let mut slow = String::from("x");
                push_normalized_path(&mut fast, p, kind);
                push_normalized_path_general(&mut slow, p, kind);
                assert_eq!(fast, slow, "{p:?} {kind:?}");
            }
        }
    }

    /// The oracle: resolution's transcription of RFC 3986 section 5.2.4.
    fn remove_dot_segments(path: &str) -> String {
        let mut out = String::new();
        crate::path::remove_dot_segments(path, &mut out);
        out
    }

    fn norm(path: &str, kind: PathKind) -> String {
        let mut out = String::new();
        push_normalized_path(&mut out, path, kind);
        out
    }

    #[test]
    fn absolute_paths() {
        let k = PathKind::WithAuthority;
        assert_eq!(norm("/a/b/c/./../../g", k), "/a/g");
        assert_eq!(norm("/a/b/c/%2E/%2E./%2e%2E/d", k), "/a/d");
        assert_eq!(norm("/../../../g", k), "/g");
        assert_eq!(norm("/..", k), "/");
        assert_eq!(norm("/a/b/..", k), "/a/");
        assert_eq!(norm("/a//..//b", k), "/a//b");
        assert_eq!(norm("/a/..//b", k), "//b");
        assert_eq!(norm("/a/..//b", PathKind::NoAuthority), "/.//b");
        assert_eq!(norm("/.//b", PathKind::NoAuthority), "/.//b");
        assert_eq!(norm("", k), "");
    }

    #[test]
    fn rootless_paths_stay_rootless() {
        let r = PathKind::Relative;
        assert_eq!(norm("a/../b", r), "b");
        assert_eq!(norm("a/..", r), "./");
        assert_eq!(norm(".", r), "./");
        assert_eq!(norm("..", r), "..");
        assert_eq!(norm("../a/..", r), "../");
        assert_eq!(norm("a/../../b", r), "../b");
        assert_eq!(norm("%2E%2E/./a/b/c/./../../g", r), "../a/g");
        assert_eq!(norm("./a:b", r), "./a:b");
        assert_eq!(norm("x/../a:b", r), "./a:b");
        assert_eq!(norm(".//evil", r), ".//evil");
        assert_eq!(norm("a/..//evil", r), ".//evil");
        let u = PathKind::NoAuthority;
        assert_eq!(norm("bar/../baz", u), "baz");
        assert_eq!(norm("../a", u), "a");
        assert_eq!(norm("a/..", u), "");
        assert_eq!(norm("a/../", u), "");
        assert_eq!(norm("..///x", u), ".///x");
        assert_eq!(norm("mid/content=5/../6", u), "mid/6");
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(500))]

        /// On absolute paths the fused pass is section 5.2.4 applied after
        /// percent-encoding normalization.
        #[test]
        fn absolute_paths_match_the_rfc_loop(
            segs in proptest::collection::vec(
                proptest::sample::select(vec!["a", "B", ".", "..", "%2E", "%2e%2E", ".%2E", "", "%7e", "%2F"]),
                0..8,
            )
        ) {
            let path = format!("/{}", segs.join("/"));
            let mut decoded = String::new();
            pct::push_normalized(&mut decoded, &path, false);
            proptest::prop_assert_eq!(norm(&path, PathKind::WithAuthority), remove_dot_segments(&decoded));
        }
    }

    #[test]
    fn long_dot_runs_are_linear() {
        let path = "a/".repeat(100_000) + &"../".repeat(200_000);
        assert_eq!(norm(&path, PathKind::Relative).len(), 3 * 100_000);
        assert_eq!(remove_dot_segments(&path), "/");
    }
}
