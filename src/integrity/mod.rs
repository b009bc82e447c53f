//! VC Data Integrity proofs (W3C Verifiable Credential Data Integrity 1.0) whose canonicalization is canonprof's
//! own pipelines:
//! - [`cryptosuite`]: the suites as data, one row each (canonicalization, keys and hashes, proof value
//!   encoding, selective or not, the module that runs it), and the proof operations' results;
//! - [`suites`]: eddsa-rdfc-2022, eddsa-jcs-2022 (W3C vc-di-eddsa), ecdsa-rdfc-2019, ecdsa-jcs-2019 (W3C
//!   vc-di-ecdsa) — one signature over hash(proof configuration) ‖ hash(document) — and the one entry that
//!   verifies a proof of any suite; the steps the suites share are in `shared_steps`, the span names of their
//!   operations in `proof_span`;
//! - [`ecdsa_sd`]: ecdsa-sd-2023 (vc-di-ecdsa §3.6) — base proof, derived proof, verification — built from the
//!   Selective Disclosure Functions of vc-di-ecdsa §3.4: `selection` (JSON pointers), `skolem`
//!   (skolemization), `grouping` (HMAC labels, canonicalize and group), and [`proof_value`] (CBOR).
//!
//! - [`legacy`]: the Linked Data Signature suites before Data Integrity (`Ed25519Signature2020`,
//!   `Ed25519Signature2018`, `JsonWebSignature2020`), verification only.
//!
//! Keys come from multibase Multikey encodings ([`multikey`]) or a seeded RNG; nothing is fetched.

pub(crate) mod align;
pub mod bbs;
pub mod budget;
pub mod cryptosuite;
mod disclosure;
pub mod ecdsa_sd;
pub(crate) mod grouping;
pub mod legacy;
pub mod multikey;
pub(crate) mod proof_span;
pub mod proof_value;
pub(crate) mod selection;
mod shared_steps;
pub(crate) mod skolem;
pub mod suites;
pub(crate) mod term_facts;
pub mod verifier;
