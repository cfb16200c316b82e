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
    !needs_work(path, 0, path.len(), no_pct)
}

/// Whether the reference `b`, whose path is `b[start..end]`, has a `%` (when
/// `pct` is set) or a `.` or `..` path segment: a look over the bytes, eight
/// at a time ([`has_byte`], [`has_dot_segment`]).
#[inline]
pub(crate) fn needs_work(b: &[u8], start: usize, end: usize, pct: bool) -> bool {
    (pct && has_byte(b, b'%')) || b.get(start..end).map_or(true, has_dot_segment)
}

/// Whether `b` holds `byte`: eight bytes at a time (a zero byte of the block
/// xor-ed with `byte`s), the last block overlapping the one before.
#[inline]
fn has_byte(b: &[u8], byte: u8) -> bool {
    let pattern = LO * u64::from(byte);
    let found = |block: &[u8]| {
        let mut x = [0; 8];
        x.copy_from_slice(block);
        let v = u64::from_le_bytes(x) ^ pattern;
        v.wrapping_sub(LO) & !v & HI != 0
    };
    let blocks = b.chunks_exact(8);
    if blocks.clone().any(found) {
        return true;
    }
    if blocks.remainder().is_empty() {
        return false;
    }
    match b.len().checked_sub(8) {
        Some(last) => found(&b[last..]),
        None => b.contains(&byte),
    }
}

/// Every byte 1.
const LO: u64 = 0x0101_0101_0101_0101;
/// Every byte's high bit.
const HI: u64 = 0x8080_8080_8080_8080;

/// Whether `path` has a `.` or `..` segment.
///
/// Eight bytes at a time: a dot segment starts with a `.` at the start of the
/// path or after a `/`, so each block is tested for `/.` pairs at once (the
/// block xor-ed with `.`s, or-ed with the block moved up one byte, the byte
/// before it in the low place, xor-ed with `/`s: a zero byte marks a pair).
/// Only those pairs, rare in real paths (`/.well-known`), are looked at byte
/// by byte; a `.` elsewhere (`a.html`) costs nothing. The last block overlaps
/// the one before when the length is not a multiple of eight (a pair looked
/// at twice is only a repeated check).
pub(crate) fn has_dot_segment(path: &[u8]) -> bool {
    // Marks (high bits) on the bytes that are a `.` after a `/`, and maybe on
    // bytes above the first one (never below): each pair is checked.
    let pairs = |block: &[u8], before: u8| {
        let mut x = [0; 8];
        x.copy_from_slice(block);
        let x = u64::from_le_bytes(x);
        let v = (x ^ (LO * u64::from(b'.')))
            | (((x << 8) | u64::from(before)) ^ (LO * u64::from(b'/')));
        v.wrapping_sub(LO) & !v & HI
    };
    let check = |at: usize, mut marks: u64| {
        while marks != 0 {
            let d = at + (marks.trailing_zeros() / 8) as usize;
            if d > 0 && path.get(d - 1..d + 1) == Some(b"/.") && dot_segment_at(path, d) {
                return true;
            }
            marks &= marks - 1;
        }
        false
    };
    if path.first() == Some(&b'.') && dot_segment_at(path, 0) {
        return true;
    }
    let blocks = path.chunks_exact(8);
    let mut before = 0; // the byte before the block (none before the path)
    for (k, block) in blocks.clone().enumerate() {
        let marks = pairs(block, before);
        if marks != 0 && check(8 * k, marks) {
            return true;
        }
        before = block[7];
    }
    if blocks.remainder().is_empty() {
        return false;
    }
    match path.len().checked_sub(9) {
        Some(k) => check(k + 1, pairs(&path[k + 1..], path[k])),
        // Fewer than nine bytes in all.
        None => (1..path.len())
            .any(|d| path[d] == b'.' && path[d - 1] == b'/' && dot_segment_at(path, d)),
    }
}

/// Whether the segment starting at `path[d]` (a `.`) is `.` or `..`.
#[inline]
fn dot_segment_at(path: &[u8], d: usize) -> bool {
    let end = |i: usize| matches!(path.get(i), None | Some(b'/'));
    end(d + 1) || (path.get(d + 1) == Some(&b'.') && end(d + 2))
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

    #[test]
    fn plain_paths_are_found_exactly() {
        // Against a byte-by-byte definition, every path over a small alphabet
        // up to 9 bytes (the block scan, its carry and the last block; more
        // blocks with the text put around the path).
        fn slow(p: &[u8], no_pct: bool) -> bool {
            let s = core::str::from_utf8(p).unwrap();
            !(crate::path::has_dot_segment(s) || no_pct && p.contains(&b'%'))
        }
        let alphabet = [b'/', b'.', b'a', b'%'];
        let mut p = Vec::new();
        for len in 0..=9u32 {
            for mut n in 0..4usize.pow(len) {
                p.clear();
                for _ in 0..len {
                    p.push(alphabet[n % 4]);
                    n /= 4;
                }
                for no_pct in [false, true] {
                    assert_eq!(is_plain(&p, no_pct), slow(&p, no_pct), "{p:?} {no_pct}");
                }
                // Within a reference: pairs outside the path do not count.
                for (before, after) in [("//.h", "?/./#/.."), ("a:", "#/."), ("./", "/.")] {
                    let b = [before.as_bytes(), &p, after.as_bytes()].concat();
                    let (start, end) = (before.len(), before.len() + p.len());
                    for pct in [false, true] {
                        let want = !slow(&p, pct);
                        assert_eq!(needs_work(&b, start, end, pct), want, "{b:?} {pct}");
                    }
                }
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
