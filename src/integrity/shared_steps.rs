//! The steps the Data Integrity suites share (EdDSA / ECDSA Cryptosuites v1.0 §3.2.3–§3.2.5, §3.3.3–§3.3.5 and
//! ecdsa-sd-2023's base proof configuration, §3.6.4): canonicalizing with the suite's algorithm, checking and
//! canonicalizing the proof options, hashing, and writing the proof value. Every canonicalization is counted.

use super::cryptosuite::{Canonicalization, Cryptosuite, ProofValueEncoding};
use super::multikey;
use super::proof_span;
use crate::canon::jcs;
use crate::canon::rdfc::{self, HashAlgorithm, RdfcOptions};
use crate::canon::Session;
use crate::error::{Error, Result};
use serde_json::Value;

/// Canonicalizes JSON values with one suite's algorithm (RDFC-1.0 over their JSON-LD, or JCS) and counts the
/// canonicalizations it ran — the count an operation reports in [`super::cryptosuite::Intermediates::canonicalizations`].
pub(super) struct Canonicalizer<'a> {
    suite: Cryptosuite,
    /// The `cryptosuite` value the proof options must carry: the suite's name, or the draft name a proof being
    /// verified under the suite's algorithm was written with ([`super::suites::verify_proof_as`]).
    pub(super) name: String,
    session: &'a Session,
    /// RDFC-1.0's labeling hash: the suite's for the key ([`super::cryptosuite::KeyHash`]).
    hash: HashAlgorithm,
    /// Canonicalizations run so far.
    pub(super) runs: usize,
}

impl<'a> Canonicalizer<'a> {
    /// A canonicalizer of `suite` labeling blank nodes with `hash` (the suite's labeling hash for the key).
    pub(super) fn new(suite: Cryptosuite, hash: HashAlgorithm, session: &'a Session) -> Self {
        Canonicalizer {
            suite,
            name: suite.name().to_string(),
            session,
            hash,
            runs: 0,
        }
    }

    /// The canonical form of `value`; `what` names it in errors.
    fn run(&mut self, value: &Value, what: &str) -> Result<String> {
        super::budget::charge()?;
        self.runs += 1;
        match self.suite.spec().canonicalization {
            Canonicalization::Jcs => jcs::canonical_string(value).map_err(|e| e.in_source(what)),
            Canonicalization::Rdfc10 => rdfc::canonical_form_of_value(
                what,
                value,
                self.session,
                &RdfcOptions::for_proofs(self.session.settings()).with_hash(self.hash),
            ),
        }
    }
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
pub(super) fn transformation(
    canon: &mut Canonicalizer,
    unsecured: &Value,
    options: &Value,
) -> Result<String> {
    check_options(canon, options, "PROOF_TRANSFORMATION_ERROR")?;
    let _span = tracing::info_span!(proof_span::CANONICALIZE_DOCUMENT).entered();
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
    let _span = tracing::info_span!(proof_span::CANONICALIZE_PROOF_CONFIG).entered();
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
    let _span = tracing::info_span!(proof_span::HASH_DATA).entered();
    let mut hash_data = hash.digest(canonical_proof_config.as_bytes());
    hash_data.extend_from_slice(&hash.digest(canonical_document.as_bytes()));
    hash_data
}

impl ProofValueEncoding {
    /// §3.2.1 / §3.3.1 step 6 Proof Serialization: `signature` as a `proofValue`.
    pub(super) fn encode(self, signature: &[u8]) -> String {
        match self {
            ProofValueEncoding::MultibaseBase58btc => multikey::encode_base58btc(signature),
            ProofValueEncoding::MultibaseBase64Url => multikey::encode_base64url(signature),
        }
    }

    /// The bytes of a `proofValue` of at most `max_bytes`; `what` names it in errors. Errors: [`Error::proof`]
    /// for text that is not this encoding or is too long.
    pub(super) fn decode(self, proof_value: &str, max_bytes: usize, what: &str) -> Result<Vec<u8>> {
        match self {
            ProofValueEncoding::MultibaseBase58btc => {
                multikey::decode_base58btc_at_most(proof_value, max_bytes, what)
                    .map_err(|e| Error::proof(e.into_reason()))
            }
            ProofValueEncoding::MultibaseBase64Url => {
                multikey::decode_base64url_at_most(proof_value, max_bytes, what)
                    .map_err(|e| Error::proof(e.into_reason()))
            }
        }
    }
}
