//! VC Data Integrity proofs (W3C Verifiable Credential Data Integrity 1.0) whose canonicalization is canonprof's
//! own pipelines: [`eddsa`] implements the W3C vc-di-eddsa cryptosuites eddsa-rdfc-2022 and eddsa-jcs-2022.
//! Keys come from multibase Multikey encodings ([`multikey`]); nothing is fetched.

pub mod multikey;
pub mod suites;
