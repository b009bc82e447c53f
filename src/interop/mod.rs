//! Interoperability with other implementations, both directions (docs/interop.md): canonprof writes what it
//! issues and presents — every Data Integrity cryptosuite with `did:key` keys, ecdsa-sd-2023 derived proofs,
//! SD-JWT VC with and without a Key Binding JWT, mdoc `DeviceResponse`s — each with a tampered twin, to a
//! directory with a `manifest.json` ([`Manifest`]) that another implementation's verifier reads
//! ([`issue::issue`]); and it verifies another implementation's directory of the same layout
//! ([`verify::verify`]), one [`ArtifactResult`] per artifact. The peers' side is `scripts/peers/*/interop.*`.

pub mod issue;
pub(crate) mod tamper;
pub mod verify;

use serde::{Deserialize, Serialize};
use serde_json::Value;

/// `manifest.json`: who produced the directory and every artifact in it.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Manifest {
    /// The producing implementation and its version, e.g. `canonprof 0.1.0 (commit …)`.
    pub producer: String,
    /// The artifacts, genuine ones each followed by its tampered twin.
    pub artifacts: Vec<Artifact>,
}

/// What a verifier should get for an artifact.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Expect {
    /// A genuine artifact: it must verify.
    Verified,
    /// A tampered twin: it must not.
    Rejected,
}

/// The key-binding expectations of an SD-JWT VC presentation with a KB-JWT (RFC 9901 §4.3).
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct KeyBindingSpec {
    /// The verifier's nonce.
    pub nonce: String,
    /// The verifier's identifier (`aud`).
    pub aud: String,
}

/// One file of an interop directory and what a verifier needs to check it. Fields a format does not use are
/// left out of the JSON.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Artifact {
    /// Unique name, e.g. `vcdm-eddsa-rdfc-2022-person-20` or `…​.tampered`.
    pub name: String,
    /// `vcdm` (a JSON-LD credential with one Data Integrity proof), `sd-jwt` (compact SD-JWT, RFC 9901 §4) or
    /// `mdoc` (the CBOR bytes of an ISO/IEC 18013-5 `DeviceResponse`).
    pub format: String,
    /// The file, relative to the directory.
    pub file: String,
    /// What a verifier should conclude.
    pub expect: Expect,
    /// What was changed, on a tampered twin.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tampered: Option<String>,
    /// `vcdm`: the proof's cryptosuite.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cryptosuite: Option<String>,
    /// `vcdm`: `P-256` or `P-384` for the ECDSA suites.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub curve: Option<String>,
    /// `vcdm`: `credential` (an issuer's proof), `base` (an ecdsa-sd-2023 or bbs-2023 base proof: the verifier
    /// derives a proof with `selective_pointers` first, as a holder would, then verifies that) or `derived` (a
    /// derived proof).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub kind: Option<String>,
    /// `vcdm`, `base`: the issuer's mandatory JSON pointers (RFC 6901), for information (the base proof carries
    /// them).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mandatory_pointers: Option<Vec<String>>,
    /// `vcdm`, `base`: the JSON pointers the verifier's derived proof discloses besides the mandatory ones.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub selective_pointers: Option<Vec<String>>,
    /// The corpus credential it was made from, e.g. `person-20`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub credential: Option<String>,
    /// `sd-jwt`, `mdoc`: `ed25519` or `p256`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub alg: Option<String>,
    /// `sd-jwt`: the issuer's public JWK.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub issuer_jwk: Option<Value>,
    /// `sd-jwt`: the KB-JWT expectations, `null` for a presentation without one.
    #[serde(default)]
    pub key_binding: Option<KeyBindingSpec>,
    /// `sd-jwt`, `mdoc`: the claims / data elements the holder disclosed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub disclosed: Option<Vec<String>>,
    /// `mdoc`: the IACA certificate (PEM file, relative to the directory).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub trust_anchor: Option<String>,
    /// `mdoc`: the CBOR SessionTranscript the device signed, hex.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub session_transcript_hex: Option<String>,
    /// `mdoc`: the doc type.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub doc_type: Option<String>,
    /// `mdoc`: the verification time (RFC 3339).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub now: Option<String>,
}

/// What a verifier concluded.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Outcome {
    /// Every check passed.
    Verified,
    /// A check failed (signature, digest, binding, validity…).
    Rejected,
    /// The artifact could not be checked (unreadable file, unresolvable key…).
    Error,
    /// This verifier cannot check this kind of artifact.
    Unsupported,
}

/// One artifact's result.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct ArtifactResult {
    /// The artifact's name.
    pub name: String,
    /// Its format.
    pub format: String,
    /// What the manifest expected.
    pub expect: Expect,
    /// What the verifier concluded.
    pub outcome: Outcome,
    /// Why (one line), unless verified.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
}

/// A verifier's answer for a whole directory.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct VerifierReport {
    /// The verifying implementation.
    pub verifier: String,
    /// The manifest's producer.
    pub producer: String,
    /// One per artifact, in manifest order.
    pub results: Vec<ArtifactResult>,
}

/// `canonprof <version> (commit <hash>)`, as producer and verifier names.
pub fn implementation() -> String {
    format!(
        "canonprof {} (commit {})",
        env!("CARGO_PKG_VERSION"),
        env!("CANONPROF_GIT_COMMIT")
    )
}
