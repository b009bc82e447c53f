//! The signature algorithms of the credential formats, named as JOSE and COSE name their curves (classical) or
//! as FIPS 204 / FIPS 205 / the Falcon round-3 submission name their parameter sets (post-quantum).

/// A signature algorithm of the credential formats.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SignatureAlgorithm {
    /// Ed25519 (RFC 8032 §5.1): JOSE / COSE `EdDSA`, the eddsa Data Integrity suites.
    Ed25519,
    /// ECDSA over P-256 with SHA-256: JOSE / COSE `ES256`, the ecdsa suites.
    P256,
    /// ECDSA over P-384 with SHA-384: JOSE / COSE `ES384`, the ecdsa suites with P-384 keys.
    P384,
    /// ML-DSA-44 (FIPS 204, pure, empty context; security category 2): JOSE / COSE `ML-DSA-44` (RFC 9964), the
    /// mldsa44 Data Integrity suites (Quantum-Safe Cryptosuites v0.3 §3.3).
    MlDsa44,
    /// SLH-DSA-SHA2-128s (FIPS 205, pure, empty context; security category 1): the slhdsa128 suites (§3.4).
    SlhDsaSha2_128s,
    /// FALCON-512 (the NIST round-3 submission, padded 666-byte signatures; security category 1): the falcon512
    /// suites (§3.5).
    Falcon512,
    /// BLS12-381 with public keys in G2 (96 bytes compressed), for BBS signatures (draft-irtf-cfrg-bbs-signatures-13,
    /// ciphersuite BLS12-381-SHA-256): the bbs-2023 Data Integrity suite. A variant here rather than a type of its
    /// own so that the suite's row of `SUITES`, `sign --generate-key`, did:key resolution and the key files take it
    /// like any key; BBS signs a list of messages under a header, not one message, so the one-message
    /// [`super::SecretKey::sign`] refuses it with a clear error and bbs-2023 signs through its own module.
    Bls12381G2,
}

impl SignatureAlgorithm {
    /// Every algorithm, the classical ones first.
    pub const ALL: [SignatureAlgorithm; 7] = [
        SignatureAlgorithm::Ed25519,
        SignatureAlgorithm::P256,
        SignatureAlgorithm::P384,
        SignatureAlgorithm::MlDsa44,
        SignatureAlgorithm::SlhDsaSha2_128s,
        SignatureAlgorithm::Falcon512,
        SignatureAlgorithm::Bls12381G2,
    ];

    /// The classical (pre-quantum) algorithms: Ed25519, P-256, P-384 — what PKCS#8, X.509, COSE_Key EC2/OKP and
    /// JWK `OKP` / `EC` carry.
    pub const CLASSICAL: [SignatureAlgorithm; 3] = [
        SignatureAlgorithm::Ed25519,
        SignatureAlgorithm::P256,
        SignatureAlgorithm::P384,
    ];

    /// The post-quantum algorithms: ML-DSA-44, SLH-DSA-SHA2-128s, FALCON-512.
    pub const POST_QUANTUM: [SignatureAlgorithm; 3] = [
        SignatureAlgorithm::MlDsa44,
        SignatureAlgorithm::SlhDsaSha2_128s,
        SignatureAlgorithm::Falcon512,
    ];

    /// `Ed25519`, `P-256` or `P-384` (the JWK `crv` names, RFC 7518 §6.2.1.1, RFC 8037 §2), `ML-DSA-44` (FIPS
    /// 204), `SLH-DSA-SHA2-128s` (FIPS 205), `FALCON-512` (the Quantum-Safe Cryptosuites report's name), `BLS12-381-G2`.
    pub fn name(self) -> &'static str {
        match self {
            SignatureAlgorithm::Ed25519 => "Ed25519",
            SignatureAlgorithm::P256 => "P-256",
            SignatureAlgorithm::P384 => "P-384",
            SignatureAlgorithm::MlDsa44 => "ML-DSA-44",
            SignatureAlgorithm::SlhDsaSha2_128s => "SLH-DSA-SHA2-128s",
            SignatureAlgorithm::Falcon512 => "FALCON-512",
            SignatureAlgorithm::Bls12381G2 => "BLS12-381-G2",
        }
    }

    /// The command-line name (`--generate-key`, `--alg`): `ed25519`, `p256`, `p384`, `ml-dsa-44`,
    /// `slh-dsa-128s`, `falcon-512`, `bls12-381-g2`.
    pub fn cli_name(self) -> &'static str {
        match self {
            SignatureAlgorithm::Ed25519 => "ed25519",
            SignatureAlgorithm::P256 => "p256",
            SignatureAlgorithm::P384 => "p384",
            SignatureAlgorithm::MlDsa44 => "ml-dsa-44",
            SignatureAlgorithm::SlhDsaSha2_128s => "slh-dsa-128s",
            SignatureAlgorithm::Falcon512 => "falcon-512",
            SignatureAlgorithm::Bls12381G2 => "bls12-381-g2",
        }
    }

    /// Whether the algorithm is one of [`SignatureAlgorithm::POST_QUANTUM`].
    pub fn is_post_quantum(self) -> bool {
        SignatureAlgorithm::POST_QUANTUM.contains(&self)
    }

    /// The JOSE `alg` of a post-quantum key's `AKP` JWK: `ML-DSA-44` (RFC 9964 §8.1), and the IETF drafts' names
    /// the JWS matrix uses for the others, `SLH-DSA-SHA2-128s` (draft-ietf-cose-sphincs-plus) and `FN-DSA-512`
    /// (draft-ietf-cose-falcon; that draft is FIPS 206's FN-DSA, whose signatures are not round-3 Falcon's: the
    /// name marks the key type only). `None` for a classical algorithm.
    pub fn akp_alg(self) -> Option<&'static str> {
        match self {
            SignatureAlgorithm::MlDsa44 => Some("ML-DSA-44"),
            SignatureAlgorithm::SlhDsaSha2_128s => Some("SLH-DSA-SHA2-128s"),
            SignatureAlgorithm::Falcon512 => Some("FN-DSA-512"),
            _ => None,
        }
    }

    /// The algorithm of an `AKP` JWK's `alg` ([`SignatureAlgorithm::akp_alg`]).
    pub fn from_akp_alg(alg: &str) -> Option<SignatureAlgorithm> {
        SignatureAlgorithm::POST_QUANTUM
            .into_iter()
            .find(|a| a.akp_alg() == Some(alg))
    }

    /// The exact byte lengths of a public key, a secret key (as [`super::SecretKey::to_bytes`] writes it) and a
    /// signature of a post-quantum algorithm: ML-DSA-44 1,312 / 32 (the seed) / 2,420 (FIPS 204 Table 2),
    /// SLH-DSA-SHA2-128s 32 / 64 / 7,856 (FIPS 205 Table 2), FALCON-512 897 / 1,281 / 666 (padded; round-3
    /// specification §3.11). `None` for a classical algorithm.
    pub fn post_quantum_sizes(self) -> Option<(usize, usize, usize)> {
        match self {
            SignatureAlgorithm::MlDsa44 => Some((1312, 32, 2420)),
            SignatureAlgorithm::SlhDsaSha2_128s => Some((32, 64, 7856)),
            SignatureAlgorithm::Falcon512 => Some((897, 1281, 666)),
            _ => None,
        }
    }
}
