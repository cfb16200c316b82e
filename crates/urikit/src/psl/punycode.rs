//! Punycode (RFC 3492) encoding of one domain label into a fixed buffer,
//! without allocating: what the public suffix list needs to compare a
//! Unicode label with its `xn--` form.
//!
//! This file is also compiled into the crate's build script (`build.rs`),
//! which stores the list's Unicode rules in their `xn--` form: it uses only
//! `core`.

/// The longest label DNS allows (RFC 1035 section 2.3.4): an encoded label
/// that would be longer cannot match any rule.
pub const MAX_LABEL: usize = 63;

// RFC 3492 section 5, parameter values for Punycode.
const BASE: u32 = 36;
const TMIN: u32 = 1;
const TMAX: u32 = 26;
const SKEW: u32 = 38;
const DAMP: u32 = 700;
const INITIAL_BIAS: u32 = 72;
const INITIAL_N: u32 = 128;

/// Section 6.1, bias adaptation.
fn adapt(mut delta: u32, num_points: u32, first_time: bool) -> u32 {
    delta /= if first_time { DAMP } else { 2 };
    delta += delta / num_points;
    let mut k = 0;
    while delta > ((BASE - TMIN) * TMAX) / 2 {
        delta /= BASE - TMIN;
        k += BASE;
    }
    k + (BASE - TMIN + 1) * delta / (delta + SKEW)
}

/// The basic code point for digit `d` (section 5: `a`-`z` are 0-25, `0`-`9` 26-35).
fn digit(d: u32) -> u8 {
    if d < 26 {
        b'a' + d as u8
    } else {
        b'0' + (d - 26) as u8
    }
}

/// A bounded output buffer: pushing past [`MAX_LABEL`] bytes fails.
struct Out<'b> {
    buf: &'b mut [u8; MAX_LABEL],
    len: usize,
}

impl Out<'_> {
    fn push(&mut self, b: u8) -> Option<()> {
        *self.buf.get_mut(self.len)? = b;
        self.len += 1;
        Some(())
    }
}

/// Writes the ACE form of `label` (`xn--` and its Punycode, section 6.3) into
/// `buf` and returns its length; ASCII letters of the basic code points are
/// lowercased. `None` when the label is all ASCII (it needs no encoding) or
/// when its encoded form is longer than [`MAX_LABEL`] bytes.
///
/// The label is encoded as it is: no Unicode case folding or normalization
/// (UTS #46 mapping) is applied first.
pub fn encode_label(label: &str, buf: &mut [u8; MAX_LABEL]) -> Option<usize> {
    if label.is_ascii() {
        return None;
    }
    // Every code point gives at least one output byte: a longer label cannot fit.
    if label.chars().count() > MAX_LABEL {
        return None;
    }
    let mut out = Out { buf, len: 0 };
    for &b in b"xn--" {
        out.push(b)?;
    }
    let mut basic = 0u32;
    for c in label.chars().filter(char::is_ascii) {
        out.push((c as u8).to_ascii_lowercase())?;
        basic += 1;
    }
    if basic > 0 {
        out.push(b'-')?;
    }
    let total = label.chars().count() as u32;
    let (mut n, mut delta, mut bias, mut h) = (INITIAL_N, 0u32, INITIAL_BIAS, basic);
    while h < total {
        // The smallest code point not yet handled (>= n): each round writes at
        // least one byte, so the rounds are bounded by MAX_LABEL.
        let m = label.chars().map(u32::from).filter(|&c| c >= n).min()?;
        delta = delta.checked_add((m - n).checked_mul(h + 1)?)?;
        n = m;
        for c in label.chars().map(u32::from) {
            if c < n {
                delta = delta.checked_add(1)?;
            }
            if c == n {
                let mut q = delta;
                let mut k = BASE;
                loop {
                    let t = if k <= bias {
                        TMIN
                    } else if k >= bias + TMAX {
                        TMAX
                    } else {
                        k - bias
                    };
                    if q < t {
                        break;
                    }
                    out.push(digit(t + (q - t) % (BASE - t)))?;
                    q = (q - t) / (BASE - t);
                    k += BASE;
                }
                out.push(digit(q))?;
                bias = adapt(delta, h + 1, h == basic);
                delta = 0;
                h += 1;
            }
        }
        delta += 1;
        n += 1;
    }
    Some(out.len)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn enc(s: &str) -> Option<alloc::string::String> {
        let mut buf = [0; MAX_LABEL];
        let n = encode_label(s, &mut buf)?;
        Some(core::str::from_utf8(&buf[..n]).unwrap().into())
    }

    #[test]
    fn rfc_3492_and_psl_labels() {
        // RFC 3492 section 7.1 (A) Arabic (Egyptian), lowercased.
        assert_eq!(
            enc("\u{644}\u{64A}\u{647}\u{645}\u{627}\u{628}\u{62A}\u{643}\u{644}\u{645}\u{648}\u{634}\u{639}\u{631}\u{628}\u{64A}\u{61F}").as_deref(),
            Some("xn--egbpdaj6bu4bxfgehfvwxn")
        );
        // (L) 3<nen>B<gumi><kinpachi><sensei>: basic code points first.
        assert_eq!(
            enc("3\u{5E74}B\u{7D44}\u{91D1}\u{516B}\u{5148}\u{751F}").as_deref(),
            Some("xn--3b-ww4c5e180e575a65lsy2b")
        );
        assert_eq!(enc("公司").as_deref(), Some("xn--55qx5d"));
        assert_eq!(enc("食狮").as_deref(), Some("xn--85x722f"));
        assert_eq!(enc("中国").as_deref(), Some("xn--fiqs8s"));
        assert_eq!(enc("bücher").as_deref(), Some("xn--bcher-kva"));
        assert_eq!(enc("☃").as_deref(), Some("xn--n3h"));
        assert_eq!(enc("example"), None);
        // Too long for a DNS label: refused, in bounded time.
        assert_eq!(enc(&"ü".repeat(100)), None);
        assert_eq!(enc(&"a".repeat(60).replace('a', "é")), None);
    }
}
