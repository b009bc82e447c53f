//! The credential exchange — issue, present, verify — measured per operation. [`vcdm`]: W3C VCDM 2.0 with the
//! Data Integrity cryptosuites (the study's VCDM leg), each suite's exchange prepared as a [`leg::Leg`].
//! SD-JWT VC and mdoc come with the three-format exchange.

pub mod flames;
pub mod leg;
pub mod vcdm;
