//! The algorithms of the JWS matrix, each from a RustCrypto crate (or the best-kept crate there is), behind one
//! [`Algorithm`] interface; keys from a seeded ChaCha20 RNG. JOSE `alg` names: the registered ones (RFC 7518,
//! RFC 8037) where they exist, the IETF drafts' (`ML-DSA-44` …, draft-ietf-cose-dilithium; `SLH-DSA-SHA2-128s` …,
//! draft-ietf-cose-sphincs-plus; `FN-DSA-512` …, draft-ietf-cose-falcon; `HSS-LMS`, RFC 8778 for COSE), and
//! documented private names (listed in docs/jws.md) for the rest.
//!
//! One file per family, as the table groups them: `mac.rs` (HMAC, KMAC, CMAC), `signatures.rs` (the signature 3
//! traits: ECDSA, EdDSA, SM2, ML-DSA, SLH-DSA, RSA), `falcon.rs` (FN-DSA), `stateful.rs` (LMS, XMSS), each
//! implementing `algorithm.rs`'s [`Algorithm`]; the table [`ALL`] here; JWK parsing for the published examples
//! in `jwk.rs` ([`from_jwk`]).

mod algorithm;
mod falcon;
mod jwk;
mod mac;
mod signatures;
mod stateful;

pub use algorithm::{Algorithm, DEFAULT_SEED};
pub use jwk::from_jwk;
pub use signatures::generate_rsa_key;
pub use stateful::xmss_public_key;

use crate::error::{Error, ErrorKind, Result};
use falcon::falcon;
use mac::{cmac, hmac, secret, Kmac};
use signatures::{
    ecdsa_p256, ecdsa_p384, ecdsa_p521, ed25519, ed448, ml_dsa, ps256, rs256, slh_dsa, sm2,
};
use stateful::{lms, xmss};

/// A row of the matrix: what the algorithm is called and how to make it.
#[derive(Clone, Copy)]
pub struct Spec {
    /// Display name, e.g. `RSA-2048`, `HMAC-SHA3-256`.
    pub name: &'static str,
    /// Algorithm family for the chart and totals, e.g. `HMAC`, `ML-DSA`.
    pub family: &'static str,
    /// JWK key type (`oct`, `RSA`, `EC`, `OKP`, `AKP`, `HSS`, `XMSS`, …).
    pub kty: &'static str,
    /// The JWS `alg` header value.
    pub alg: &'static str,
    /// Makes the keyed algorithm from a seed, or says why it cannot.
    make: fn(u64) -> Result<Box<dyn Algorithm>>,
    /// Many-times-slower signing (SLH-DSA `s`, RSA-6144, RSA-8192): the runner may lower its measurement count.
    pub slow: bool,
    /// Not in the enterprise signature benchmark's list of 39 (`../shared/notes/jws-benchmark.md`): kept as an
    /// extra (RSA-2048-PSS), and the tables say so.
    pub extra: bool,
}

impl std::fmt::Debug for Spec {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} ({})", self.name, self.alg)
    }
}

impl Spec {
    /// The algorithm with keys from `seed`. Errors: [`ErrorKind::Unavailable`]-style usage errors for
    /// algorithms without a usable crate, key generation failures.
    pub fn make(&self, seed: u64) -> Result<Box<dyn Algorithm>> {
        (self.make)(seed)
    }
}

/// GOST R 34.10-2012: no maintained Rust crate signs with it.
fn gost(_: u64) -> Result<Box<dyn Algorithm>> {
    Err(Error::new(
        ErrorKind::Unavailable,
        "no crate on crates.io implements GOST R 34.10-2012 signatures (RustCrypto has only the streebog and gost94 hashes; gost-crypto 0.3 has the GOST 28147-89 cipher and the 34.11-94 hash)",
    ))
}

macro_rules! spec {
    ($name:expr, $family:expr, $kty:expr, $alg:expr, $make:expr, slow = $slow:expr, extra = $extra:expr) => {
        Spec {
            name: $name,
            family: $family,
            kty: $kty,
            alg: $alg,
            make: $make,
            slow: $slow,
            extra: $extra,
        }
    };
    ($name:expr, $family:expr, $kty:expr, $alg:expr, $make:expr, slow = $slow:expr) => {
        spec!(
            $name,
            $family,
            $kty,
            $alg,
            $make,
            slow = $slow,
            extra = false
        )
    };
    ($name:expr, $family:expr, $kty:expr, $alg:expr, $make:expr, extra) => {
        spec!(
            $name,
            $family,
            $kty,
            $alg,
            $make,
            slow = false,
            extra = true
        )
    };
    ($name:expr, $family:expr, $kty:expr, $alg:expr, $make:expr, slow) => {
        spec!($name, $family, $kty, $alg, $make, slow = true)
    };
    ($name:expr, $family:expr, $kty:expr, $alg:expr, $make:expr) => {
        spec!($name, $family, $kty, $alg, $make, slow = false)
    };
}

/// Every algorithm of the matrix, in table order: the enterprise benchmark's 39 and one extra (RSA-2048-PSS,
/// [`Spec::extra`]).
pub const ALL: [Spec; 40] = [
    spec!("HMAC-SHA-256", "HMAC", "oct", "HS256", hmac::<sha2::Sha256>),
    spec!("HMAC-SHA-384", "HMAC", "oct", "HS384", hmac::<sha2::Sha384>),
    spec!("HMAC-SHA-512", "HMAC", "oct", "HS512", hmac::<sha2::Sha512>),
    spec!(
        "HMAC-SHA3-256",
        "HMAC",
        "oct",
        "HS3-256",
        hmac::<sha3::Sha3_256>
    ),
    spec!(
        "HMAC-SHA3-384",
        "HMAC",
        "oct",
        "HS3-384",
        hmac::<sha3::Sha3_384>
    ),
    spec!(
        "HMAC-SHA3-512",
        "HMAC",
        "oct",
        "HS3-512",
        hmac::<sha3::Sha3_512>
    ),
    spec!("HMAC-SM3", "HMAC", "oct", "HSM3", hmac::<sm3::Sm3>),
    spec!(
        "HMAC-Streebog-256",
        "HMAC",
        "oct",
        "HGOST256",
        hmac::<streebog::Streebog256>
    ),
    spec!(
        "HMAC-Streebog-512",
        "HMAC",
        "oct",
        "HGOST512",
        hmac::<streebog::Streebog512>
    ),
    spec!("KMAC128", "KMAC", "oct", "KMAC128", |seed| Ok(Box::new(
        Kmac {
            key: secret(seed),
            wide: false
        }
    ))),
    spec!("KMAC256", "KMAC", "oct", "KMAC256", |seed| Ok(Box::new(
        Kmac {
            key: secret(seed),
            wide: true
        }
    ))),
    spec!(
        "CMAC-AES-128",
        "CMAC",
        "oct",
        "CMAC-AES128",
        cmac::<aes::Aes128, 16>
    ),
    spec!(
        "CMAC-AES-192",
        "CMAC",
        "oct",
        "CMAC-AES192",
        cmac::<aes::Aes192, 24>
    ),
    spec!(
        "CMAC-AES-256",
        "CMAC",
        "oct",
        "CMAC-AES256",
        cmac::<aes::Aes256, 32>
    ),
    spec!("RSA-2048", "RSA", "RSA", "RS256", rs256::<2048>),
    spec!("RSA-2048-PSS", "RSA", "RSA", "PS256", ps256, extra),
    spec!("RSA-3072", "RSA", "RSA", "RS256", rs256::<3072>),
    spec!("RSA-4096", "RSA", "RSA", "RS256", rs256::<4096>),
    spec!("RSA-6144", "RSA", "RSA", "RS256", rs256::<6144>, slow),
    spec!("RSA-8192", "RSA", "RSA", "RS256", rs256::<8192>, slow),
    spec!("P-256", "ECDSA", "EC", "ES256", ecdsa_p256),
    spec!("P-384", "ECDSA", "EC", "ES384", ecdsa_p384),
    spec!("P-521", "ECDSA", "EC", "ES512", ecdsa_p521),
    spec!("Ed25519", "EdDSA", "OKP", "EdDSA", ed25519),
    spec!("Ed448", "EdDSA", "OKP", "EdDSA", ed448),
    spec!("SM2", "SM2", "EC", "SM2SM3", sm2),
    spec!(
        "GOST R 34.10-2012-256",
        "GOST",
        "EC",
        "GOST3410-2012-256",
        gost
    ),
    spec!(
        "ML-DSA-44",
        "ML-DSA",
        "AKP",
        "ML-DSA-44",
        ml_dsa::<ml_dsa::MlDsa44>
    ),
    spec!(
        "ML-DSA-65",
        "ML-DSA",
        "AKP",
        "ML-DSA-65",
        ml_dsa::<ml_dsa::MlDsa65>
    ),
    spec!(
        "ML-DSA-87",
        "ML-DSA",
        "AKP",
        "ML-DSA-87",
        ml_dsa::<ml_dsa::MlDsa87>
    ),
    spec!("FALCON-512", "FN-DSA", "AKP", "FN-DSA-512", falcon::<9>),
    spec!("FALCON-1024", "FN-DSA", "AKP", "FN-DSA-1024", falcon::<10>),
    spec!(
        "SLH-DSA-SHA2-128f",
        "SLH-DSA",
        "AKP",
        "SLH-DSA-SHA2-128f",
        slh_dsa::<slh_dsa::Sha2_128f>
    ),
    spec!(
        "SLH-DSA-SHA2-128s",
        "SLH-DSA",
        "AKP",
        "SLH-DSA-SHA2-128s",
        slh_dsa::<slh_dsa::Sha2_128s>,
        slow
    ),
    spec!(
        "SLH-DSA-SHA2-192f",
        "SLH-DSA",
        "AKP",
        "SLH-DSA-SHA2-192f",
        slh_dsa::<slh_dsa::Sha2_192f>
    ),
    spec!(
        "SLH-DSA-SHA2-192s",
        "SLH-DSA",
        "AKP",
        "SLH-DSA-SHA2-192s",
        slh_dsa::<slh_dsa::Sha2_192s>,
        slow
    ),
    spec!(
        "SLH-DSA-SHA2-256f",
        "SLH-DSA",
        "AKP",
        "SLH-DSA-SHA2-256f",
        slh_dsa::<slh_dsa::Sha2_256f>
    ),
    spec!(
        "SLH-DSA-SHA2-256s",
        "SLH-DSA",
        "AKP",
        "SLH-DSA-SHA2-256s",
        slh_dsa::<slh_dsa::Sha2_256s>,
        slow
    ),
    spec!("XMSS-SHA2_10_256", "XMSS", "XMSS", "XMSS-SHA2_10_256", xmss),
    spec!("LMS-SHA256-M32-H10", "LMS", "HSS", "HSS-LMS", lms),
];
