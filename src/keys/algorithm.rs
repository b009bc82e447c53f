//! The signature algorithms of the credential formats, named as JOSE and COSE name their curves.

/// A signature algorithm of the credential formats.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SignatureAlgorithm {
    /// Ed25519 (RFC 8032 §5.1): JOSE / COSE `EdDSA`, the eddsa Data Integrity suites.
    Ed25519,
    /// ECDSA over P-256 with SHA-256: JOSE / COSE `ES256`, the ecdsa suites.
    P256,
    /// ECDSA over P-384 with SHA-384: JOSE / COSE `ES384`, the ecdsa suites with P-384 keys.
    P384,
}

impl SignatureAlgorithm {
    /// Every algorithm.
    pub const ALL: [SignatureAlgorithm; 3] = [
        SignatureAlgorithm::Ed25519,
        SignatureAlgorithm::P256,
        SignatureAlgorithm::P384,
    ];

    /// `Ed25519`, `P-256` or `P-384` (the JWK `crv` names, RFC 7518 §6.2.1.1, RFC 8037 §2).
    pub fn name(self) -> &'static str {
        match self {
            SignatureAlgorithm::Ed25519 => "Ed25519",
            SignatureAlgorithm::P256 => "P-256",
            SignatureAlgorithm::P384 => "P-384",
        }
    }
}
