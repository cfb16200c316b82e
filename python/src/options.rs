//! Keyword options spelled as strings (`level="scheme"`), as the CLI spells
//! them, read into the library's enums through their `ALL` lists and names.

use pyo3::PyResult;
use urikit::normalize::Level;
use urikit::urn::{Objective, UrnProfile};
use urikit::Profile;

use crate::errors::bad_option;

/// The value among `all` whose `name` is `value`, or `ValueError` naming them.
fn named<T: Copy>(
    option: &str,
    value: &str,
    all: &[T],
    name: fn(T) -> &'static str,
) -> PyResult<T> {
    match all.iter().find(|&&v| name(v) == value) {
        Some(&v) => Ok(v),
        None => {
            let names: Vec<&str> = all.iter().map(|&v| name(v)).collect();
            Err(bad_option(option, value, &names))
        }
    }
}

/// `level=`: a rung of RFC 3986's comparison ladder.
pub fn level(value: &str) -> PyResult<Level> {
    named("level", value, &Level::ALL, Level::name)
}

/// `profile=` of resolution.
pub fn profile(value: &str) -> PyResult<Profile> {
    named("profile", value, &Profile::ALL, Profile::name)
}

/// `profile=` of URNs.
pub fn urn_profile(value: &str) -> PyResult<UrnProfile> {
    named("profile", value, &UrnProfile::ALL, UrnProfile::name)
}

/// `objective=` of URN equivalence.
pub fn objective(value: &str) -> PyResult<Objective> {
    named("objective", value, &Objective::ALL, Objective::name)
}
