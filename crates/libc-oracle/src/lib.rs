//! Test support: what the C library answers, for differential tests.
//!
//! Only on Linux (glibc). The `libc` crate declares the types but not
//! `inet_aton()`, so it is declared here.

#![cfg(target_os = "linux")]

use std::ffi::CString;

use libc::{c_char, c_int, in_addr};

extern "C" {
    fn inet_aton(cp: *const c_char, inp: *mut in_addr) -> c_int;
}

/// `inet_aton(s)`: the address as a host-order `u32` (`127.0.0.1` is
/// `0x7f000001`), or `None` when the C library rejects `s` (or `s` holds a NUL).
///
/// ```
/// # #[cfg(target_os = "linux")]
/// assert_eq!(libc_oracle::inet_aton_value("127.1"), Some(0x7f00_0001));
/// ```
pub fn inet_aton_value(s: &str) -> Option<u32> {
    let c = CString::new(s).ok()?;
    let mut addr = in_addr { s_addr: 0 };
    // SAFETY: `c` is NUL-terminated and outlives the call; `addr` is a valid,
    // writable `struct in_addr`.
    #[allow(unsafe_code)]
    let ok = unsafe { inet_aton(c.as_ptr(), &mut addr) };
    (ok != 0).then(|| u32::from_be(addr.s_addr))
}
