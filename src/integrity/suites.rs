//! The Data Integrity cryptosuites eddsa-rdfc-2022 and eddsa-jcs-2022 (W3C Data Integrity EdDSA Cryptosuites
//! v1.0 §3.2, §3.3) and ecdsa-rdfc-2019 and ecdsa-jcs-2019 (W3C Data Integrity ECDSA Cryptosuites v1.0 §3.2,
//! §3.3; P-256 and P-384), step by step, with canonprof's RDFC-1.0 and JCS pipelines as the transformation and
//! proof-configuration canonicalizers; Ed25519 from ed25519-dalek, ECDSA from p256/p384 (RFC 6979 deterministic
//! nonces), SHA-2 from sha2. Which hash a suite uses with which key is data ([`SUITE_HASHES`]), not code.
//! Every operation counts its canonicalizations (two: document and proof configuration).

use super::multikey;
use crate::canon::jcs;
use crate::canon::rdfc::{self, HashAlgorithm, RdfcOptions};
use crate::error::{Error, ErrorKind, Result};
use crate::keys::{PublicKey, SecretKey, SignatureAlgorithm};
use crate::loader::OfflineLoader;
use serde_json::Value;

/// The cryptosuite of a proof.
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
}

impl Cryptosuite {
    /// Every supported suite.
    pub const ALL: [Cryptosuite; 5] = [
        Cryptosuite::EddsaRdfc2022,
        Cryptosuite::EddsaJcs2022,
        Cryptosuite::EcdsaRdfc2019,
        Cryptosuite::EcdsaJcs2019,
        Cryptosuite::EcdsaSd2023,
    ];

    /// The `cryptosuite` value of the proof.
    pub fn name(self) -> &'static str {
        match self {
            Cryptosuite::EddsaRdfc2022 => "eddsa-rdfc-2022",
            Cryptosuite::EddsaJcs2022 => "eddsa-jcs-2022",
            Cryptosuite::EcdsaRdfc2019 => "ecdsa-rdfc-2019",
            Cryptosuite::EcdsaJcs2019 => "ecdsa-jcs-2019",
            Cryptosuite::EcdsaSd2023 => "ecdsa-sd-2023",
        }
    }

    /// The cryptosuite named by a proof's `cryptosuite` value.
    pub fn from_name(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|c| c.name() == name)
    }

    /// Whether the suite canonicalizes with JCS (else RDFC-1.0).
    pub fn is_jcs(self) -> bool {
        matches!(self, Cryptosuite::EddsaJcs2022 | Cryptosuite::EcdsaJcs2019)
    }

    /// Whether the suite signs with Ed25519 (else ECDSA).
    pub fn is_eddsa(self) -> bool {
        matches!(self, Cryptosuite::EddsaRdfc2022 | Cryptosuite::EddsaJcs2022)
    }

    /// Whether the suite discloses selectively (base proof, derived proof) instead of signing once.
    pub fn is_selective(self) -> bool {
        self == Cryptosuite::EcdsaSd2023
    }

    /// The algorithm of the suite's keys: Ed25519 for the eddsa suites, P-256 for ecdsa-sd-2023, and P-384 (when
    /// `p384`) or P-256 for the other ecdsa suites.
    pub fn key_algorithm(self, p384: bool) -> SignatureAlgorithm {
        match (self.is_eddsa(), p384 && !self.is_selective()) {
            (true, _) => SignatureAlgorithm::Ed25519,
            (false, false) => SignatureAlgorithm::P256,
            (false, true) => SignatureAlgorithm::P384,
        }
    }
}

/// One row of [`SUITE_HASHES`]: a suite signing with a key algorithm, and the hash it then uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SuiteHash {
    /// The cryptosuite.
    pub suite: Cryptosuite,
    /// The algorithm of the signing key (its security level).
    pub key: SignatureAlgorithm,
    /// The hash of both the Hashing step (proof configuration and document) and, for the RDFC-1.0 suites, the
    /// hash RDFC-1.0 labels blank nodes with (RDFC-1.0 §4.4 lets the caller choose it).
    pub hash: HashAlgorithm,
}

const fn row(suite: Cryptosuite, key: SignatureAlgorithm, hash: HashAlgorithm) -> SuiteHash {
    SuiteHash { suite, key, hash }
}

/// Which keys each suite signs with, and the hash it uses with each: EdDSA Cryptosuites v1.0 §3.2.4 / §3.3.4
/// (Ed25519, SHA-256); ECDSA Cryptosuites v1.0 §3.2.4 / §3.3.4 (P-256 with SHA-256, P-384 with SHA-384, also as
/// RDFC-1.0's labeling hash, as the W3C `ecdsa-rdfc-2019-p384` vector's canonical document shows) and §3.5
/// (ecdsa-sd-2023: P-256 and SHA-256 only). A pair that is not here does not sign: a later suite adds rows
/// (e.g. a post-quantum suite: SHA-256 at security categories 1–2, SHA-384 at 3–4, SHA-512 at 5).
pub const SUITE_HASHES: &[SuiteHash] = {
    use Cryptosuite as C;
    use HashAlgorithm as H;
    use SignatureAlgorithm as K;
    &[
        row(C::EddsaRdfc2022, K::Ed25519, H::Sha256),
        row(C::EddsaJcs2022, K::Ed25519, H::Sha256),
        row(C::EcdsaRdfc2019, K::P256, H::Sha256),
        row(C::EcdsaRdfc2019, K::P384, H::Sha384),
        row(C::EcdsaJcs2019, K::P256, H::Sha256),
        row(C::EcdsaJcs2019, K::P384, H::Sha384),
        row(C::EcdsaSd2023, K::P256, H::Sha256),
    ]
};

impl Cryptosuite {
    /// The hash `self` uses with `key` ([`SUITE_HASHES`]), or `None` when the suite does not sign with it.
    pub fn hash_for(self, key: SignatureAlgorithm) -> Option<HashAlgorithm> {
        SUITE_HASHES
            .iter()
            .find(|r| r.suite == self && r.key == key)
            .map(|r| r.hash)
    }
}

/// The hash of `suite` with `key`, or [`ErrorKind::Key`] with `message` for a key the suite does not take.
fn hash_or_key_error(
    suite: Cryptosuite,
    key: SignatureAlgorithm,
    message: impl FnOnce(&str, &str) -> String,
) -> Result<HashAlgorithm> {
    suite
        .hash_for(key)
        .ok_or_else(|| Error::key(message(suite.name(), key.name())))
}

/// The values an operation computed, for inspection and the W3C test vectors.
#[derive(Debug, Clone)]
pub struct Intermediates {
    /// The transformed (canonical) unsecured document.
    pub canonical_document: String,
    /// The canonical proof configuration.
    pub canonical_proof_config: String,
    /// hash(canonical proof configuration) ‖ hash(canonical document): 64 bytes (96 with SHA-384).
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

/// Canonicalizes JSON values with one suite's algorithm (RDFC-1.0 over their JSON-LD, or JCS) and counts the
/// canonicalizations it ran — the count an operation reports in [`Intermediates::canonicalizations`].
pub(super) struct Canonicalizer<'a> {
    suite: Cryptosuite,
    /// The `cryptosuite` value the proof options must carry: the suite's name, or the draft name a proof being
    /// verified under the suite's algorithm was written with ([`verify_proof_as`]).
    name: String,
    loader: &'a OfflineLoader,
    /// RDFC-1.0's labeling hash: the suite's hash for the key ([`SUITE_HASHES`]).
    hash: HashAlgorithm,
    /// Canonicalizations run so far.
    pub(super) runs: usize,
}

impl<'a> Canonicalizer<'a> {
    /// A canonicalizer of `suite` labeling blank nodes with `hash` (the suite's hash for the key).
    pub(super) fn new(suite: Cryptosuite, hash: HashAlgorithm, loader: &'a OfflineLoader) -> Self {
        Canonicalizer {
            suite,
            name: suite.name().to_string(),
            loader,
            hash,
            runs: 0,
        }
    }

    /// The canonical form of `value`; `what` names it in errors.
    fn run(&mut self, value: &Value, what: &str) -> Result<String> {
        super::budget::charge()?;
        self.runs += 1;
        if self.suite.is_jcs() {
            return jcs::canonical_string(value).map_err(|e| e.in_source(what));
        }
        rdfc::canonical_form_of_value(
            what,
            value,
            self.loader,
            &RdfcOptions::for_proofs(self.loader).with_hash(self.hash),
        )
    }
}

/// Span names of the steps inside an operation (the canonicalization phases nest inside the first two).
pub mod step {
    /// Transformation: canonicalizing the unsecured document.
    pub const CANONICALIZE_DOCUMENT: &str = "canonicalize_document";
    /// Proof Configuration: canonicalizing the proof options.
    pub const CANONICALIZE_PROOF_CONFIG: &str = "canonicalize_proof_config";
    /// Hashing both.
    pub const HASH_DATA: &str = "hash_data";
    /// Signing hashData.
    pub const SIGN: &str = "sign";
    /// Verifying the signature.
    pub const VERIFY: &str = "verify";
    /// ecdsa-sd-2023: replacing canonical blank node labels (HMAC of `c14nN`, or the derived proof's map).
    pub const RELABEL: &str = "relabel";
    /// ecdsa-sd-2023: selecting JSON pointers and splitting the statements into groups.
    pub const GROUP: &str = "group";
    /// ecdsa-sd-2023: signing each non-mandatory statement with the proof-scoped key.
    pub const SIGN_STATEMENTS: &str = "sign_statements";
    /// ecdsa-sd-2023: verifying each disclosed non-mandatory statement's signature.
    pub const VERIFY_STATEMENTS: &str = "verify_statements";
}

/// Checks that `options` is a DataIntegrityProof of `suite`.
fn check_options(canon: &Canonicalizer, options: &Value, code: &str) -> Result<()> {
    if options.get("type") != Some(&Value::from("DataIntegrityProof"))
        || options.get("cryptosuite") != Some(&Value::from(canon.name.as_str()))
    {
        return Err(Error::proof(format!(
            "{code}: the proof options are not a DataIntegrityProof with cryptosuite {}",
            canon.name
        )));
    }
    Ok(())
}

/// §3.2.3 / §3.3.3 Transformation: checks the options, then canonicalizes the unsecured document.
fn transformation(canon: &mut Canonicalizer, unsecured: &Value, options: &Value) -> Result<String> {
    check_options(canon, options, "PROOF_TRANSFORMATION_ERROR")?;
    let _span = tracing::info_span!(step::CANONICALIZE_DOCUMENT).entered();
    canon.run(unsecured, "unsecured document")
}

/// §3.2.5 / §3.3.5 Proof Configuration: the options with the document's `@context`, canonicalized.
pub(super) fn proof_configuration(
    canon: &mut Canonicalizer,
    unsecured: &Value,
    options: &Value,
) -> Result<String> {
    check_options(canon, options, "PROOF_GENERATION_ERROR")?;
    let mut config = options
        .as_object()
        .cloned()
        .ok_or_else(|| Error::proof("the proof options are not a JSON object"))?;
    if let Some(created) = config.get("created") {
        let valid = created.as_str().is_some_and(is_xsd_date_time);
        if !valid {
            return Err(Error::proof(format!(
                "PROOF_GENERATION_ERROR: `created` {created} is not an XML Schema dateTime"
            )));
        }
    }
    match unsecured.get("@context") {
        Some(context) => config.insert("@context".to_string(), context.clone()),
        None => config.remove("@context"),
    };
    let _span = tracing::info_span!(step::CANONICALIZE_PROOF_CONFIG).entered();
    canon.run(&Value::Object(config), "proof configuration")
}

/// Whether `text` is in the lexical space of xsd:dateTime (XSD 1.1 Part 2 §3.3.7):
/// `-?YYYY-MM-DDThh:mm:ss(.s+)?(Z|(+|-)hh:mm)?`, with valid field ranges (24:00:00 allowed).
pub fn is_xsd_date_time(text: &str) -> bool {
    let text = text.strip_prefix('-').unwrap_or(text);
    let Some((date, time)) = text.split_once('T') else {
        return false;
    };
    let mut date_parts = date.splitn(3, '-');
    let (Some(year), Some(month), Some(day)) =
        (date_parts.next(), date_parts.next(), date_parts.next())
    else {
        return false;
    };
    let digits = |s: &str, n: usize| s.len() == n && s.bytes().all(|b| b.is_ascii_digit());
    let year_ok = year.len() >= 4
        && year.bytes().all(|b| b.is_ascii_digit())
        && !(year.len() > 4 && year.starts_with('0'));
    if !(year_ok && digits(month, 2) && digits(day, 2)) {
        return false;
    }
    let (month, day): (u32, u32) = (month.parse().unwrap_or(0), day.parse().unwrap_or(0));
    let (clock, zone) = match time.find(['Z', '+', '-']) {
        Some(i) => time.split_at(i),
        None => (time, ""),
    };
    let zone_ok = zone.is_empty()
        || zone == "Z"
        || (zone.len() == 6
            && digits(&zone[1..3], 2)
            && &zone[3..4] == ":"
            && digits(&zone[4..6], 2)
            && zone[1..3].parse::<u32>().is_ok_and(|h| h <= 14)
            && zone[4..6].parse::<u32>().is_ok_and(|m| m <= 59));
    let (hms, fraction) = clock
        .split_once('.')
        .map_or((clock, None), |(a, b)| (a, Some(b)));
    let parts: Vec<&str> = hms.split(':').collect();
    let clock_ok = parts.len() == 3
        && parts.iter().all(|p| digits(p, 2))
        && fraction.is_none_or(|f| !f.is_empty() && f.bytes().all(|b| b.is_ascii_digit()));
    if !(zone_ok && clock_ok) {
        return false;
    }
    let number = |p: &str| p.parse::<u32>().unwrap_or(99);
    let (h, m, s) = (number(parts[0]), number(parts[1]), number(parts[2]));
    let midnight =
        h == 24 && m == 0 && s == 0 && fraction.is_none_or(|f| f.bytes().all(|b| b == b'0'));
    (1..=12).contains(&month)
        && (1..=31).contains(&day)
        && ((h < 24 && m < 60 && s < 60) || midnight)
}

/// §3.2.4 / §3.3.4 Hashing: the hash of the proof configuration (first) joined with the hash of the document,
/// both with the suite's hash for the key.
pub(super) fn hashing(
    canonical_proof_config: &str,
    canonical_document: &str,
    hash: HashAlgorithm,
) -> Vec<u8> {
    let _span = tracing::info_span!(step::HASH_DATA).entered();
    let mut hash_data = hash.digest(canonical_proof_config.as_bytes());
    hash_data.extend_from_slice(&hash.digest(canonical_document.as_bytes()));
    hash_data
}

/// §3.2.1 / §3.3.1 Create Proof: the proof (the options plus `proofValue`; JCS suites also carry the document's
/// `@context`) for `unsecured` (a document without `proof`). Errors: [`ErrorKind::Proof`] for unusable
/// options or a key of the wrong type, and any canonicalization error.
pub fn create_proof(
    suite: Cryptosuite,
    unsecured: &Value,
    options: &Value,
    key: &SecretKey,
    loader: &OfflineLoader,
) -> Result<(Value, Intermediates)> {
    if suite.is_selective() {
        return Err(Error::proof(
            "PROOF_GENERATION_ERROR: ecdsa-sd-2023 base proofs need mandatory pointers: use ecdsa_sd::create_base_proof",
        ));
    }
    let hash = hash_or_key_error(suite, key.algorithm(), |suite, key| {
        format!("PROOF_GENERATION_ERROR: {suite} needs a different key type, not {key}")
    })?;
    // Steps 1–4.
    let mut proof = options
        .as_object()
        .cloned()
        .ok_or_else(|| Error::proof("the proof options are not a JSON object"))?;
    if let (true, Some(context)) = (suite.is_jcs(), unsecured.get("@context")) {
        proof.insert("@context".to_string(), context.clone());
    }
    let mut canon = Canonicalizer::new(suite, hash, loader);
    let canonical_proof_config = proof_configuration(&mut canon, unsecured, options)?;
    let canonical_document = transformation(&mut canon, unsecured, options)?;
    let hash_data = hashing(&canonical_proof_config, &canonical_document, hash);
    // Steps 5–6: Proof Serialization, multibase base58btc.
    let signature = {
        let _span = tracing::info_span!(step::SIGN).entered();
        key.sign(&hash_data)?
    };
    proof.insert(
        "proofValue".to_string(),
        Value::from(multikey::encode_base58btc(&signature)),
    );
    let intermediates = Intermediates {
        canonical_document,
        canonical_proof_config,
        hash_data,
        canonicalizations: canon.runs,
    };
    Ok((Value::Object(proof), intermediates))
}

/// The VC Data Integrity v2 context, which defines the proof terms.
pub const DATA_INTEGRITY_V2: &str = "https://w3id.org/security/data-integrity/v2";

/// The document with the Data Integrity context appended to its `@context` when neither it nor the VC v2
/// context (which includes it) is there — what Data Integrity libraries do for VCDM 1.1 credentials (VC Data
/// Integrity §2.1: the proof's terms must be defined by the document's contexts).
pub fn with_suite_context(document: &Value) -> Value {
    let mut document = document.clone();
    let Some(object) = document.as_object_mut() else {
        return document;
    };
    let mut contexts = match object.remove("@context") {
        Some(Value::Array(items)) => items,
        Some(other) => vec![other],
        None => Vec::new(),
    };
    let defines = |c: &Value| {
        c.as_str()
            .is_some_and(|c| c == DATA_INTEGRITY_V2 || c == "https://www.w3.org/ns/credentials/v2")
    };
    if !contexts.iter().any(defines) {
        contexts.push(Value::from(DATA_INTEGRITY_V2));
    }
    object.insert("@context".to_string(), Value::Array(contexts));
    document
}

/// The document with `proof` added (VC Data Integrity §4.2 Add Proof, single proof).
pub fn secure(unsecured: &Value, proof: Value) -> Result<Value> {
    let mut document = unsecured
        .as_object()
        .cloned()
        .ok_or_else(|| Error::proof("the document is not a JSON object"))?;
    document.insert("proof".to_string(), proof);
    Ok(Value::Object(document))
}

/// §3.2.2 / §3.3.2 Verify Proof of a secured document with one proof (an ecdsa-sd-2023 proof goes to
/// [`super::ecdsa_sd::verify_derived_proof`]). The key is `public_key`, or else resolved
/// from a `did:key` verification method. A proof that does not verify is `verified: false` with the reason;
/// errors are for what cannot be checked at all (no proof, unknown cryptosuite, bad key or multibase).
pub fn verify_proof(
    secured: &Value,
    public_key: Option<&PublicKey>,
    loader: &OfflineLoader,
) -> Result<Verification> {
    let document = secured
        .as_object()
        .ok_or_else(|| Error::proof("the secured document is not a JSON object"))?;
    let proof = document
        .get("proof")
        .and_then(Value::as_object)
        .ok_or_else(|| Error::proof("the document has no proof object"))?;
    let mut unsecured = document.clone();
    unsecured.remove("proof");
    verify_proof_over(&unsecured, proof, public_key, loader)
}

/// [`verify_proof`] of `proof` over `unsecured`, given apart: the document a proof of a set secures is the one
/// without any proof, and a proof in a chain secures the document with its previous proofs as `proof` (VC Data
/// Integrity §4.5), so its `unsecured` has a `proof` member of its own. Errors: as [`verify_proof`].
pub fn verify_proof_over(
    unsecured: &serde_json::Map<String, Value>,
    proof: &serde_json::Map<String, Value>,
    public_key: Option<&PublicKey>,
    loader: &OfflineLoader,
) -> Result<Verification> {
    let suite = proof.get("cryptosuite").and_then(Value::as_str).and_then(Cryptosuite::from_name).ok_or_else(|| {
        Error::proof("the proof's cryptosuite is not one of eddsa-rdfc-2022, eddsa-jcs-2022, ecdsa-rdfc-2019, ecdsa-jcs-2019, ecdsa-sd-2023")
    })?;
    verify_proof_as(suite, unsecured, proof, public_key, loader)
}

/// [`verify_proof_over`] with `suite`'s algorithm whatever the proof's `cryptosuite` says (which stays in the
/// proof configuration as written): for proofs that name a suite by a draft or misspelt name (`eddsa-2022`,
/// `eddsa-rdf-2022`), to find out whether they were made with the published algorithm. Errors: as
/// [`verify_proof`].
pub fn verify_proof_as(
    suite: Cryptosuite,
    unsecured: &serde_json::Map<String, Value>,
    proof: &serde_json::Map<String, Value>,
    public_key: Option<&PublicKey>,
    loader: &OfflineLoader,
) -> Result<Verification> {
    if suite.is_selective() {
        let mut secured = unsecured.clone();
        secured.insert("proof".into(), Value::Object(proof.clone()));
        return super::ecdsa_sd::verify_derived_proof(&Value::Object(secured), public_key, loader);
    }
    // Steps 1–3: unsecured document, proof options, proof bytes.
    let mut unsecured = unsecured.clone();
    let mut options = proof.clone();
    let proof_value = options
        .remove("proofValue")
        .and_then(|v| v.as_str().map(str::to_string));
    // The longest signature of these suites is P-384's, 96 bytes (ecdsa-rdfc-2019, ecdsa-jcs-2019).
    let proof_bytes = multikey::decode_base58btc_at_most(
        &proof_value.ok_or_else(|| Error::proof("the proof has no proofValue string"))?,
        96,
        "proofValue (a signature of at most 96 bytes)",
    )
    .map_err(|e| Error::proof(e.reason()))?;
    let key = multikey::proof_key(public_key, &options)?;
    let hash = hash_or_key_error(suite, key.algorithm(), |suite, key| {
        format!("the key is not of the type {suite} signs with: {key}")
    })?;
    let not = |reason: String| Verification {
        verified: false,
        reason: Some(reason),
        intermediates: None,
    };
    // Step 4: the proof's @context must be a prefix of the document's; the document then uses the proof's.
    if let Some(proof_context) = options.get("@context") {
        let as_list = |v: &Value| match v {
            Value::Array(items) => items.clone(),
            other => vec![other.clone()],
        };
        let (theirs, ours) = (
            as_list(proof_context),
            unsecured.get("@context").map(as_list).unwrap_or_default(),
        );
        if ours.len() < theirs.len() || ours[..theirs.len()] != theirs[..] {
            return Ok(not(
                "the document's @context does not start with the proof's @context".to_string(),
            ));
        }
        unsecured.insert("@context".to_string(), proof_context.clone());
    }
    let (unsecured, options) = (Value::Object(unsecured), Value::Object(options));
    // Steps 5–8.
    let mut canon = Canonicalizer::new(suite, hash, loader);
    if let Some(written) = proof.get("cryptosuite").and_then(Value::as_str) {
        canon.name = written.to_string();
    }
    let canonical_document = match transformation(&mut canon, &unsecured, &options) {
        Ok(c) => c,
        Err(e) if e.kind() == ErrorKind::Proof => return Ok(not(e.into_reason())),
        Err(e) => return Err(e),
    };
    let canonical_proof_config = proof_configuration(&mut canon, &unsecured, &options)?;
    let hash_data = hashing(&canonical_proof_config, &canonical_document, hash);
    let intermediates = Intermediates {
        canonical_document,
        canonical_proof_config,
        hash_data,
        canonicalizations: canon.runs,
    };
    let verified = {
        let _span = tracing::info_span!(step::VERIFY).entered();
        key.verify(&intermediates.hash_data, &proof_bytes)
    };
    let reason = (!verified).then(|| "the signature does not verify over hashData".to_string());
    Ok(Verification {
        verified,
        reason,
        intermediates: Some(intermediates),
    })
}
