//! Writing JSON Lines objects straight into a byte buffer, with no
//! `serde_json::Value` in between (the streaming commands write one object per
//! input line and must not allocate per line). Strings are escaped as
//! `serde_json` escapes them (the tests compare the two), so the bytes are the
//! same as `serde_json::to_writer` gives for the equivalent `json!` value with
//! the keys in the same order.

use std::fmt;

/// One JSON object being written: `{` on creation, `}` and a newline on
/// [`Obj::end`]. Keys must be plain ASCII without quotes or backslashes (they
/// are written as they are).
pub struct Obj<'a> {
    out: &'a mut Vec<u8>,
    first: bool,
    /// Text known to have nothing to escape (see [`Obj::with_source`]):
    /// the values that are slices of it (found by their address) are copied
    /// with no further look, here and in nested objects.
    clean: &'a str,
}

impl<'a> Obj<'a> {
    #[inline]
    pub fn new(out: &'a mut Vec<u8>) -> Obj<'a> {
        out.push(b'{');
        Obj {
            out,
            first: true,
            clean: "",
        }
    }

    /// An object whose first key is `key`, its value `source`, which is
    /// also declared the source of most values that follow (the input line,
    /// typically): when it has nothing to escape, the values that are slices
    /// of it are copied with no further look. `{"key":"source"` written at
    /// once.
    #[inline]
    pub fn with_source(out: &'a mut Vec<u8>, key: &str, source: &'a str) -> Obj<'a> {
        out.push(b'{');
        let mut o = Obj {
            out,
            first: true,
            clean: "",
        };
        o.key(key);
        // One look at the source's bytes: escaping it tells whether it is
        // clean.
        if string(o.out, source) {
            o.clean = source;
        }
        o
    }

    /// A member written as it is (`"key":value`, already JSON), after a
    /// comma when it is not the first: one copy for a constant such as
    /// `"valid":true`.
    #[inline(always)]
    pub fn member(&mut self, json: &str) -> &mut Self {
        if !self.first {
            self.out.push(b',');
        }
        self.first = false;
        self.out.extend_from_slice(json.as_bytes());
        self
    }

    /// Whether `value` lies inside the clean source text.
    #[inline]
    fn is_clean(&self, value: &str) -> bool {
        let (at, start) = (value.as_ptr() as usize, self.clean.as_ptr() as usize);
        at >= start && at + value.len() <= start + self.clean.len()
    }

    /// A nested object, written into the same buffer.
    fn nested(&mut self) -> Obj<'_> {
        let mut inner = Obj::new(self.out);
        inner.clean = self.clean;
        inner
    }

    #[inline(always)]
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
    #[inline(always)]
    pub fn str(&mut self, key: &str, value: &str) -> &mut Self {
        self.key(key);
        self.value(value);
        self
    }

    /// A string value, escaped unless it is a slice of the clean source.
    fn value(&mut self, value: &str) {
        if self.is_clean(value) {
            self.out.reserve(value.len() + 2);
            self.out.push(b'"');
            self.out.extend_from_slice(value.as_bytes());
            self.out.push(b'"');
        } else {
            string(self.out, value);
        }
    }

    /// `"key":"value"`, or `"key":null` for `None`.
    #[inline(always)]
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
    #[inline(always)]
    pub fn bool(&mut self, key: &str, value: bool) -> &mut Self {
        self.key(key);
        self.out
            .extend_from_slice(if value { b"true" } else { b"false" });
        self
    }

    /// `"key":[{...},...]`: one object per item, each written by `f`.
    #[inline]
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
            let mut inner = self.nested();
            f(&mut inner, item);
            inner.out.push(b'}');
        }
        self.out.push(b']');
        self
    }

    /// `"key":N`.
    #[inline(always)]
    pub fn num(&mut self, key: &str, value: usize) -> &mut Self {
        self.key(key);
        uint(self.out, value as u64);
        self
    }

    /// `"key":N`, or `"key":null` for `None`.
    #[inline(always)]
    pub fn opt_num(&mut self, key: &str, value: Option<u64>) -> &mut Self {
        self.key(key);
        match value {
            Some(n) => uint(self.out, n),
            None => self.out.extend_from_slice(b"null"),
        }
        self
    }

    /// `"key":null`.
    #[inline(always)]
    pub fn null(&mut self, key: &str) -> &mut Self {
        self.key(key);
        self.out.extend_from_slice(b"null");
        self
    }

    /// `"key":[...]`: the array's items are written by `f`.
    #[inline]
    pub fn arr(&mut self, key: &str, f: impl FnOnce(&mut Arr<'_>)) -> &mut Self {
        self.key(key);
        array(self.out, f);
        self
    }

    /// `"key":{...}`: the nested object is written by `f`.
    #[inline]
    pub fn obj(&mut self, key: &str, f: impl FnOnce(&mut Obj<'_>)) -> &mut Self {
        self.key(key);
        let mut inner = self.nested();
        f(&mut inner);
        inner.out.push(b'}');
        self
    }

    /// Closes the object and the line.
    pub fn end(&mut self) {
        self.out.extend_from_slice(b"}\n");
    }
}

/// One JSON array being written (see [`array`] and [`Obj::arr`]): items are
/// separated by commas as they come.
pub struct Arr<'a> {
    out: &'a mut Vec<u8>,
    first: bool,
}

impl Arr<'_> {
    #[inline]
    fn item(&mut self) {
        if !self.first {
            self.out.push(b',');
        }
        self.first = false;
    }

    /// A string item, escaped.
    #[inline]
    pub fn str(&mut self, value: &str) -> &mut Self {
        self.item();
        string(self.out, value);
        self
    }

    /// A string item, or `null` for `None`.
    #[inline]
    pub fn opt(&mut self, value: Option<&str>) -> &mut Self {
        match value {
            Some(v) => self.str(v),
            None => {
                self.item();
                self.out.extend_from_slice(b"null");
                self
            }
        }
    }

    /// A nested array item, written by `f`.
    pub fn arr(&mut self, f: impl FnOnce(&mut Arr<'_>)) -> &mut Self {
        self.item();
        array(self.out, f);
        self
    }

    /// An object item, written by `f`.
    pub fn obj(&mut self, f: impl FnOnce(&mut Obj<'_>)) -> &mut Self {
        self.item();
        let mut inner = Obj::new(self.out);
        f(&mut inner);
        inner.out.push(b'}');
        self
    }
}

/// A JSON array, its items written by `f`, into `out` (as `serde_json`
/// writes it: no spaces).
pub fn array(out: &mut Vec<u8>, f: impl FnOnce(&mut Arr<'_>)) {
    out.push(b'[');
    let mut a = Arr { out, first: true };
    f(&mut a);
    a.out.push(b']');
}

/// The decimal digits of `n` (a JSON number), without going through
/// `fmt`.
pub fn uint(out: &mut Vec<u8>, mut n: u64) {
    let mut digits = [0u8; 20];
    let mut at = digits.len();
    loop {
        at -= 1;
        digits[at] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    out.extend_from_slice(&digits[at..]);
}

/// A JSON string, escaped as `serde_json` escapes it: `"`, `\\` and the
/// control characters below U+0020, nothing else (`\b \f \n \r \t` in
/// their short forms, the others as `\u00xx`). The runs between bytes that
/// need escaping (a whole URI, nearly always) are copied whole. Whether `s`
/// had nothing to escape.
pub fn string(out: &mut Vec<u8>, s: &str) -> bool {
    let bytes = s.as_bytes();
    out.reserve(bytes.len() + 2);
    out.push(b'"');
    if !needs_escape(bytes) {
        out.extend_from_slice(bytes);
        out.push(b'"');
        return true;
    }
    let mut start = 0;
    while let Some(k) = next_escape(bytes, start) {
        out.extend_from_slice(&bytes[start..k]);
        let c = bytes[k];
        match c {
            b'"' => out.extend_from_slice(b"\\\""),
            b'\\' => out.extend_from_slice(b"\\\\"),
            0x08 => out.extend_from_slice(b"\\b"),
            0x0c => out.extend_from_slice(b"\\f"),
            b'\n' => out.extend_from_slice(b"\\n"),
            b'\r' => out.extend_from_slice(b"\\r"),
            b'\t' => out.extend_from_slice(b"\\t"),
            _ => {
                const HEX: &[u8; 16] = b"0123456789abcdef";
                out.extend_from_slice(b"\\u00");
                out.push(HEX[usize::from(c >> 4)]);
                out.push(HEX[usize::from(c & 0xf)]);
            }
        }
        start = k + 1;
    }
    out.extend_from_slice(&bytes[start..]);
    out.push(b'"');
    false
}

/// Whether any byte of `bytes` needs an escape: most strings have none,
/// told by a loop with no early exit, which the compiler turns into vector
/// compares (then [`next_escape`] finds them).
fn needs_escape(bytes: &[u8]) -> bool {
    bytes.iter().fold(false, |acc, &c| {
        acc | (c < 0x20) | (c == b'"') | (c == b'\\')
    })
}

/// The index of the first byte from `from` on that a JSON string must
/// escape (`"`, `\\`, below 0x20). Eight bytes at a time, the last eight
/// overlapping the word before when the length is not a multiple of eight.
fn next_escape(bytes: &[u8], from: usize) -> Option<usize> {
    let rest = bytes.get(from..)?;
    if rest.len() < 8 {
        let needs = |c: &u8| *c < 0x20 || *c == b'"' || *c == b'\\';
        return rest.iter().position(needs).map(|k| from + k);
    }
    let mut at = 0;
    while at + 8 <= rest.len() {
        if let Some(k) = first_to_escape(&rest[at..at + 8]) {
            return Some(from + at + k);
        }
        at += 8;
    }
    let last = rest.len() - 8;
    // The bytes of the last word before `at` were clean already.
    match first_to_escape(&rest[last..]) {
        Some(k) if at < rest.len() => Some(from + last + k),
        _ => None,
    }
}

/// The first of eight bytes that is `"`, `\\` or below 0x20. SWAR: a byte
/// below 0x20 borrows in `x - 0x20`, a byte equal to `c` is zero in `x ^ c`
/// and borrows in `(x ^ c) - 1`; the high bit of such a byte is then set in
/// `(x - n) & !x`. A borrow can also flag the byte after a flagged one, never
/// one before: the lowest flag is exact.
#[inline]
fn first_to_escape(bytes: &[u8]) -> Option<usize> {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    let mut word = [0u8; 8];
    word.copy_from_slice(bytes);
    let x = u64::from_le_bytes(word);
    let quote = x ^ (ONES * u64::from(b'"'));
    let backslash = x ^ (ONES * u64::from(b'\\'));
    let found = ((x.wrapping_sub(ONES * 0x20) & !x)
        | (quote.wrapping_sub(ONES) & !quote)
        | (backslash.wrapping_sub(ONES) & !backslash))
        & HIGH;
    (found != 0).then(|| found.trailing_zeros() as usize / 8)
}

/// `fmt::Write` into a byte buffer.
pub struct Bytes<'a>(pub &'a mut Vec<u8>);

impl fmt::Write for Bytes<'_> {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        self.0.extend_from_slice(s.as_bytes());
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn strings_are_escaped_as_serde_json_escapes_them() {
        let mut chars: Vec<char> = (0u8..0x80).map(char::from).collect();
        chars.extend(['é', '\u{2028}', '\u{10ffff}']);
        // Each character alone, and at every place in and around a word.
        for c in chars {
            for before in 0..18 {
                for after in [0, 1, 7, 9] {
                    let s = format!("{}{c}{}", "a".repeat(before), "b/".repeat(after));
                    let mut out = Vec::new();
                    string(&mut out, &s);
                    assert_eq!(out, serde_json::to_vec(&s).unwrap(), "{s:?}");
                }
            }
        }
        let mixed = "\"\\\u{0}x\n\"".repeat(5);
        let mut out = b"[".to_vec();
        string(&mut out, &mixed);
        assert_eq!(out[1..], serde_json::to_vec(&mixed).unwrap());
    }

    #[test]
    fn needs_escape_agrees_with_the_word_scan() {
        for c in 0u8..=255 {
            for at in [0, 3, 8, 15, 16, 40] {
                let mut b = b"x".repeat(41);
                b[at] = c;
                assert_eq!(
                    needs_escape(&b),
                    next_escape(&b, 0).is_some(),
                    "{c} at {at}"
                );
            }
        }
        assert!(!needs_escape(b""));
    }

    #[test]
    fn mixes_of_bytes_next_to_the_ones_escaped_are_escaped_as_serde_json_does() {
        // Bytes one off those escaped (borrows in the word scan), and others.
        let alphabet = [
            '\u{0}', '\u{1}', '\u{1f}', ' ', '!', '"', '#', '[', '\\', ']', '\u{7f}', 'a', 'é',
        ];
        let mut seed = 0x2545_f491_4f6c_dd1d_u64;
        for _ in 0..20_000 {
            let mut s = String::new();
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let (mut bits, len) = (seed, seed % 41);
            for _ in 0..len {
                s.push(alphabet[(bits % 13) as usize]);
                bits = bits.rotate_right(5) ^ seed.rotate_left(11);
            }
            let mut out = Vec::new();
            string(&mut out, &s);
            assert_eq!(out, serde_json::to_vec(&s).unwrap(), "{s:?}");
        }
    }

    #[test]
    fn slices_of_the_source_are_escaped_only_when_it_needs_it() {
        for line in ["http://h/p?q#f", "a\"b\\c/d\u{1}e"] {
            let other = String::from("x\"y");
            let mut out = Vec::new();
            let mut o = Obj::with_source(&mut out, "all", line);
            o.str("tail", &line[5..]).str("other", &other);
            o.obj("in", |i| {
                i.str("head", &line[..6]);
            });
            o.end();
            let v = json!({
                "all": line, "tail": &line[5..], "other": other, "in": {"head": &line[..6]},
            });
            let mut expected = serde_json::to_vec(&v).unwrap();
            expected.push(b'\n');
            assert_eq!(out, expected, "{line:?}");
        }
    }

    #[test]
    fn numbers_and_arrays_are_written_as_serde_json_writes_them() {
        for n in [0, 7, 10, 99, 65535, u64::MAX] {
            let mut out = Vec::new();
            uint(&mut out, n);
            assert_eq!(out, n.to_string().as_bytes());
        }
        let mut out = Vec::new();
        let mut o = Obj::new(&mut out);
        o.opt_num("a", Some(8)).opt_num("b", None).null("c");
        o.arr("d", |a| {
            a.str("x").opt(None).arr(|p| {
                p.str("k").opt(Some("v"));
            });
            a.obj(|e| {
                e.bool("t", true);
            });
        });
        o.arr("e", |_| {});
        o.end();
        let v = json!({"a": 8, "b": null, "c": null, "d": ["x", null, ["k", "v"], {"t": true}], "e": []});
        let mut expected = serde_json::to_vec(&v).unwrap();
        expected.push(b'\n');
        assert_eq!(out, expected);
    }

    #[test]
    fn same_bytes_as_serde_json() {
        let tricky = "a\"b\\c\u{0}\u{1f}\u{7f}\n\t/é\u{2028}";
        let mut out = Vec::new();
        let mut o = Obj::new(&mut out);
        o.str("input", tricky).bool("valid", false).opt("x", None);
        o.str("plain", "http://h/p?q");
        o.list("l", [1, 2], |e, n| {
            e.num("n", n);
        });
        o.obj("error", |e| {
            e.str("kind", "k")
                .num("index", 12)
                .str("message", "bad thing");
        });
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
