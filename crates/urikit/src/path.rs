//! Path arithmetic shared by resolution and normalization: the directory of a
//! base path, and the removal of dot segments (RFC 3986 section 5.2.4), in the
//! RFC's form and in the 1997/2003 drafts' form that keeps excess `..`.
//!
//! Every function here runs in time linear in its input and writes into a
//! caller's `String`, without recursion or extra buffers: a `..` that removes
//! a segment scans back over exactly the bytes it then deletes, so each byte is
//! appended once and looked at again at most once.

use alloc::string::String;

use crate::normalize::look::has_dot_segment;

/// The directory part of a base path for the merge (RFC 3986 section 5.2.3):
/// everything up to and including the right-most `/`, or nothing when the
/// path holds no `/`.
///
/// (The rule "a base with an authority and an empty path merges as `/`" is
/// the caller's: it depends on the authority, not the path.)
///
/// ```text
/// "/b/c/d;p" -> "/b/c/"      "a/b" -> "a/"      "a" -> ""      "" -> ""
/// ```
pub(crate) fn base_dir(path: &str) -> &str {
    match path.rfind('/') {
        Some(k) => &path[..=k],
        None => "",
    }
}

/// Removes the last segment of `out` and the `/` before it, if any: the
/// output-buffer half of rule 2C of RFC 3986 section 5.2.4. Scans back only
/// over the bytes it deletes.
fn pop_segment(out: &mut String, floor: usize) {
    let tail = &out[floor..];
    match tail.rfind('/') {
        Some(k) => out.truncate(floor + k),
        None => out.truncate(floor),
    }
}

/// Appends `remove_dot_segments(input)` (RFC 3986 section 5.2.4) to `out`.
///
/// This is the RFC's two-buffer loop, rule for rule, with the input buffer a
/// slice that only shrinks from the front and the output buffer the tail of
/// `out` (whatever `out` held before is never touched). Linear time: each
/// rule consumes at least one byte of input, and rule C's removal of the last
/// output segment scans back over exactly the bytes it removes.
///
/// Like the RFC, it treats only literal `.` and `..` as dot segments (not
/// `%2E`), and removes excess `..` (`/../g` gives `/g`). Applied to a rootless
/// path the RFC's rules can produce a leading `/` (`a/../c` gives `/c`,
/// because rule C leaves `/c` in the input buffer and rule E moves it whole);
/// this function reproduces that too.
///
/// ```text
/// "/a/b/c/./../../g" -> "/a/g"     "mid/content=5/../6" -> "mid/6"
/// "/./g" -> "/g"   "/../g" -> "/g"   "a/.." -> "/"   "../a" -> "a"   "." -> ""
/// ```
pub(crate) fn remove_dot_segments(input: &str, out: &mut String) {
    // Without a `.` or `..` segment, every step of the algorithm is rule E
    // (move the first segment to the output): the output is the input.
    if !has_dot_segment(input.as_bytes()) {
        out.push_str(input);
        return;
    }
    let floor = out.len();
    let mut rest = input;
    while !rest.is_empty() {
        // A. a prefix of "../" or "./" is removed.
        if let Some(r) = rest.strip_prefix("../") {
            rest = r;
        } else if let Some(r) = rest.strip_prefix("./") {
            rest = r;
        }
        // B. a prefix of "/./" or "/." (complete segment) is replaced by "/".
        else if rest.starts_with("/./") {
            rest = &rest[2..];
        } else if rest == "/." {
            rest = "/";
        }
        // C. "/../" or "/.." (complete segment) is replaced by "/", and the
        //    last output segment is removed with its preceding "/".
        else if rest.starts_with("/../") {
            rest = &rest[3..];
            pop_segment(out, floor);
        } else if rest == "/.." {
            rest = "/";
            pop_segment(out, floor);
        }
        // D. "." or ".." alone is removed.
        else if rest == "." || rest == ".." {
            rest = "";
        }
        // E. the first segment, with its leading "/" if any, moves to the output.
        else {
            let skip = usize::from(rest.starts_with('/'));
            let end = rest[skip..].find('/').map_or(rest.len(), |k| k + skip);
            out.push_str(&rest[..end]);
            rest = &rest[end..];
        }
    }
}

/// Appends the dot-segment removal of the 1997 and 2003 drafts (steps 6d-6g of
/// draft-fielding-url-syntax-05 section 5.2; steps 3-7 of the 2003 draft's
/// merge, with step 7's "retain" choice) to `out`.
///
/// The buffer is split into complete segments at every `/`; a leading `/` does
/// not start a segment. Then:
/// - every `.` segment followed by `/` is removed with its `/` (`./` removal);
///   a final `.` is removed, leaving the `/` before it;
/// - every `<segment>/../` with `<segment>` not `..` is removed, leftmost
///   first, until none is left; a final `<segment>/..` likewise, leaving the
///   `/` before it;
/// - `..` segments with nothing left to remove are **kept**
///   (`/b/c/../../../g` gives `/../g`).
///
/// Leftmost-first iterated removal of `<segment>/../` is a confluent rewriting
/// (two matches can only overlap in a `..`, which is never a `<segment>`), so
/// a single left-to-right pass with a stack computes the same result; the
/// stack is `out` itself: a prefix of kept `..` segments (below `floor`),
/// then the segments that a later `..` may remove, each followed by `/`.
///
/// ```text
/// "/b/c/../../../g" -> "/../g"    "/b/c/./../g" -> "/b/g"    "a/./.." -> ""
/// "/b/c/g?y/../x" -> "/b/c/x"  (the 1997 draft merges the query too)
/// ```
pub(crate) fn remove_dot_segments_keep_excess(input: &str, out: &mut String) {
    let start = out.len();
    let body = match input.strip_prefix('/') {
        Some(b) => {
            out.push('/');
            b
        }
        None => input,
    };
    // Below `floor`: the leading "/" and the kept "../" segments.
    let mut floor = out.len();
    let mut pieces = body.split('/').peekable();
    while let Some(seg) = pieces.next() {
        let last = pieces.peek().is_none();
        match seg {
            "." => {}
            ".." if out.len() > floor => {
                // The top of the stack is "<segment>/": remove it.
                let top_end = out.len() - 1;
                match out[floor..top_end].rfind('/') {
                    Some(k) => out.truncate(floor + k + 1),
                    None => out.truncate(floor),
                }
            }
            ".." => {
                out.push_str("..");
                if !last {
                    out.push('/');
                    floor = out.len();
                }
            }
            "" if !last && out.len() == start => {
                // An empty segment at the very start of the buffer (left there
                // by removals, as in "a/..//..") reads, in the drafts' textual
                // algorithm, as a leading "/": the empty text before it is not
                // a complete segment, so no later ".." removes it.
                out.push('/');
                floor = out.len();
            }
            _ => {
                out.push_str(seg);
                if !last {
                    out.push('/');
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rds(s: &str) -> String {
        let mut out = String::from("prefix");
        remove_dot_segments(s, &mut out);
        out.split_off(6)
    }

    fn keep(s: &str) -> String {
        let mut out = String::from("prefix");
        remove_dot_segments_keep_excess(s, &mut out);
        out.split_off(6)
    }

    #[test]
    fn rfc_5_2_4_examples() {
        // The two traces printed in RFC 3986 section 5.2.4.
        assert_eq!(rds("/a/b/c/./../../g"), "/a/g");
        assert_eq!(rds("mid/content=5/../6"), "mid/6");
    }

    #[test]
    fn rfc_rules_one_by_one() {
        assert_eq!(rds(""), "");
        assert_eq!(rds("../a"), "a"); // A
        assert_eq!(rds("./a"), "a"); // A
        assert_eq!(rds("/./a"), "/a"); // B
        assert_eq!(rds("/."), "/"); // B
        assert_eq!(rds("/a/../b"), "/b"); // C
        assert_eq!(rds("/a/.."), "/"); // C
        assert_eq!(rds("/.."), "/"); // C, nothing to remove
        assert_eq!(rds("."), ""); // D
        assert_eq!(rds(".."), ""); // D
        assert_eq!(rds("a/../c"), "/c"); // the rootless quirk
        assert_eq!(rds("/.a/..b/a./b../..."), "/.a/..b/a./b../...");
        assert_eq!(rds("/a//../b"), "/a/b");
        assert_eq!(rds("/.//b"), "//b");
        assert_eq!(rds("/%2E/a"), "/%2E/a");
    }

    #[test]
    fn pop_never_reaches_before_the_output() {
        let mut out = String::from("keep/me");
        remove_dot_segments("/../../a", &mut out);
        assert_eq!(out, "keep/me/a");
    }

    #[test]
    fn keep_excess_empty_segment_left_at_the_start() {
        // Found by the draft-oracle property: base "http:a/..//" + "..".
        // Textually, "a/..//.." loses "a/../" and leaves "/..", whose leading
        // "/" has no segment before it to remove.
        assert_eq!(keep("a/..//.."), "/..");
        assert_eq!(keep("a/..//b/.."), "/");
        assert_eq!(keep("../a/..//.."), "../");
        assert_eq!(keep("/a/..//.."), "/");
    }

    #[test]
    fn keep_excess() {
        assert_eq!(keep("/b/c/../../../g"), "/../g");
        assert_eq!(keep("/b/c/../../../../g"), "/../../g");
        assert_eq!(keep("/b/c/./../g"), "/b/g");
        assert_eq!(keep("/b/c/./g/."), "/b/c/g/");
        assert_eq!(keep("/b/c/g?y/../x"), "/b/c/x");
        assert_eq!(keep("/b/c/g?y/./x"), "/b/c/g?y/x");
        assert_eq!(keep("/b/c/.."), "/b/");
        assert_eq!(keep("a/./.."), "");
        assert_eq!(keep("../.."), "../..");
        assert_eq!(keep("../."), "../");
        assert_eq!(keep("a//../b"), "a/b");
        assert_eq!(keep("/.."), "/..");
        assert_eq!(keep("/"), "/");
        assert_eq!(keep(""), "");
        assert_eq!(keep("."), "");
        assert_eq!(keep("/./"), "/");
        assert_eq!(keep("/../a/../b"), "/../b");
    }

    #[test]
    fn dot_segments_found_exactly() {
        for (p, want) in [
            ("", false),
            (".", true),
            ("..", true),
            ("./a", true),
            ("a/.", true),
            ("/a/../b", true),
            ("/a/./b", true),
            ("/.a/b.", false),
            ("/a.b/..c/...", false),
            ("a..", false),
            ("/...", false),
            ("//.", true),
            ("x/../", true),
            ("%2E", false),
            // "®" is C2 AE: 0xAE is "." with the high bit set.
            ("/®®®®®®®/.", true),
            ("®.®/®®®®®®./®", false),
        ] {
            assert_eq!(has_dot_segment(p.as_bytes()), want, "{p:?}");
            let by_split = p.split('/').any(|s| s == "." || s == "..");
            assert_eq!(by_split, want, "{p:?}");
        }
    }

    #[test]
    fn dot_segments_found_exactly_in_every_short_path() {
        // Every path of up to 11 bytes over ".", "/" and "a": the blocks of
        // eight, the shifted last block and the byte loop, at every offset.
        let mut path = Vec::new();
        for len in 0..=11u32 {
            for mut n in 0..3usize.pow(len) {
                path.clear();
                for _ in 0..len {
                    path.push([b'.', b'/', b'a'][n % 3]);
                    n /= 3;
                }
                let p = core::str::from_utf8(&path).unwrap();
                let by_split = p.split('/').any(|s| s == "." || s == "..");
                assert_eq!(has_dot_segment(p.as_bytes()), by_split, "{p:?}");
            }
        }
    }

    #[test]
    fn dot_segments_found_exactly_in_longer_paths() {
        // Pseudo-random paths of up to 48 bytes over ".", "/" and "a", biased
        // to "a" so that dot segments are rare and placed anywhere.
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut path = String::new();
        let mut found = 0;
        for _ in 0..20_000 {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let len = (seed % 49) as usize;
            path.clear();
            let mut bits = seed;
            for k in 0..len {
                if k % 21 == 0 {
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    bits = seed;
                }
                path.push(match bits % 8 {
                    0 => '.',
                    1 | 2 => '/',
                    _ => 'a',
                });
                bits /= 8;
            }
            let by_split = path.split('/').any(|s| s == "." || s == "..");
            assert_eq!(has_dot_segment(path.as_bytes()), by_split, "{path:?}");
            found += usize::from(by_split);
        }
        // Both answers are common.
        assert!((2_000..18_000).contains(&found), "{found}");
    }

    #[test]
    fn base_dirs() {
        assert_eq!(base_dir("/b/c/d;p"), "/b/c/");
        assert_eq!(base_dir("a/b"), "a/");
        assert_eq!(base_dir("a"), "");
        assert_eq!(base_dir(""), "");
    }
}
