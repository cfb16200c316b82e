//! The parser differential: where browsers (the WHATWG URL Standard) take
//! the input apart differently from RFC 3986, with both readings
//! ([`crate::whatwg::readings`]). A server that checks the host its RFC 3986
//! parser finds while a client goes where a browser's parser points is the
//! classic setting of SSRF and open-redirect bugs.

use alloc::format;
use alloc::vec::Vec;

use super::{clip, Code, Finding};
use crate::whatwg::readings;
use crate::Part;

pub(super) fn check(input: &str, out: &mut Vec<Finding>) {
    let r = readings(input);
    let Ok(url) = &r.whatwg else {
        return;
    };
    let uri = match &r.rfc3986 {
        Ok(uri) => uri,
        Err(e) => {
            out.push(Finding::new(
                Code::BrowserRepairs,
                0..input.len(),
                format!(
                    "RFC 3986 rejects the input ({e}); browsers read it as {}",
                    clip(url.href())
                ),
            ));
            return;
        }
    };
    let spans = uri.spans();
    for d in &r.differences {
        let (code, span) = match d.part {
            Part::Scheme => (Code::BrowserHostDiffers, spans.scheme.clone()),
            Part::Userinfo => (Code::BrowserUserinfoDiffers, spans.userinfo.clone()),
            Part::Host => (Code::BrowserHostDiffers, spans.host.clone()),
            Part::Port => (Code::BrowserPortDiffers, spans.port.clone()),
            Part::Path => (Code::BrowserPathDiffers, Some(spans.path.clone())),
            // RFC 3986 and the standard read the same query and fragment
            // in every valid URI found so far (the standard only encodes
            // more); should they differ, it is the resource that differs.
            Part::Query => (Code::BrowserPathDiffers, spans.query.clone()),
            Part::Fragment => (Code::BrowserPathDiffers, spans.fragment.clone()),
        };
        let range = span.filter(|s| !s.is_empty()).unwrap_or(0..input.len());
        let show = |v: &Option<alloc::string::String>| match v {
            Some(s) => format!("{:?}", clip(s)),
            None => alloc::string::String::from("none"),
        };
        out.push(Finding::new(
            code,
            range,
            format!(
                "the {}: RFC 3986 reads {}, browsers (WHATWG URL Standard) read {}, in {}",
                d.part.name(),
                show(&d.rfc3986),
                show(&d.whatwg),
                clip(url.href())
            ),
        ));
    }
}
