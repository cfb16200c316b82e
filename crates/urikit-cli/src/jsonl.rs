//! Writing JSON Lines objects straight into a byte buffer, with no
//! `serde_json::Value` in between (the streaming commands write one object per
//! input line and must not allocate per line). Strings are escaped by
//! `serde_json` itself, so the bytes are the same as `serde_json::to_writer`
//! gives for the equivalent `json!` value with the keys in the same order.

use std::fmt::{self, Write as _};

/// One JSON object being written: `{` on creation, `}` and a newline on
/// [`Obj::end`]. Keys must be plain ASCII without quotes or backslashes (they
/// are written as they are).
pub struct Obj<'a> {
    out: &'a mut Vec<u8>,
    first: bool,
}

impl<'a> Obj<'a> {
    pub fn new(out: &'a mut Vec<u8>) -> Obj<'a> {
        out.push(b'{');
        Obj { out, first: true }
    }

    fn key(&mut self, key: &str) {
        if !self.first {
            self.out.push(b',');
        }
        self.first = false;
        self.out.push(b'"');
        self.out.extend_from_slice(key.as_bytes());
        self.out.extend_from_slice(b"\":");
    }

    /// `"key":"value"`, escaped.
    pub fn str(&mut self, key: &str, value: &str) -> &mut Self {
        self.key(key);
        string(self.out, value);
        self
    }

    /// `"key":"value"`, or `"key":null` for `None`.
    pub fn opt(&mut self, key: &str, value: Option<&str>) -> &mut Self {
        match value {
            Some(v) => self.str(key, v),
            None => {
                self.key(key);
                self.out.extend_from_slice(b"null");
                self
            }
        }
    }

    /// `"key":true` or `"key":false`.
    pub fn bool(&mut self, key: &str, value: bool) -> &mut Self {
        self.key(key);
        self.out
            .extend_from_slice(if value { b"true" } else { b"false" });
        self
    }

    /// `"key":` and a `serde_json::Value` (for parts built by other code).
    pub fn value(&mut self, key: &str, value: &serde_json::Value) -> &mut Self {
        self.key(key);
        // Writing into a Vec cannot fail.
        let _ = serde_json::to_writer(&mut *self.out, value);
        self
    }

    /// `"key":[{...},...]`: one object per item, each written by `f`.
    pub fn list<T>(
        &mut self,
        key: &str,
        items: impl IntoIterator<Item = T>,
        mut f: impl FnMut(&mut Obj<'_>, T),
    ) -> &mut Self {
        self.key(key);
        self.out.push(b'[');
        for (k, item) in items.into_iter().enumerate() {
            if k > 0 {
                self.out.push(b',');
            }
            let mut inner = Obj::new(self.out);
            f(&mut inner, item);
            inner.out.push(b'}');
        }
        self.out.push(b']');
        self
    }

    /// `"key":N`.
    pub fn num(&mut self, key: &str, value: usize) -> &mut Self {
        self.key(key);
        let _ = write!(Bytes(self.out), "{value}");
        self
    }

    /// `"key":{...}`: the nested object is written by `f`.
    pub fn obj(&mut self, key: &str, f: impl FnOnce(&mut Obj<'_>)) -> &mut Self {
        self.key(key);
        let mut inner = Obj::new(self.out);
        f(&mut inner);
        inner.out.push(b'}');
        self
    }

    /// Closes the object and the line.
    pub fn end(&mut self) {
        self.out.extend_from_slice(b"}\n");
    }
}

/// A JSON string, escaped as `serde_json` escapes it: `"`, `\\` and the
/// control characters below U+0020, nothing else. Strings with none of those
/// (nearly every URI) are copied whole; the others go through `serde_json`.
pub fn string(out: &mut Vec<u8>, s: &str) {
    if s.bytes().all(|c| c >= 0x20 && c != b'"' && c != b'\\') {
        out.reserve(s.len() + 2);
        out.push(b'"');
        out.extend_from_slice(s.as_bytes());
        out.push(b'"');
    } else {
        // Writing into a Vec cannot fail.
        let _ = serde_json::to_writer(&mut *out, s);
    }
}

/// `fmt::Write` into a byte buffer.
pub struct Bytes<'a>(pub &'a mut Vec<u8>);

impl fmt::Write for Bytes<'_> {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        self.0.extend_from_slice(s.as_bytes());
        Ok(())
    }
}

/// The error object `{kind, index, message}` of [`crate::output::error_json`],
/// written into `obj` under `"error"`; `message` is formatted into `scratch`
/// (reused) first.
pub fn error(
    obj: &mut Obj<'_>,
    scratch: &mut String,
    kind: &str,
    index: usize,
    message: impl fmt::Display,
) {
    scratch.clear();
    let _ = write!(scratch, "{message}");
    obj.obj("error", |e| {
        e.str("kind", kind)
            .num("index", index)
            .str("message", scratch);
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn same_bytes_as_serde_json() {
        let tricky = "a\"b\\c\u{0}\u{1f}\u{7f}\n\t/é\u{2028}";
        let mut out = Vec::new();
        let mut scratch = String::new();
        let mut o = Obj::new(&mut out);
        o.str("input", tricky).bool("valid", false).opt("x", None);
        o.str("plain", "http://h/p?q");
        o.list("l", [1, 2], |e, n| {
            e.num("n", n);
        });
        error(
            &mut o,
            &mut scratch,
            "k",
            12,
            format_args!("bad {}", "thing"),
        );
        o.end();
        let v = json!({
            "input": tricky, "valid": false, "x": null, "plain": "http://h/p?q",
            "l": [{"n": 1}, {"n": 2}],
            "error": {"kind": "k", "index": 12, "message": "bad thing"},
        });
        let mut expected = serde_json::to_vec(&v).unwrap();
        expected.push(b'\n');
        assert_eq!(
            String::from_utf8(out).unwrap(),
            String::from_utf8(expected).unwrap()
        );
    }
}
