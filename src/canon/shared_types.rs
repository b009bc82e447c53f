//! The small types every canonicalization pipeline shares: the string type of terms and JSON values, the
//! insertion-ordered set of quads, and the hex encoding of digests.

/// A string shared by the JSON values of canonprof's engine and the terms of a `Dataset`: inline up to
/// 23 bytes, shared (`Arc<str>`) beyond; cloning is cheap either way.
pub type Str = smol_str::SmolStr;

/// An RDF dataset: a set of quads that remembers insertion order. RDFC-1.0 §4.4.3 iterates the blank node to
/// quads map without fixing an order, and on some symmetric datasets the canonical form depends on it (see
/// docs/design.md); canonprof iterates blank nodes in order of first appearance, as rdf-canonize does, so the same
/// input always gives the same output.
/// Hashed with aHash (keyed, much faster than the default SipHash on long literals); iteration follows insertion
/// order whatever the hasher.
pub type Quads = indexmap::IndexSet<oxrdf::Quad, ahash::RandomState>;

/// Lowercase hex of `bytes` (a digest), written into a string of the exact size: `hex::encode` pushes it character
/// by character, growing the string as it goes — a fifth of RDFC-1.0 labeling on ob3-full, which hex-encodes every
/// Hash First Degree Quads and Hash Related Blank Node result (§4.6, §4.7).
pub fn lower_hex(bytes: &[u8]) -> String {
    let mut out = vec![0u8; bytes.len() * 2];
    hex::encode_to_slice(bytes, &mut out).expect("an output twice the input's length");
    String::from_utf8(out).expect("hex digits are ASCII")
}
