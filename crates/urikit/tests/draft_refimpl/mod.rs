//! Reference implementations of the 1997 and 2003 drafts' resolution
//! (draft-fielding-url-syntax-05 section 5.2; draft-fielding-uri-rfc2396bis-01
//! section 5.2), transcribed step by step on strings, with the drafts'
//! iterated "remove the leftmost `<segment>/../`" done literally (quadratic).
//! The oracle for the crate's `Profile::Draft1997` / `Profile::Draft2003`.
//!
//! Where the drafts' words leave room, the reading taken is the crate's:
//! - "complete path segment": the text between two `/` or a buffer end; the
//!   empty text before a leading `/` is not a segment (otherwise Appendix C's
//!   `../../../g` would remove `/../` and give `http://ag`);
//! - step 7 of the 2003 merge: excess `..` are retained;
//! - the 1997 draft merges `http://a` and `g` with a `/` between (RFC 3986
//!   5.2.3), as its own algorithm would glue them into `http://ag`.

#![allow(dead_code)]

use crate::refimpl::{parse, Components};

/// Whether `buf[start..end]` is a complete path segment.
fn complete(buf: &str, start: usize, end: usize) -> bool {
    let starts =
        start > 0 && buf.as_bytes()[start - 1] == b'/' || start == 0 && !buf.starts_with('/');
    let ends = end == buf.len() || buf.as_bytes()[end] == b'/';
    starts && ends
}

/// The segment ending just before `end` (which is a `/` or the buffer's end):
/// its start.
fn segment_start(buf: &str, end: usize) -> usize {
    buf[..end].rfind('/').map_or(0, |k| k + 1)
}

/// Steps d-g of the 1997 draft's step 6 (steps 3-6 of the 2003 merge).
pub fn remove_dots(buf: &str) -> String {
    let mut buf = buf.to_string();
    // d) / 3. All occurrences of "./", where "." is a complete path segment,
    //    are removed.
    'd: loop {
        for (i, _) in buf.match_indices("./") {
            if complete(&buf, i, i + 1) {
                buf.replace_range(i..i + 2, "");
                continue 'd;
            }
        }
        break;
    }
    // e) / 4. If the buffer ends with "." as a complete path segment, that "."
    //    is removed.
    if buf.ends_with('.') && complete(&buf, buf.len() - 1, buf.len()) {
        buf.pop();
    }
    // f) / 5. All occurrences of "<segment>/../", <segment> a complete path
    //    segment not equal to "..", are removed, leftmost first, iteratively.
    'f: loop {
        for (j, _) in buf.match_indices("/../") {
            let start = segment_start(&buf, j);
            if complete(&buf, start, j) && &buf[start..j] != ".." && complete(&buf, j + 1, j + 3) {
                buf.replace_range(start..j + 4, "");
                continue 'f;
            }
        }
        break;
    }
    // g) / 6. If the buffer ends with "<segment>/..", <segment> a complete
    //    path segment not equal to "..", that "<segment>/.." is removed.
    if let Some(j) = buf.strip_suffix("/..").map(str::len) {
        let start = segment_start(&buf, j);
        if complete(&buf, start, j) && &buf[start..j] != ".." {
            buf.replace_range(start..j + 3, "");
        }
    }
    buf
}

/// The base's directory: "All but the last segment of the base URL's path
/// component is copied to the buffer"; an empty path gives "/" in the 2003
/// draft always, in the 1997 one with an authority (see the module docs).
fn directory(base: &Components, slash_if_empty: bool) -> String {
    if base.path.is_empty() && slash_if_empty {
        return "/".to_string();
    }
    match base.path.rfind('/') {
        Some(k) => base.path[..=k].to_string(),
        None => String::new(),
    }
}

fn undefine_same_scheme(base: &Components, r: &mut Components, strict: bool) {
    if !strict
        && r.scheme
            .as_deref()
            .zip(base.scheme.as_deref())
            .is_some_and(|(a, b)| a.eq_ignore_ascii_case(b))
    {
        r.scheme = None;
    }
}

/// The 1997 draft, section 5.2, steps 1-7.
pub fn resolve_1997(base: &str, reference: &str, strict: bool) -> Components {
    let mut b = parse(base);
    b.fragment = None;
    // 1) The URL reference is parsed.
    let mut r = parse(reference);
    undefine_same_scheme(&b, &mut r, strict);
    // 2) Empty path, no scheme, site or query: the current document.
    if r.path.is_empty() && r.scheme.is_none() && r.authority.is_none() && r.query.is_none() {
        return Components {
            fragment: r.fragment,
            ..b
        };
    }
    // 3) A scheme: an absolute URL, done.
    if r.scheme.is_some() {
        return r;
    }
    r.scheme = b.scheme.clone();
    // 4) A site: a network-path, skip to 7.
    if r.authority.is_some() {
        return r;
    }
    r.authority = b.authority.clone();
    // 5) An absolute path: skip to 7.
    if r.path.starts_with('/') {
        return r;
    }
    // 6) Merge: a) the base's directory, b) the path, c) "?" and the query.
    let mut buf = directory(&b, b.authority.is_some());
    buf.push_str(&r.path);
    if let Some(q) = &r.query {
        buf.push('?');
        buf.push_str(q);
    }
    let buf = remove_dots(&buf);
    // h), i) Split at the first "?".
    match buf.split_once('?') {
        Some((p, q)) => {
            r.path = p.to_string();
            r.query = Some(q.to_string());
        }
        None => {
            r.path = buf;
            r.query = None;
        }
    }
    r
}

/// The 2003 draft, section 5.2, its pseudo-code.
pub fn resolve_2003(base: &str, reference: &str, strict: bool) -> Components {
    let mut b = parse(base);
    b.fragment = None;
    let mut r = parse(reference);
    undefine_same_scheme(&b, &mut r, strict);
    let mut t = Components::default();
    if r.scheme.is_some() {
        t.scheme = r.scheme;
        t.authority = r.authority;
        t.path = r.path;
        t.query = r.query;
    } else {
        if r.authority.is_some() {
            t.authority = r.authority;
            t.path = r.path;
            t.query = r.query;
        } else {
            if r.path.is_empty() {
                if r.query.is_some() {
                    t.path = b.path.clone();
                    t.query = r.query;
                } else {
                    // An empty reference refers to the current document.
                    return Components {
                        fragment: r.fragment,
                        ..b
                    };
                }
            } else {
                if r.path.starts_with('/') {
                    t.path = r.path;
                } else {
                    let mut buf = directory(&b, true);
                    buf.push_str(&r.path);
                    t.path = remove_dots(&buf);
                }
                t.query = r.query;
            }
            t.authority = b.authority.clone();
        }
        t.scheme = b.scheme.clone();
    }
    t.fragment = r.fragment;
    t
}

#[test]
fn appendix_c_rows_that_need_the_iteration() {
    assert_eq!(remove_dots("/b/c/../../../g"), "/../g");
    assert_eq!(remove_dots("/b/c/./../g"), "/b/g");
    assert_eq!(remove_dots("/b/c/g?y/../x"), "/b/c/x");
    assert_eq!(remove_dots("/b/c/./g/."), "/b/c/g/");
    assert_eq!(remove_dots("a/b/../../.."), "..");
}
