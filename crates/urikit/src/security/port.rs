//! Port checks (RFC 3986 section 7.2, "Malicious Construction"): a port other
//! than the scheme's default, worse when it is a well-known port of another
//! protocol, where a client "unwittingly contacts a site that is in fact
//! running a different protocol" (the classic: a gopher URI sending mail
//! through an SMTP server on port 25).
//!
//! The default ports come from the [scheme registry](crate::scheme); the
//! ports of the *other* protocols are [`WELL_KNOWN`], this module's own table.
//!
//! ```
//! use urikit::security::port::other_protocol;
//!
//! assert_eq!(other_protocol("gopher", 25).map(|p| p.protocol), Some("smtp"));
//! assert_eq!(other_protocol("ssh", 22), None); // ssh's own port
//! assert_eq!(other_protocol("http", 8080), None); // not in the table
//! ```

use alloc::format;
use alloc::vec::Vec;

use super::{clip, Code, Finding};
use crate::scheme::SchemeRegistry;
use crate::uri::UriRef;

/// A protocol listening on a well-known port, and the URI schemes that
/// legitimately address it there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WellKnownPort {
    /// The port.
    pub port: u16,
    /// The protocol's name (IANA service name).
    pub protocol: &'static str,
    /// Schemes (lowercase) for which the port is not another protocol's.
    pub schemes: &'static [&'static str],
}

const fn p(port: u16, protocol: &'static str, schemes: &'static [&'static str]) -> WellKnownPort {
    WellKnownPort {
        port,
        protocol,
        schemes,
    }
}

/// Ports of line-oriented or otherwise abusable protocols that a URI of
/// another scheme should not point at, sorted by port. Sources: the IANA
/// service-name registry; the selection follows the ports browsers refuse to
/// connect to for http(s) (the Fetch standard's "bad ports") plus common
/// databases and caches that speak plain-text protocols.
pub const WELL_KNOWN: &[WellKnownPort] = &[
    p(7, "echo", &[]),
    p(9, "discard", &[]),
    p(11, "systat", &[]),
    p(13, "daytime", &[]),
    p(15, "netstat", &[]),
    p(17, "qotd", &[]),
    p(19, "chargen", &[]),
    p(20, "ftp-data", &["ftp"]),
    p(21, "ftp", &["ftp"]),
    p(22, "ssh", &["ssh", "sftp", "scp", "git+ssh", "ssh+git"]),
    p(23, "telnet", &["telnet"]),
    p(25, "smtp", &["smtp"]),
    p(37, "time", &[]),
    p(42, "nameserver", &[]),
    p(43, "whois", &["whois"]),
    p(53, "domain", &["dns"]),
    p(69, "tftp", &["tftp"]),
    p(77, "rje", &[]),
    p(79, "finger", &["finger"]),
    p(87, "link", &[]),
    p(95, "supdup", &[]),
    p(101, "hostname", &[]),
    p(102, "iso-tsap", &[]),
    p(103, "gppitnp", &[]),
    p(104, "acr-nema", &["dicom"]),
    p(109, "pop2", &[]),
    p(110, "pop3", &["pop"]),
    p(111, "sunrpc", &[]),
    p(113, "auth", &[]),
    p(115, "sftp", &[]),
    p(117, "uucp-path", &[]),
    p(119, "nntp", &["nntp", "news"]),
    p(123, "ntp", &["ntp"]),
    p(135, "epmap", &[]),
    p(137, "netbios-ns", &[]),
    p(139, "netbios-ssn", &["smb"]),
    p(143, "imap", &["imap"]),
    p(161, "snmp", &["snmp"]),
    p(179, "bgp", &[]),
    p(389, "ldap", &["ldap"]),
    p(427, "svrloc", &["service"]),
    p(445, "microsoft-ds", &["smb"]),
    p(465, "submissions", &["smtps", "smtp"]),
    p(512, "exec", &[]),
    p(513, "login", &[]),
    p(514, "shell", &[]),
    p(515, "printer", &[]),
    p(526, "tempo", &[]),
    p(530, "courier", &[]),
    p(531, "chat", &[]),
    p(532, "netnews", &[]),
    p(540, "uucp", &[]),
    p(548, "afp", &["afp"]),
    p(554, "rtsp", &["rtsp"]),
    p(556, "remotefs", &[]),
    p(563, "nntps", &["nntps", "snews", "news"]),
    p(587, "submission", &["smtp"]),
    p(601, "syslog-conn", &[]),
    p(636, "ldaps", &["ldaps"]),
    p(989, "ftps-data", &["ftps"]),
    p(990, "ftps", &["ftps"]),
    p(993, "imaps", &["imaps", "imap"]),
    p(995, "pop3s", &["pops", "pop"]),
    p(1433, "ms-sql-s", &["mssql", "sqlserver"]),
    p(1521, "oracle", &["oracle"]),
    p(2049, "nfs", &["nfs"]),
    p(2375, "docker", &[]),
    p(3306, "mysql", &["mysql"]),
    p(3389, "ms-wbt-server", &["rdp"]),
    p(4190, "sieve", &["sieve"]),
    p(5432, "postgresql", &["postgres", "postgresql"]),
    p(5900, "vnc", &["vnc"]),
    p(6000, "x11", &[]),
    p(6379, "redis", &["redis", "rediss"]),
    p(6665, "irc", &["irc"]),
    p(6666, "irc", &["irc"]),
    p(6667, "irc", &["irc", "ircs"]),
    p(6668, "irc", &["irc"]),
    p(6669, "irc", &["irc"]),
    p(6697, "ircs-u", &["ircs", "irc"]),
    p(9200, "elasticsearch", &["elasticsearch"]),
    p(11211, "memcache", &["memcached", "memcache"]),
    p(27017, "mongodb", &["mongodb"]),
];

/// The protocol that listens on `port` when it is not `scheme`'s own.
pub fn other_protocol(scheme: &str, port: u16) -> Option<&'static WellKnownPort> {
    let k = WELL_KNOWN.binary_search_by_key(&port, |w| w.port).ok()?;
    let w = &WELL_KNOWN[k];
    let own = w.schemes.iter().any(|s| s.eq_ignore_ascii_case(scheme))
        || w.protocol.eq_ignore_ascii_case(scheme);
    (!own).then_some(w)
}

pub(super) fn check(uri: &UriRef<'_>, registry: &SchemeRegistry, out: &mut Vec<Finding>) {
    let (Some(digits), Some(range)) = (uri.port(), uri.spans().port) else {
        return;
    };
    if digits.is_empty() {
        return; // "//h:" means the default port
    }
    let scheme = uri.scheme().unwrap_or("");
    let shown = clip(scheme);
    let Some(port) = uri.port_u16() else {
        out.push(Finding::new(
            Code::PortOutOfRange,
            range,
            format!(
                "the port {} is over 65535; programs may truncate it to another port",
                clip(digits)
            ),
        ));
        return;
    };
    let default = registry.default_port(scheme);
    if default == Some(port) {
        return;
    }
    if let Some(w) = other_protocol(scheme, port) {
        out.push(Finding::new(
            Code::OtherProtocolPort,
            range,
            format!(
                "the port {port} is {}'s, not {}'s: a request sent there may be read as {} commands",
                w.protocol,
                if scheme.is_empty() { "the scheme" } else { &shown },
                w.protocol
            ),
        ));
        return;
    }
    let Some(default) = default else {
        return; // no default to differ from
    };
    let (code, note) = if port < 1024 {
        (Code::NonDefaultLowPort, ", within the reserved space")
    } else {
        (Code::NonDefaultPort, "")
    };
    out.push(Finding::new(
        code,
        range,
        format!("the port {port} is not {shown}'s default {default}{note}"),
    ));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_is_sorted_unique_lowercase() {
        for w in WELL_KNOWN.windows(2) {
            assert!(w[0].port < w[1].port, "{} before {}", w[0].port, w[1].port);
        }
        for w in WELL_KNOWN {
            for s in w.schemes {
                assert_eq!(s.to_ascii_lowercase(), *s);
            }
        }
    }

    #[test]
    fn registry_defaults_are_their_own_protocol() {
        // Every scheme's registered default port is not "another protocol's".
        for (name, info) in crate::scheme::registry::BUILTIN {
            if let Some(port) = info.port() {
                let other = other_protocol(name, port);
                // 210 (wais, z39.50), 70 (gopher) and friends are not in the table;
                // those that are must list the scheme.
                assert!(other.is_none(), "{name}:{port} -> {other:?}");
            }
        }
    }
}
