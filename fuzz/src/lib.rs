//! Shared code of the fuzz targets. The properties themselves live in the
//! library's test support (`crates/urikit/tests/common/props.rs`), so the fuzz
//! targets, the property tests and the regression tests check the same thing.

#[path = "../../crates/urikit/tests/common/props.rs"]
#[allow(dead_code)]
pub mod props;

#[path = "../../crates/urikit/tests/common/props_urn.rs"]
#[allow(dead_code)]
pub mod props_urn;

#[path = "../../crates/urikit/tests/common/props_resolve.rs"]
#[allow(dead_code)]
pub mod props_resolve;

#[path = "../../crates/urikit/tests/common/props_normalize.rs"]
#[allow(dead_code)]
pub mod props_normalize;

#[path = "../../crates/urikit/tests/common/props_extract.rs"]
#[allow(dead_code)]
pub mod props_extract;

#[path = "../../crates/urikit/tests/common/props_whatwg.rs"]
#[allow(dead_code)]
pub mod props_whatwg;

#[path = "../../crates/urikit/tests/common/props_iri.rs"]
#[allow(dead_code)]
pub mod props_iri;

pub mod differential;
pub mod whatwg_differential;
