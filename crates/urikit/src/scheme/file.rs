//! `file` (RFC 8089), and conversions to and from local filesystem paths.
//!
//! ```text
//! file-URI       = file-scheme ":" file-hier-part
//! file-hier-part = ( "//" auth-path ) / local-path
//! auth-path      = [ file-auth ] path-absolute
//! local-path     = path-absolute
//! file-auth      = "localhost" / host
//! ```
//!
//! Also accepted, from the non-standard forms of RFC 8089 Appendix E: a DOS
//! drive letter without a leading slash (`file:c:/path`, E.2) or with `|`
//! (`file:///c|/path`, E.2.2), and UNC paths written with four or five
//! slashes (`file:////host/share/file`, E.3.2).
//!
//! The conversions are pure string functions: no I/O, no `std::path`, the
//! same on every platform.
//!
//! ```
//! use urikit::scheme::file;
//!
//! let uri = file::from_windows_path(r"C:\Program Files\a.txt")?;
//! assert_eq!(uri.as_str(), "file:///C:/Program%20Files/a.txt");
//! let view = file::File::try_from(&uri.as_uri())?;
//! assert_eq!(view.to_windows_path()?, r"C:\Program Files\a.txt");
//!
//! let unc = file::from_windows_path(r"\\server\share\dir\x.txt")?;
//! assert_eq!(unc.as_str(), "file://server/share/dir/x.txt");
//!
//! let uri = file::from_unix_path("/tmp/a b#c")?;
//! assert_eq!(uri.as_str(), "file:///tmp/a%20b%23c");
//! assert_eq!(file::File::try_from(&uri.as_uri())?.to_unix_path()?, "/tmp/a b#c");
//! # Ok::<_, urikit::scheme::SchemeError>(())
//! ```

use alloc::borrow::Cow;
use alloc::string::String;

use super::{finish, no_query, no_userinfo, offset, push_host, SchemeError, SchemeErrorKind};
use crate::table::{Table, PCHAR};
use crate::{pct, Uri, UriBuf};

const RULE: &str = "RFC 8089 section 2: file-URI = \"file:\" ( \"//\" [ file-auth ] path-absolute / path-absolute )";
const RULE_AUTH: &str =
    "RFC 8089 section 2: file-auth = \"localhost\" / host (no userinfo, no port)";
const RULE_QUERY: &str = "RFC 8089 section 2: a file URI has no query";
const RULE_LOCAL: &str = "a local path: the file URI's host must be empty or \"localhost\"";
const RULE_NAME: &str =
    "a path segment that decodes to a valid file name (no \"/\", \"\\\" or NUL)";
const RULE_ABSOLUTE: &str =
    "an absolute path (Unix: \"/...\"; Windows: \"C:\\...\" or \"\\\\server\\share\\...\")";
const RULE_UTF8: &str = "a path that decodes to UTF-8";

/// Bytes a path segment keeps as they are when encoded: `pchar` without `:`
/// (so that no segment can read as a drive letter or a scheme).
const SEGMENT: Table = PCHAR.minus(Table::new(b":"));

/// A `file` URI.
///
/// # Example
/// ```
/// use urikit::scheme::File;
/// use urikit::Uri;
///
/// let uri = Uri::parse("file://localhost/etc/fstab")?;
/// let f = File::try_from(&uri)?;
/// assert_eq!(f.host(), Some("localhost"));
/// assert!(f.is_local());
/// assert_eq!(f.to_unix_path()?, "/etc/fstab");
///
/// let uri = Uri::parse("file:c:/path/to/file")?;
/// assert_eq!(File::try_from(&uri)?.to_windows_path()?, r"c:\path\to\file");
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug)]
pub struct File<'a> {
    uri: Uri<'a>,
    host: Option<&'a str>,
}

pub(crate) fn validate(uri: &Uri<'_>) -> Result<(), SchemeError> {
    File::try_from(uri).map(|_| ())
}

/// The drive letter at the start of `p` and the length of its text: `c:`,
/// `c|` (RFC 8089 E.2.2; `%7C` in a URI), then `/` or the end.
fn drive_len(p: &str) -> Option<(char, usize)> {
    let b = p.as_bytes();
    let first = *b.first()?;
    if !first.is_ascii_alphabetic() {
        return None;
    }
    let n = match b.get(1..) {
        Some([b':' | b'|', ..]) => 2,
        Some([b'%', b'7', b'c' | b'C', ..]) => 4,
        _ => return None,
    };
    matches!(b.get(n), None | Some(b'/')).then_some((char::from(first), n))
}

/// The drive letter at the start of `p`.
fn drive_at(p: &str) -> Option<char> {
    drive_len(p).map(|(c, _)| c)
}

impl<'a> TryFrom<&Uri<'a>> for File<'a> {
    type Error = SchemeError;

    /// Checks the rules of RFC 8089 section 2 (with Appendix E's forms).
    fn try_from(uri: &Uri<'a>) -> Result<File<'a>, SchemeError> {
        super::expect_scheme(uri, &["file"], RULE)?;
        File::of_scheme(uri)
    }
}

impl<'a> File<'a> {
    /// [`File::try_from`] for a URI whose scheme is known to be `file`
    /// ([`View::of`](super::View::of) has matched it).
    pub(crate) fn of_scheme(uri: &Uri<'a>) -> Result<File<'a>, SchemeError> {
        no_query(uri, RULE_QUERY)?;
        let path = uri.path();
        let host = match uri.authority() {
            Some(auth) => {
                no_userinfo(uri, &auth, RULE_AUTH)?;
                if let Some(p) = auth.port() {
                    return Err(SchemeError::new(
                        offset(uri, p).saturating_sub(1),
                        SchemeErrorKind::UnexpectedPort,
                        RULE_AUTH,
                    ));
                }
                if path.is_empty() {
                    return Err(SchemeError::new(
                        offset(uri, path),
                        SchemeErrorKind::MissingPath,
                        RULE,
                    ));
                }
                Some(auth.host_str())
            }
            None => {
                if !path.starts_with('/') && drive_at(path).is_none() {
                    return Err(SchemeError::new(
                        offset(uri, path),
                        SchemeErrorKind::MissingPath,
                        RULE,
                    ));
                }
                None
            }
        };
        Ok(File { uri: *uri, host })
    }
}

impl<'a> File<'a> {
    /// A builder for a file URI from a decoded absolute path.
    pub fn builder(path: &str) -> FileBuilder {
        FileBuilder {
            host: None,
            path: path.into(),
        }
    }

    /// The URI.
    pub fn uri(&self) -> Uri<'a> {
        self.uri
    }

    /// The host as written: `None` without an authority (`file:/x`),
    /// `Some("")` for `file:///x`.
    pub fn host(&self) -> Option<&'a str> {
        self.host
    }

    /// Whether the URI names a file on the local machine: no host, an empty
    /// one, or `localhost` (RFC 8089 section 2).
    pub fn is_local(&self) -> bool {
        self.host.map_or(true, |h| {
            h.is_empty() || h.eq_ignore_ascii_case("localhost")
        })
    }

    /// The path, raw.
    pub fn path(&self) -> &'a str {
        self.uri.path()
    }

    /// The path, decoded.
    pub fn path_decoded(&self) -> Cow<'a, str> {
        super::text(self.uri.path())
    }

    /// The DOS drive letter, if the path starts with one (`/c:/`, `c:/`,
    /// `/c|/`).
    pub fn drive_letter(&self) -> Option<char> {
        let p = self.path();
        drive_at(p.strip_prefix('/').unwrap_or(p))
    }

    /// Appends the decoded names of the path's segments (`rest`: the path
    /// after its leading `/`) to `out`, each checked to be a file name (none
    /// of `forbidden` in it), `sep` before each (`lead`) or between them.
    /// A path without `%` (nor `\\` or NUL, which a URI's path cannot hold)
    /// is copied whole; a segment with `%` is decoded on its own.
    fn push_names(
        &self,
        out: &mut String,
        rest: &str,
        forbidden: &[char],
        sep: char,
        lead: bool,
    ) -> Result<(), SchemeError> {
        if lead {
            out.push(sep);
        }
        // No early exit: the compiler turns the loop into vector compares.
        let clean = !rest
            .bytes()
            .fold(false, |acc, c| acc | matches!(c, b'%' | b'\\' | 0));
        if clean {
            // Every name is its raw segment, `sep` between them.
            if sep == '/' {
                out.push_str(rest);
            } else if let Some(swapped) = swap_slashes(rest, sep, &mut [0u8; 256]) {
                out.push_str(swapped);
            } else {
                // A long path: the runs between the `/` (ASCII, so each run
                // is whole text).
                let mut run = rest;
                while let Some(i) = run.bytes().position(|c| c == b'/') {
                    out.push_str(run.get(..i).unwrap_or_default());
                    out.push(sep);
                    run = run.get(i + 1..).unwrap_or_default();
                }
                out.push_str(run);
            }
            return Ok(());
        }
        for (k, seg) in rest.split('/').enumerate() {
            if k > 0 {
                out.push(sep);
            }
            let name = super::utf8(&self.uri, seg, RULE_UTF8)?;
            if let Some(i) = name.find(forbidden) {
                return Err(SchemeError::new(
                    offset(&self.uri, seg) + super::raw_index(seg, i),
                    SchemeErrorKind::InvalidValue,
                    RULE_NAME,
                ));
            }
            out.push_str(&name);
        }
        Ok(())
    }

    /// The local Unix path the URI names.
    ///
    /// # Errors
    /// A host other than `localhost`, a segment that decodes to a name with
    /// `/` (`%2F`), `\` or NUL, or bytes that are not UTF-8.
    pub fn to_unix_path(&self) -> Result<String, SchemeError> {
        let mut out = String::with_capacity(self.path().len() + 1);
        self.write_unix_path(&mut out)?;
        Ok(out)
    }

    /// [`to_unix_path`](Self::to_unix_path) appended to `out`: nothing is
    /// allocated when `out` has room (a path with `%` allocates for the
    /// segments that have one), so one buffer serves many URIs. On error,
    /// `out` is left as it was.
    ///
    /// # Example
    /// ```
    /// use urikit::scheme::File;
    /// use urikit::Uri;
    ///
    /// let mut buf = String::new();
    /// for s in ["file:///etc/fstab", "file:///tmp/a%20b"] {
    ///     buf.clear();
    ///     File::try_from(&Uri::parse(s)?)?.write_unix_path(&mut buf)?;
    ///     assert!(buf == "/etc/fstab" || buf == "/tmp/a b");
    /// }
    /// let remote = File::try_from(&Uri::parse("file://server/x")?)?;
    /// assert!(remote.write_unix_path(&mut buf).is_err());
    /// assert_eq!(buf, "/tmp/a b");
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// As [`to_unix_path`](Self::to_unix_path).
    pub fn write_unix_path(&self, out: &mut String) -> Result<(), SchemeError> {
        if !self.is_local() {
            let h = self.host.unwrap_or("");
            return Err(SchemeError::new(
                offset(&self.uri, h),
                SchemeErrorKind::InvalidValue,
                RULE_LOCAL,
            ));
        }
        let p = self.path();
        // `file:c:/x` has no leading `/`.
        let rest = p.strip_prefix('/').unwrap_or(p);
        let start = out.len();
        self.push_names(out, rest, &['/', '\0'], '/', true)
            .inspect_err(|_| out.truncate(start))
    }

    /// The Windows path the URI names: `C:\dir\file` for a drive letter,
    /// `\\host\share\file` for a remote host (or the four- and five-slash
    /// forms of RFC 8089 Appendix E.3.2), else `\dir\file`.
    ///
    /// # Errors
    /// A segment that decodes to a name with `/`, `\` or NUL, or bytes that
    /// are not UTF-8.
    pub fn to_windows_path(&self) -> Result<String, SchemeError> {
        // The `\\host\` prefix of a remote host counted.
        let host = if self.is_local() {
            0
        } else {
            self.host.map_or(0, str::len) + 3
        };
        let mut out = String::with_capacity(self.path().len() + 2 + host);
        self.write_windows_path(&mut out)?;
        Ok(out)
    }

    /// [`to_windows_path`](Self::to_windows_path) appended to `out`: nothing
    /// is allocated when `out` has room (a host or segment with `%`
    /// allocates for its decoding). On error, `out` is left as it was.
    ///
    /// # Example
    /// ```
    /// use urikit::scheme::File;
    /// use urikit::Uri;
    ///
    /// let mut buf = String::with_capacity(64);
    /// File::try_from(&Uri::parse("file://server/share/a%20b")?)?.write_windows_path(&mut buf)?;
    /// assert_eq!(buf, r"\\server\share\a b");
    /// buf.clear();
    /// File::try_from(&Uri::parse("file:///c:/dir/f")?)?.write_windows_path(&mut buf)?;
    /// assert_eq!(buf, r"c:\dir\f");
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// As [`to_windows_path`](Self::to_windows_path).
    pub fn write_windows_path(&self, out: &mut String) -> Result<(), SchemeError> {
        let p = self.path();
        let start = out.len();
        let rest;
        if !self.is_local() {
            out.push_str("\\\\");
            out.push_str(&super::text(self.host.unwrap_or("")));
            rest = p.strip_prefix('/').unwrap_or(p);
            out.push('\\');
        } else if let Some(unc) = p.strip_prefix("//") {
            out.push_str("\\\\");
            rest = unc.strip_prefix('/').unwrap_or(unc);
        } else {
            let r = p.strip_prefix('/').unwrap_or(p);
            match drive_len(r) {
                Some((d, n)) => {
                    out.push(d);
                    out.push(':');
                    out.push('\\');
                    rest = r.get(n + 1..).unwrap_or("");
                }
                None => {
                    out.push('\\');
                    rest = r;
                }
            }
        }
        self.push_names(out, rest, &['/', '\\', '\0'], '\\', false)
            .inspect_err(|_| out.truncate(start))
    }
}

/// `rest` with each `/` replaced by the ASCII `sep`, in `buf` when it fits
/// (one loop the compiler vectorizes, then one copy, instead of a copy per
/// segment).
fn swap_slashes<'b>(rest: &str, sep: char, buf: &'b mut [u8]) -> Option<&'b str> {
    let sep = u8::try_from(sep).ok().filter(u8::is_ascii)?;
    let dst = buf.get_mut(..rest.len())?;
    for (d, &c) in dst.iter_mut().zip(rest.as_bytes()) {
        *d = if c == b'/' { sep } else { c };
    }
    // An ASCII byte for an ASCII byte: still UTF-8 (checked, and cheap).
    core::str::from_utf8(dst).ok()
}

/// Builds a `file` URI; see [`File::builder`], [`from_unix_path`] and
/// [`from_windows_path`].
#[derive(Clone, Debug)]
pub struct FileBuilder {
    host: Option<String>,
    path: String,
}

impl FileBuilder {
    /// The host (decoded); without one the URI is `file:///path`.
    pub fn host(&mut self, host: &str) -> &mut Self {
        self.host = Some(host.into());
        self
    }

    /// Writes the URI: each segment of the path percent-encoded.
    ///
    /// # Errors
    /// A path that does not start with `/` (index 0 of the path), or a host
    /// that cannot be written.
    pub fn build(&self) -> Result<UriBuf, SchemeError> {
        if !self.path.starts_with('/') {
            return Err(SchemeError::new(
                0,
                SchemeErrorKind::InvalidValue,
                RULE_ABSOLUTE,
            ));
        }
        let mut s = String::from("file://");
        if let Some(h) = &self.host {
            push_host(&mut s, h);
        }
        for (k, seg) in self.path[1..].split('/').enumerate() {
            s.push('/');
            // A drive letter keeps its `:` (a `|`, not a `pchar`, is encoded).
            if k == 0 && drive_at(seg).is_some() && seg.as_bytes().get(1) == Some(&b':') {
                s.push_str(seg);
            } else {
                pct::push_encoded(&mut s, seg.as_bytes(), &SEGMENT);
            }
        }
        finish(s, validate)
    }
}

/// The `file:///...` URI of an absolute Unix path (bytes outside `pchar`
/// percent-encoded, UTF-8).
///
/// # Errors
/// A path that is not absolute (index 0) or holds a NUL (its index).
pub fn from_unix_path(path: &str) -> Result<UriBuf, SchemeError> {
    if let Some(k) = path.find('\0') {
        return Err(SchemeError::new(k, SchemeErrorKind::InvalidChar, RULE_NAME));
    }
    File::builder(path).build()
}

/// The `file` URI of an absolute Windows path: `C:\a\b` gives
/// `file:///C:/a/b`, `\\server\share\a` gives `file://server/share/a`; `/` is
/// accepted as a separator, and the `\\?\` prefix (`\\?\C:\a`,
/// `\\?\UNC\server\share\a`) is understood.
///
/// # Errors
/// A relative path (`a\b`, `C:a`, `\a`: index 0), a UNC path without a
/// server name, or a character a Windows name cannot hold (`NUL`).
pub fn from_windows_path(path: &str) -> Result<UriBuf, SchemeError> {
    if let Some(k) = path.find('\0') {
        return Err(SchemeError::new(k, SchemeErrorKind::InvalidChar, RULE_NAME));
    }
    let mut p = path;
    let mut unc = false;
    if let Some(v) = p.strip_prefix(r"\\?\") {
        match v.get(..4) {
            Some(u) if u.eq_ignore_ascii_case(r"UNC\") => {
                p = &v[4..];
                unc = true;
            }
            _ => p = v,
        }
    } else if let Some(v) = p.strip_prefix(r"\\").or_else(|| p.strip_prefix("//")) {
        p = v;
        unc = true;
    }
    let is_sep = |c: char| c == '\\' || c == '/';
    let mut b = FileBuilder {
        host: None,
        path: String::with_capacity(p.len() + 1),
    };
    let segments;
    if unc {
        let (server, rest) = p.split_once(is_sep).unwrap_or((p, ""));
        if server.is_empty() {
            return Err(SchemeError::new(
                offset_in_path(path, server),
                SchemeErrorKind::InvalidValue,
                RULE_ABSOLUTE,
            ));
        }
        b.host = Some(server.into());
        segments = rest;
    } else {
        let d = p.as_bytes();
        let drive = d.len() >= 2
            && d[0].is_ascii_alphabetic()
            && d[1] == b':'
            && (d.len() == 2 || is_sep(char::from(d[2])));
        if !drive {
            return Err(SchemeError::new(
                0,
                SchemeErrorKind::InvalidValue,
                RULE_ABSOLUTE,
            ));
        }
        segments = p;
    }
    if !segments.is_empty() || !unc {
        for seg in segments.split(is_sep) {
            b.path.push('/');
            b.path.push_str(seg);
        }
    }
    if b.path.is_empty() {
        b.path.push('/');
    }
    if b.path.len() == 3 && !unc {
        b.path.push('/'); // `C:` alone is the drive's root
    }
    b.build()
}

/// The offset of `part` (a slice of `whole`).
fn offset_in_path(whole: &str, part: &str) -> usize {
    super::offset_in(whole, part)
}
