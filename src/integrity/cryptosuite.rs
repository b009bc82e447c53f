//! The Data Integrity cryptosuites as data: one row per suite ([`SUITES`]) saying how it canonicalizes, which
//! keys it takes and which hash it uses with each, how its proof value is encoded, whether it discloses
//! selectively, and which algorithm module creates and verifies its proofs. Callers ask a suite's row
//! ([`Cryptosuite::spec`]); adding a suite is a row here plus, where it has one, its own algorithm module.
//! The rows follow W3C Data Integrity EdDSA Cryptosuites v1.0 §3.2–§3.3, ECDSA Cryptosuites v1.0 §3.2–§3.6, and
//! the W3C Credentials CG's Quantum-Safe Cryptosuites v0.3 (Final Report, 2026-04-22) §3.3–§3.5 for the
//! post-quantum suites: their hash follows the signature's security category (§3 Table "Hashes for Signatures":
//! SHA-256 for categories 1–2, SHA-384 for 3–4, SHA-512 for 5), for the proof configuration and document hashes
//! and as RDFC-1.0's hash, and their proof values are multibase base64url-no-pad (§2.2.1). The report's
//! `sqisign1-*` suites are not rows: [`unsupported_suite`] names them.

use crate::canon::rdfc::HashAlgorithm;
use crate::keys::SignatureAlgorithm;

/// The cryptosuite of a proof: the value users pick (`--cryptosuite`) and a proof's `cryptosuite` names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cryptosuite {
    /// eddsa-rdfc-2022: Ed25519, RDFC-1.0 canonicalization.
    EddsaRdfc2022,
    /// eddsa-jcs-2022: Ed25519, JCS canonicalization.
    EddsaJcs2022,
    /// ecdsa-rdfc-2019: P-256 or P-384, RDFC-1.0 canonicalization.
    EcdsaRdfc2019,
    /// ecdsa-jcs-2019: P-256 or P-384, JCS canonicalization.
    EcdsaJcs2019,
    /// ecdsa-sd-2023: P-256, RDFC-1.0 with HMAC blank node labels, selective disclosure
    /// ([`super::ecdsa_sd`]).
    EcdsaSd2023,
    /// mldsa44-rdfc-2024: ML-DSA-44, RDFC-1.0, SHA-256 (Quantum-Safe Cryptosuites v0.3 §3.3).
    Mldsa44Rdfc2024,
    /// mldsa44-jcs-2024: ML-DSA-44, JCS, SHA-256 (§3.3).
    Mldsa44Jcs2024,
    /// slhdsa128-rdfc-2024: SLH-DSA-SHA2-128s, RDFC-1.0, SHA-256 (§3.4).
    Slhdsa128Rdfc2024,
    /// slhdsa128-jcs-2024: SLH-DSA-SHA2-128s, JCS, SHA-256 (§3.4).
    Slhdsa128Jcs2024,
    /// falcon512-rdfc-2024: FALCON-512, RDFC-1.0, SHA-256 (§3.5).
    Falcon512Rdfc2024,
    /// falcon512-jcs-2024: FALCON-512, JCS, SHA-256 (§3.5).
    Falcon512Jcs2024,
    /// bbs-2023: BBS signatures over BLS12-381 (G2 keys), RDFC-1.0 with SHA-256 and shuffled HMAC blank node
    /// labels, unlinkable selective disclosure (Data Integrity BBS Cryptosuites v1.0; [`super::bbs`]).
    Bbs2023,
}

/// How a suite canonicalizes the document and the proof configuration.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Canonicalization {
    /// RDF Dataset Canonicalization (RDFC-1.0) of the JSON-LD's RDF.
    Rdfc10,
    /// JSON Canonicalization Scheme (RFC 8785).
    Jcs,
}

/// How a suite writes its `proofValue`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ProofValueEncoding {
    /// Multibase base58btc (`z…`, VC Data Integrity §2.1): the EdDSA and ECDSA suites.
    MultibaseBase58btc,
    /// Multibase base64url without padding (`u…`, RFC 4648 §5; Controller Documents §2.4): the post-quantum
    /// suites (Quantum-Safe Cryptosuites v0.3 §2.2.1).
    MultibaseBase64Url,
}

/// Which algorithm module creates and verifies a suite's proofs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ProofAlgorithm {
    /// One signature over hash(proof configuration) ‖ hash(document) ([`super::suites`]).
    SignHashData,
    /// ecdsa-sd-2023's base proof, derived proof and per-statement signatures ([`super::ecdsa_sd`]).
    EcdsaSelectiveDisclosure,
    /// bbs-2023's base proof (one BBS signature), derived proof (a BBS proof) and verification ([`super::bbs`]).
    BbsSelectiveDisclosure,
}

/// A key algorithm a suite signs with, and the hashes it then uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct KeyHash {
    /// The algorithm of the signing key (its security level).
    pub key: SignatureAlgorithm,
    /// The hash of the Hashing step (proof configuration and document).
    pub hash: HashAlgorithm,
    /// The hash RDFC-1.0 labels blank nodes with (RDFC-1.0 §4.4 lets the caller choose it): the suite's own
    /// canonicalization for the RDFC-1.0 suites, and the RDFC-1.0 view the main job measures of a JCS suite's
    /// document.
    pub labeling_hash: HashAlgorithm,
}

/// One suite's row of [`SUITES`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SuiteSpec {
    /// The suite the row describes.
    pub suite: Cryptosuite,
    /// The `cryptosuite` value of its proofs.
    pub name: &'static str,
    /// How it canonicalizes.
    pub canonicalization: Canonicalization,
    /// The keys it signs with, each with its hashes; the first is the suite's default key. A key that is not
    /// here does not sign.
    pub keys: &'static [KeyHash],
    /// The keys it takes, as a usage message says them (`an Ed25519 key`).
    pub keys_in_words: &'static str,
    /// How its `proofValue` is encoded.
    pub proof_value: ProofValueEncoding,
    /// Whether it discloses selectively (base proof, derived proof) instead of signing once.
    pub selective: bool,
    /// The module that creates and verifies its proofs.
    pub algorithm: ProofAlgorithm,
    /// The longest signature its proof value may decode to, in bytes (P-384's 96 for the ECDSA suites; the
    /// post-quantum signature's exact size: ML-DSA-44 2,420, SLH-DSA-SHA2-128s 7,856, FALCON-512 666): a longer
    /// `proofValue` is refused before decoding.
    pub max_signature_bytes: usize,
}

const fn key(key: SignatureAlgorithm, hash: HashAlgorithm) -> KeyHash {
    KeyHash {
        key,
        hash,
        labeling_hash: hash,
    }
}

/// Ed25519 with SHA-256 (EdDSA Cryptosuites v1.0 §3.2.4 / §3.3.4).
const ED25519: &[KeyHash] = &[key(SignatureAlgorithm::Ed25519, HashAlgorithm::Sha256)];
/// P-256 with SHA-256, P-384 with SHA-384, also as RDFC-1.0's labeling hash, as the W3C `ecdsa-rdfc-2019-p384`
/// vector's canonical document shows (ECDSA Cryptosuites v1.0 §3.2.4 / §3.3.4).
const ECDSA: &[KeyHash] = &[
    key(SignatureAlgorithm::P256, HashAlgorithm::Sha256),
    key(SignatureAlgorithm::P384, HashAlgorithm::Sha384),
];
/// P-256 and SHA-256 only (ECDSA Cryptosuites v1.0 §3.5).
const ECDSA_SD: &[KeyHash] = &[key(SignatureAlgorithm::P256, HashAlgorithm::Sha256)];
/// BLS12-381 G2 keys and SHA-256 (BBS Cryptosuites v1.0 §3.4.3; BBS ciphersuite BLS12-381-SHA-256).
const BBS: &[KeyHash] = &[key(SignatureAlgorithm::Bls12381G2, HashAlgorithm::Sha256)];
/// ML-DSA-44, security category 2: SHA-256 (Quantum-Safe Cryptosuites v0.3 §3.3, Table "Supported ML-DSA
/// Cryptosuites").
const ML_DSA_44: &[KeyHash] = &[key(SignatureAlgorithm::MlDsa44, HashAlgorithm::Sha256)];
/// SLH-DSA-SHA2-128s, security category 1: SHA-256 (§3.4).
const SLH_DSA_128S: &[KeyHash] = &[key(
    SignatureAlgorithm::SlhDsaSha2_128s,
    HashAlgorithm::Sha256,
)];
/// FALCON-512, security category 1: SHA-256 (§3.5).
const FALCON_512: &[KeyHash] = &[key(SignatureAlgorithm::Falcon512, HashAlgorithm::Sha256)];

/// A post-quantum suite's row: one signature over hashData, its proof value `u…`.
const fn post_quantum(
    suite: Cryptosuite,
    name: &'static str,
    canonicalization: Canonicalization,
    keys: &'static [KeyHash],
    keys_in_words: &'static str,
    max_signature_bytes: usize,
) -> SuiteSpec {
    SuiteSpec {
        suite,
        name,
        canonicalization,
        keys,
        keys_in_words,
        proof_value: ProofValueEncoding::MultibaseBase64Url,
        selective: false,
        algorithm: ProofAlgorithm::SignHashData,
        max_signature_bytes,
    }
}

/// Every supported suite, in the order of [`Cryptosuite::ALL`]. A post-quantum suite's keys hash with SHA-256 at
/// security categories 1–2, SHA-384 at 3–4 and SHA-512 at 5.
pub const SUITES: [SuiteSpec; 12] = [
    SuiteSpec {
        suite: Cryptosuite::EddsaRdfc2022,
        name: "eddsa-rdfc-2022",
        canonicalization: Canonicalization::Rdfc10,
        keys: ED25519,
        keys_in_words: "an Ed25519 key",
        proof_value: ProofValueEncoding::MultibaseBase58btc,
        selective: false,
        algorithm: ProofAlgorithm::SignHashData,
        max_signature_bytes: 96,
    },
    SuiteSpec {
        suite: Cryptosuite::EddsaJcs2022,
        name: "eddsa-jcs-2022",
        canonicalization: Canonicalization::Jcs,
        keys: ED25519,
        keys_in_words: "an Ed25519 key",
        proof_value: ProofValueEncoding::MultibaseBase58btc,
        selective: false,
        algorithm: ProofAlgorithm::SignHashData,
        max_signature_bytes: 96,
    },
    SuiteSpec {
        suite: Cryptosuite::EcdsaRdfc2019,
        name: "ecdsa-rdfc-2019",
        canonicalization: Canonicalization::Rdfc10,
        keys: ECDSA,
        keys_in_words: "a P-256 or P-384 key",
        proof_value: ProofValueEncoding::MultibaseBase58btc,
        selective: false,
        algorithm: ProofAlgorithm::SignHashData,
        max_signature_bytes: 96,
    },
    SuiteSpec {
        suite: Cryptosuite::EcdsaJcs2019,
        name: "ecdsa-jcs-2019",
        canonicalization: Canonicalization::Jcs,
        keys: ECDSA,
        keys_in_words: "a P-256 or P-384 key",
        proof_value: ProofValueEncoding::MultibaseBase58btc,
        selective: false,
        algorithm: ProofAlgorithm::SignHashData,
        max_signature_bytes: 96,
    },
    SuiteSpec {
        suite: Cryptosuite::EcdsaSd2023,
        name: "ecdsa-sd-2023",
        canonicalization: Canonicalization::Rdfc10,
        keys: ECDSA_SD,
        keys_in_words: "a P-256 key",
        proof_value: ProofValueEncoding::MultibaseBase58btc,
        selective: true,
        algorithm: ProofAlgorithm::EcdsaSelectiveDisclosure,
        max_signature_bytes: 96,
    },
    post_quantum(
        Cryptosuite::Mldsa44Rdfc2024,
        "mldsa44-rdfc-2024",
        Canonicalization::Rdfc10,
        ML_DSA_44,
        "an ML-DSA-44 key",
        2420,
    ),
    post_quantum(
        Cryptosuite::Mldsa44Jcs2024,
        "mldsa44-jcs-2024",
        Canonicalization::Jcs,
        ML_DSA_44,
        "an ML-DSA-44 key",
        2420,
    ),
    post_quantum(
        Cryptosuite::Slhdsa128Rdfc2024,
        "slhdsa128-rdfc-2024",
        Canonicalization::Rdfc10,
        SLH_DSA_128S,
        "an SLH-DSA-SHA2-128s key",
        7856,
    ),
    post_quantum(
        Cryptosuite::Slhdsa128Jcs2024,
        "slhdsa128-jcs-2024",
        Canonicalization::Jcs,
        SLH_DSA_128S,
        "an SLH-DSA-SHA2-128s key",
        7856,
    ),
    post_quantum(
        Cryptosuite::Falcon512Rdfc2024,
        "falcon512-rdfc-2024",
        Canonicalization::Rdfc10,
        FALCON_512,
        "a FALCON-512 key",
        666,
    ),
    post_quantum(
        Cryptosuite::Falcon512Jcs2024,
        "falcon512-jcs-2024",
        Canonicalization::Jcs,
        FALCON_512,
        "a FALCON-512 key",
        666,
    ),
    SuiteSpec {
        suite: Cryptosuite::Bbs2023,
        name: "bbs-2023",
        canonicalization: Canonicalization::Rdfc10,
        keys: BBS,
        keys_in_words: "a BLS12-381 G2 key",
        proof_value: ProofValueEncoding::MultibaseBase64Url,
        selective: true,
        algorithm: ProofAlgorithm::BbsSelectiveDisclosure,
        max_signature_bytes: 80,
    },
];

/// The suites of the Quantum-Safe Cryptosuites report canonprof knows by name but does not implement, each with
/// why: `sqisign1-rdfc-2024` and `sqisign1-jcs-2024` (SQIsign-I). The one SQIsign crate found, sqisign-verify
/// (0.6.1, round-3 SQIsign), verifies only and is not adopted (docs/post-quantum.md).
pub const UNSUPPORTED_SUITES: [(&str, &str); 2] = [
    (
        "sqisign1-rdfc-2024",
        "SQIsign-I has no Rust implementation that signs (sqisign-verify 0.6.1 verifies only; not adopted)",
    ),
    (
        "sqisign1-jcs-2024",
        "SQIsign-I has no Rust implementation that signs (sqisign-verify 0.6.1 verifies only; not adopted)",
    ),
];

/// Why canonprof does not implement the suite `name`, when it is one the report defines
/// ([`UNSUPPORTED_SUITES`]): "NAME is not supported: WHY".
pub fn unsupported_suite(name: &str) -> Option<String> {
    UNSUPPORTED_SUITES
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(n, why)| format!("{n} is not supported: {why}"))
}

impl Cryptosuite {
    /// Every supported suite.
    pub const ALL: [Cryptosuite; 12] = [
        Cryptosuite::EddsaRdfc2022,
        Cryptosuite::EddsaJcs2022,
        Cryptosuite::EcdsaRdfc2019,
        Cryptosuite::EcdsaJcs2019,
        Cryptosuite::EcdsaSd2023,
        Cryptosuite::Mldsa44Rdfc2024,
        Cryptosuite::Mldsa44Jcs2024,
        Cryptosuite::Slhdsa128Rdfc2024,
        Cryptosuite::Slhdsa128Jcs2024,
        Cryptosuite::Falcon512Rdfc2024,
        Cryptosuite::Falcon512Jcs2024,
        Cryptosuite::Bbs2023,
    ];

    /// The classical suites (EdDSA, ECDSA): what the exchange's `--format vcdm` measures by default.
    pub const CLASSICAL: [Cryptosuite; 5] = [
        Cryptosuite::EddsaRdfc2022,
        Cryptosuite::EddsaJcs2022,
        Cryptosuite::EcdsaRdfc2019,
        Cryptosuite::EcdsaJcs2019,
        Cryptosuite::EcdsaSd2023,
    ];

    /// The post-quantum suites (Quantum-Safe Cryptosuites v0.3).
    pub const POST_QUANTUM: [Cryptosuite; 6] = [
        Cryptosuite::Mldsa44Rdfc2024,
        Cryptosuite::Mldsa44Jcs2024,
        Cryptosuite::Slhdsa128Rdfc2024,
        Cryptosuite::Slhdsa128Jcs2024,
        Cryptosuite::Falcon512Rdfc2024,
        Cryptosuite::Falcon512Jcs2024,
    ];

    /// The suite's row of [`SUITES`].
    pub fn spec(self) -> &'static SuiteSpec {
        &SUITES[self as usize]
    }

    /// The `cryptosuite` value of the proof.
    pub fn name(self) -> &'static str {
        self.spec().name
    }

    /// The cryptosuite named by a proof's `cryptosuite` value.
    pub fn from_name(name: &str) -> Option<Self> {
        SUITES.iter().find(|s| s.name == name).map(|s| s.suite)
    }

    /// Whether the suite canonicalizes with JCS (else RDFC-1.0).
    pub fn is_jcs(self) -> bool {
        self.spec().canonicalization == Canonicalization::Jcs
    }

    /// Whether the suite signs with Ed25519 alone.
    pub fn is_eddsa(self) -> bool {
        self.spec()
            .keys
            .iter()
            .all(|k| k.key == SignatureAlgorithm::Ed25519)
    }

    /// Whether the suite signs with a post-quantum key (its keys are all [`SignatureAlgorithm::POST_QUANTUM`]).
    pub fn is_post_quantum(self) -> bool {
        self.spec().keys.iter().all(|k| k.key.is_post_quantum())
    }

    /// Whether the suite discloses selectively (base proof, derived proof) instead of signing once.
    pub fn is_selective(self) -> bool {
        self.spec().selective
    }

    /// The suite's row for `key`, or `None` when the suite does not sign with it.
    pub fn key_hash(self, key: SignatureAlgorithm) -> Option<&'static KeyHash> {
        self.spec().keys.iter().find(|k| k.key == key)
    }

    /// The hash `self` uses with `key` in its Hashing step, or `None` when the suite does not sign with it.
    pub fn hash_for(self, key: SignatureAlgorithm) -> Option<HashAlgorithm> {
        self.key_hash(key).map(|k| k.hash)
    }

    /// The algorithm of the suite's keys: P-384 when `p384` and the suite takes P-384 keys, otherwise the
    /// suite's default key (Ed25519 for the eddsa suites, P-256 for the ecdsa suites).
    pub fn key_algorithm(self, p384: bool) -> SignatureAlgorithm {
        match (p384, self.key_hash(SignatureAlgorithm::P384)) {
            (true, Some(k)) => k.key,
            _ => self.spec().keys[0].key,
        }
    }
}

/// The values an operation computed, for inspection and the W3C test vectors.
#[derive(Debug, Clone)]
pub struct Intermediates {
    /// The transformed (canonical) unsecured document.
    pub canonical_document: String,
    /// The canonical proof configuration.
    pub canonical_proof_config: String,
    /// hash(canonical proof configuration) ‖ hash(canonical document): 64 bytes (96 with SHA-384, 128 with
    /// SHA-512).
    pub hash_data: Vec<u8>,
    /// Canonicalizations the operation ran (2: document and proof configuration).
    pub canonicalizations: usize,
}

/// The outcome of verifying a proof.
#[derive(Debug, Clone)]
pub struct Verification {
    /// Whether the proof verifies.
    pub verified: bool,
    /// Why not, when it does not.
    pub reason: Option<String>,
    /// The intermediate values, when the proof got as far as hashing.
    pub intermediates: Option<Intermediates>,
}

impl Verification {
    /// A proof that does not verify, for `reason`, refused before hashing.
    pub fn failed(reason: String) -> Verification {
        Verification {
            verified: false,
            reason: Some(reason),
            intermediates: None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{Cryptosuite, SUITES};

    #[test]
    fn each_suite_has_its_own_row_with_distinct_keys() {
        for suite in Cryptosuite::ALL {
            assert_eq!(suite.spec().suite, suite);
            assert_eq!(Cryptosuite::from_name(suite.name()), Some(suite));
        }
        for row in SUITES {
            assert!(!row.keys.is_empty(), "{}", row.name);
            for (i, a) in row.keys.iter().enumerate() {
                assert!(!row.keys[i + 1..].iter().any(|b| b.key == a.key));
            }
        }
    }
}
