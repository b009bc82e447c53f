//! The interface every family of the matrix implements, and the seeded RNG their keys come from.

use crate::error::Result;
use rand_core::SeedableRng;

/// One signing / MAC algorithm with its key.
pub trait Algorithm {
    /// Signature (or MAC tag) over the JWS signing input.
    fn sign(&self, input: &[u8]) -> Result<Vec<u8>>;
    /// Whether `signature` is valid for `input`.
    fn verify(&self, input: &[u8], signature: &[u8]) -> bool;
    /// Size of the verification key (the shared key for MACs), bytes.
    fn key_bytes(&self) -> usize;
}

/// The RNG a family's keys come from: ChaCha20 from `seed`, so the same seed gives the same keys.
pub(super) fn rng(seed: u64) -> rand_chacha::ChaCha20Rng {
    rand_chacha::ChaCha20Rng::seed_from_u64(seed)
}

/// The default seed of `canonprof jws`.
pub const DEFAULT_SEED: u64 = 2026;
