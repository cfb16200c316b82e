//! `afs` (the 1993 URL draft; reserved in RFC 1738).
//!
//! ```text
//! afsaddress = "afs://" cellname "/" path
//! cellname   = hostname
//! ```

use alloc::borrow::Cow;
use alloc::string::String;
use alloc::vec::Vec;

use super::{
    finish, no_query, no_userinfo, offset, push_host, require_host, text, SchemeError,
    SchemeErrorKind,
};
use crate::{pct, table, Uri, UriBuf};

const RULE: &str =
    "URL draft 1993, BNF: afsaddress = \"afs://\" cellname \"/\" path (no user, no port)";

/// An `afs` URL: a path in an AFS cell.
///
/// # Example
/// ```
/// use urikit::scheme::Afs;
/// use urikit::Uri;
///
/// let uri = Uri::parse("afs://cern.ch/user/t/timbl/My%20Notes")?;
/// let afs = Afs::try_from(&uri)?;
/// assert_eq!(afs.cell(), "cern.ch");
/// assert_eq!(afs.path(), "/user/t/timbl/My Notes");
/// assert_eq!(Afs::builder("cern.ch", "/a b").build()?.as_str(), "afs://cern.ch/a%20b");
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Afs<'a> {
    uri: Uri<'a>,
}

pub(crate) fn validate(uri: &Uri<'_>) -> Result<(), SchemeError> {
    Afs::try_from(uri).map(|_| ())
}

impl<'a> TryFrom<&Uri<'a>> for Afs<'a> {
    type Error = SchemeError;

    /// Checks the 1993 draft's rule.
    fn try_from(uri: &Uri<'a>) -> Result<Afs<'a>, SchemeError> {
        super::expect_scheme(uri, &["afs"], RULE)?;
        let auth = require_host(uri, RULE)?;
        no_userinfo(uri, &auth, RULE)?;
        if let Some(p) = auth.port() {
            return Err(SchemeError::new(
                offset(uri, p).saturating_sub(1),
                SchemeErrorKind::UnexpectedPort,
                RULE,
            ));
        }
        no_query(uri, RULE)?;
        if uri.path().is_empty() {
            return Err(SchemeError::new(
                uri.as_str().len(),
                SchemeErrorKind::MissingPath,
                RULE,
            ));
        }
        Ok(Afs { uri: *uri })
    }
}

impl<'a> Afs<'a> {
    /// A builder for `path` (decoded, absolute) in `cell`.
    pub fn builder(cell: &str, path: &str) -> AfsBuilder {
        AfsBuilder {
            cell: cell.into(),
            path: path.into(),
        }
    }

    /// The URI.
    pub fn uri(&self) -> Uri<'a> {
        self.uri
    }

    /// The cell name.
    pub fn cell(&self) -> &'a str {
        self.uri.host_str().unwrap_or("")
    }

    /// The path, decoded.
    pub fn path(&self) -> Cow<'a, str> {
        text(self.uri.path())
    }

    /// The path's segments, each decoded.
    pub fn segments(&self) -> Vec<Cow<'a, str>> {
        self.uri.segments().map(text).collect()
    }
}

/// Builds an `afs` URL; see [`Afs::builder`].
#[derive(Clone, Debug)]
pub struct AfsBuilder {
    cell: String,
    path: String,
}

impl AfsBuilder {
    /// Writes the URL.
    ///
    /// # Errors
    /// A cell that cannot be written.
    pub fn build(&self) -> Result<UriBuf, SchemeError> {
        let mut s = String::from("afs://");
        push_host(&mut s, &self.cell);
        if !self.path.starts_with('/') {
            s.push('/');
        }
        pct::push_encoded(&mut s, self.path.as_bytes(), &table::PATH);
        finish(s, validate)
    }
}
