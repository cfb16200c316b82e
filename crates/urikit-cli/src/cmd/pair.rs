//! Two references on one input (`equivalent`, `urn-equivalent`): a stdin
//! line holds them separated by white space (a URI reference has none);
//! given as the two arguments `A B`, the input is the two joined by one
//! space. Error indexes point into that input.

use crate::report::{Failure, Problem};

/// The two references of one input, and where the second starts.
pub struct Pair<'a> {
    pub a: &'a str,
    pub b: &'a str,
    pub b_at: usize,
}

/// The inputs of a pair subcommand given `A B` as arguments: the one input
/// (empty for none: stdin then), and the boundary between them, which the
/// white space rule would not find if `A` held some.
pub struct PairArgs {
    pub inputs: Vec<String>,
    split: Option<usize>,
}

impl PairArgs {
    pub fn new(a: Option<&str>, b: Option<&str>) -> PairArgs {
        match (a, b) {
            (Some(a), Some(b)) => PairArgs {
                inputs: vec![format!("{a} {b}")],
                split: Some(a.len()),
            },
            _ => PairArgs {
                inputs: Vec::new(),
                split: None,
            },
        }
    }

    /// The two references of `input`.
    ///
    /// # Errors
    /// A line without a second reference, or with more after it.
    pub fn split<'a>(&self, input: &'a str) -> Result<Pair<'a>, Failure> {
        if let Some(k) = self.split {
            // The input is the arguments joined.
            return Ok(Pair {
                a: &input[..k],
                b: &input[k + 1..],
                b_at: k + 1,
            });
        }
        let blank = |c: char| c == ' ' || c == '\t';
        let a_at = input.len() - input.trim_start_matches(blank).len();
        let rest = &input[a_at..];
        let a_len = rest.find(blank).unwrap_or(rest.len());
        let b_at = input.len() - input[a_at + a_len..].trim_start_matches(blank).len();
        let b_end = input.trim_end_matches(blank).len().max(b_at);
        if b_at == b_end {
            return Err(Failure::new(
                "missing_reference",
                input.len(),
                format!(
                    "at byte {}: expected two references separated by white space",
                    input.len()
                ),
            ));
        }
        let b = &input[b_at..b_end];
        if let Some(k) = b.find(blank) {
            let index = b_at + k;
            return Err(Failure::new(
                "extra_text",
                index,
                format!(
                    "at byte {index}: expected the end of the line after the second reference (a URI reference has no white space)"
                ),
            ));
        }
        Ok(Pair {
            a: &rest[..a_len],
            b,
            b_at,
        })
    }
}

impl PairArgs {
    /// The two references of `input`, each read by `read` (an error in the
    /// second points at its byte in the input).
    ///
    /// # Errors
    /// As [`PairArgs::split`], or the first error of `read`.
    pub fn read<'a, T, E: Problem>(
        &self,
        input: &'a str,
        read: impl Fn(&'a str) -> Result<T, E>,
    ) -> Result<(T, T), Failure> {
        let pair = self.split(input)?;
        let a = read(pair.a).map_err(|e| Failure::of(&e))?;
        let b = read(pair.b).map_err(|e| Failure::of(&e).shifted(pair.b_at))?;
        Ok((a, b))
    }
}

/// The text of a comparison: `equivalent` or `different`.
pub fn verdict(equivalent: bool) -> &'static str {
    if equivalent {
        "equivalent"
    } else {
        "different"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_split_at_white_space() {
        let lines = PairArgs::new(None, None);
        let p = lines.split("  a:b \t c:d ").map_err(|e| e.index).unwrap();
        assert_eq!((p.a, p.b, p.b_at), ("a:b", "c:d", 8));
        let e = lines.split("a:b").map(|p| p.b).unwrap_err();
        assert_eq!((e.kind, e.index), ("missing_reference", 3));
        let e = lines.split("a:b  ").map(|p| p.b).unwrap_err();
        assert_eq!((e.kind, e.index), ("missing_reference", 5));
        let e = lines.split("a b c").map(|p| p.b).unwrap_err();
        assert_eq!((e.kind, e.index), ("extra_text", 3));
        assert!(e.message.starts_with("at byte 3: "));
        // Arguments keep their boundary, white space and all.
        let args = PairArgs::new(Some("a b"), Some("c"));
        let p = args.split(&args.inputs[0]).map_err(|e| e.index).unwrap();
        assert_eq!((p.a, p.b, p.b_at), ("a b", "c", 4));
    }
}
