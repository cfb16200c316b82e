//! `serde` support (feature `serde`): every type (de)serializes as its string.

use core::fmt;

use serde::de::{self, Deserializer, Visitor};
use serde::{Deserialize, Serialize, Serializer};

use crate::iri::{Iri, IriBuf, IriRef, IriRefBuf};
use crate::urn::UrnBuf;
use crate::{Uri, UriBuf, UriRef, UriRefBuf};

macro_rules! serialize_as_str {
    ($($ty:ty),*) => {$(
        impl Serialize for $ty {
            fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.serialize_str(self.as_str())
            }
        }
    )*};
}
serialize_as_str!(UriRef<'_>, Uri<'_>, UriRefBuf, UriBuf, UrnBuf);
serialize_as_str!(IriRef<'_>, Iri<'_>, IriRefBuf, IriBuf);

/// Deserializes a borrowed type from a borrowed string.
struct BorrowedVisitor<F>(F, &'static str);

impl<'de, T, F: FnOnce(&'de str) -> Result<T, crate::ParseError>> Visitor<'de>
    for BorrowedVisitor<F>
{
    type Value = T;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.1)
    }
    fn visit_borrowed_str<E: de::Error>(self, v: &'de str) -> Result<T, E> {
        (self.0)(v).map_err(E::custom)
    }
}

impl<'de> Deserialize<'de> for UriRef<'de> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_str(BorrowedVisitor(
            UriRef::parse,
            "a borrowed URI reference string",
        ))
    }
}

impl<'de> Deserialize<'de> for Uri<'de> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_str(BorrowedVisitor(
            Uri::parse,
            "a borrowed absolute URI string",
        ))
    }
}

impl<'de> Deserialize<'de> for UriRefBuf {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = alloc::string::String::deserialize(d)?;
        UriRefBuf::parse(s).map_err(|(e, _)| de::Error::custom(e))
    }
}

impl<'de> Deserialize<'de> for UriBuf {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = alloc::string::String::deserialize(d)?;
        UriBuf::parse(s).map_err(|(e, _)| de::Error::custom(e))
    }
}

/// Parsed with the default profile (RFC 8141), as [`UrnBuf`]'s `FromStr`.
impl<'de> Deserialize<'de> for UrnBuf {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = alloc::string::String::deserialize(d)?;
        UrnBuf::parse(s).map_err(|(e, _)| de::Error::custom(e))
    }
}

impl<'de> Deserialize<'de> for IriRef<'de> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_str(BorrowedVisitor(
            IriRef::parse,
            "a borrowed IRI reference string",
        ))
    }
}

impl<'de> Deserialize<'de> for Iri<'de> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_str(BorrowedVisitor(
            Iri::parse,
            "a borrowed absolute IRI string",
        ))
    }
}

impl<'de> Deserialize<'de> for IriRefBuf {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = alloc::string::String::deserialize(d)?;
        IriRefBuf::parse(s).map_err(|(e, _)| de::Error::custom(e))
    }
}

impl<'de> Deserialize<'de> for IriBuf {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = alloc::string::String::deserialize(d)?;
        IriBuf::parse(s).map_err(|(e, _)| de::Error::custom(e))
    }
}
