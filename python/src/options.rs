//! Keyword options spelled as strings (`level="scheme"`), as the CLI spells
//! them, read into the library's enums.

use pyo3::PyResult;
use urikit::normalize::Level;
use urikit::urn::{Objective, UrnProfile};
use urikit::Profile;

use crate::errors::bad_option;

/// The value named `value` among `options`, or `ValueError` naming them.
fn choose<T: Copy>(option: &str, value: &str, options: &[(&str, T)]) -> PyResult<T> {
    match options.iter().find(|(name, _)| *name == value) {
        Some(&(_, v)) => Ok(v),
        None => {
            let names: Vec<&str> = options.iter().map(|(n, _)| *n).collect();
            Err(bad_option(option, value, &names))
        }
    }
}

/// `level=`: a rung of RFC 3986's comparison ladder.
pub fn level(value: &str) -> PyResult<Level> {
    let all = [Level::String, Level::Syntax, Level::Scheme];
    choose("level", value, &all.map(|l| (l.name(), l)))
}

/// `profile=` of resolution.
pub fn profile(value: &str) -> PyResult<Profile> {
    let all = [Profile::Rfc3986, Profile::Draft1997, Profile::Draft2003];
    choose("profile", value, &all.map(|p| (p.name(), p)))
}

/// `profile=` of URNs.
pub fn urn_profile(value: &str) -> PyResult<UrnProfile> {
    let all = [
        UrnProfile::Rfc8141,
        UrnProfile::Draft03,
        UrnProfile::Draft04,
    ];
    choose("profile", value, &all.map(|p| (p.name(), p)))
}

/// `objective=` of URN equivalence.
pub fn objective(value: &str) -> PyResult<Objective> {
    choose(
        "objective",
        value,
        &[("names", Objective::Names), ("caching", Objective::Caching)],
    )
}
