//! A reference implementation of RFC 3986 reference resolution: sections
//! 5.2.1-5.3 transcribed literally, on strings, with no regard for speed (its
//! `remove_dot_segments` is quadratic). It is the oracle the real resolver is
//! compared with, so it is written to be obviously the RFC's text and nothing
//! else, and shares no code with the crate.
//!
//! Self-contained on purpose (only `std`): other tests and fuzz targets can
//! `#[path = ".../refimpl/mod.rs"] mod refimpl;` it.
//!
//! It takes the parse as given by RFC 3986 Appendix B's regular expression
//! (`^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?`), written out
//! by hand below; for valid URI references it finds the same components as
//! the grammar. It does not check validity.

#![allow(dead_code)]

/// The five components of RFC 3986 section 3; `None` = undefined.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Components {
    pub scheme: Option<String>,
    pub authority: Option<String>,
    pub path: String,
    pub query: Option<String>,
    pub fragment: Option<String>,
}

/// RFC 3986 Appendix B: the regular expression, as a hand-written matcher.
pub fn parse(s: &str) -> Components {
    let mut c = Components::default();
    let mut rest = s;
    // (([^:/?#]+):)?
    if let Some(k) = rest.find([':', '/', '?', '#']) {
        if k > 0 && rest.as_bytes()[k] == b':' {
            c.scheme = Some(rest[..k].to_string());
            rest = &rest[k + 1..];
        }
    }
    // (//([^/?#]*))?
    if let Some(r) = rest.strip_prefix("//") {
        let k = r.find(['/', '?', '#']).unwrap_or(r.len());
        c.authority = Some(r[..k].to_string());
        rest = &r[k..];
    }
    // ([^?#]*)
    let k = rest.find(['?', '#']).unwrap_or(rest.len());
    c.path = rest[..k].to_string();
    rest = &rest[k..];
    // (\?([^#]*))?
    if let Some(r) = rest.strip_prefix('?') {
        let k = r.find('#').unwrap_or(r.len());
        c.query = Some(r[..k].to_string());
        rest = &r[k..];
    }
    // (#(.*))?
    if let Some(r) = rest.strip_prefix('#') {
        c.fragment = Some(r.to_string());
    }
    c
}

/// RFC 3986 section 5.2.2, "Transform References". `strict == false` is the
/// non-strict parser that "may ignore a scheme in the reference if it is
/// identical to the base URI's scheme" (compared here ignoring ASCII case,
/// schemes being case-insensitive, section 3.1).
pub fn transform(base: &Components, reference: &Components, strict: bool) -> Components {
    let mut r = reference.clone();
    let mut t = Components::default();

    if !strict {
        if let (Some(rs), Some(bs)) = (&r.scheme, &base.scheme) {
            if rs.eq_ignore_ascii_case(bs) {
                r.scheme = None;
            }
        }
    }

    if r.scheme.is_some() {
        t.scheme = r.scheme.clone();
        t.authority = r.authority.clone();
        t.path = remove_dot_segments(&r.path);
        t.query = r.query.clone();
    } else {
        if r.authority.is_some() {
            t.authority = r.authority.clone();
            t.path = remove_dot_segments(&r.path);
            t.query = r.query.clone();
        } else {
            if r.path.is_empty() {
                t.path = base.path.clone();
                if r.query.is_some() {
                    t.query = r.query.clone();
                } else {
                    t.query = base.query.clone();
                }
            } else {
                if r.path.starts_with('/') {
                    t.path = remove_dot_segments(&r.path);
                } else {
                    t.path = merge(base, &r.path);
                    t.path = remove_dot_segments(&t.path);
                }
                t.query = r.query.clone();
            }
            t.authority = base.authority.clone();
        }
        t.scheme = base.scheme.clone();
    }
    t.fragment = r.fragment.clone();
    t
}

/// RFC 3986 section 5.2.3, "Merge Paths".
pub fn merge(base: &Components, r_path: &str) -> String {
    if base.authority.is_some() && base.path.is_empty() {
        format!("/{r_path}")
    } else {
        match base.path.rfind('/') {
            Some(k) => format!("{}{}", &base.path[..=k], r_path),
            None => r_path.to_string(),
        }
    }
}

/// RFC 3986 section 5.2.4, "Remove Dot Segments": the two-buffer loop, rule
/// by rule.
pub fn remove_dot_segments(path: &str) -> String {
    // 1. The input buffer is initialized with the now-appended path components
    //    and the output buffer is initialized to the empty string.
    let mut input = path.to_string();
    let mut output = String::new();
    // 2. While the input buffer is not empty, loop as follows:
    while !input.is_empty() {
        if input.starts_with("../") {
            // A. remove the prefix "../"
            input.replace_range(..3, "");
        } else if input.starts_with("./") {
            // A. remove the prefix "./"
            input.replace_range(..2, "");
        } else if input.starts_with("/./") {
            // B. replace the prefix "/./" with "/"
            input.replace_range(..3, "/");
        } else if input == "/." {
            // B. replace the prefix "/." (a complete segment) with "/"
            input = "/".to_string();
        } else if input.starts_with("/../") {
            // C. replace "/../" with "/" and remove the last output segment
            input.replace_range(..4, "/");
            remove_last_segment(&mut output);
        } else if input == "/.." {
            // C. replace "/.." (a complete segment) with "/", and likewise
            input = "/".to_string();
            remove_last_segment(&mut output);
        } else if input == "." || input == ".." {
            // D. remove it
            input.clear();
        } else {
            // E. move the first path segment, with its initial "/" if any and
            //    up to but not including the next "/", to the output
            let start = if input.starts_with('/') { 1 } else { 0 };
            let end = match input[start..].find('/') {
                Some(k) => start + k,
                None => input.len(),
            };
            output.push_str(&input[..end]);
            input.replace_range(..end, "");
        }
    }
    // 3. Finally, the output buffer is returned.
    output
}

/// "remove the last segment and its preceding "/" (if any) from the output
/// buffer".
fn remove_last_segment(output: &mut String) {
    match output.rfind('/') {
        Some(k) => output.truncate(k),
        None => output.clear(),
    }
}

/// RFC 3986 section 5.3, "Component Recomposition".
pub fn recompose(c: &Components) -> String {
    let mut result = String::new();
    if let Some(s) = &c.scheme {
        result.push_str(s);
        result.push(':');
    }
    if let Some(a) = &c.authority {
        result.push_str("//");
        result.push_str(a);
    }
    result.push_str(&c.path);
    if let Some(q) = &c.query {
        result.push('?');
        result.push_str(q);
    }
    if let Some(f) = &c.fragment {
        result.push('#');
        result.push_str(f);
    }
    result
}

/// Resolution from strings to components: parse both, transform.
pub fn resolve(base: &str, reference: &str, strict: bool) -> Components {
    // Section 5.1: a base is used "stripped of any fragment component".
    let mut b = parse(base);
    b.fragment = None;
    transform(&b, &parse(reference), strict)
}
