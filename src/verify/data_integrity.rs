//! W3C VCDM credentials and presentations with Data Integrity proofs (VC Data Integrity 1.0 §4.4 Verify Proof,
//! §4.5 proof sets and chains, and each cryptosuite's verification algorithm through
//! [`suites::verify_proof_over`]): one [`Check`] per proof, then the validity period at `--at`, then what is
//! reported but not checked offline (`credentialStatus`); and the same for every signed credential inside the
//! document (endorsements, a CLR's badges, a presentation's credentials), each a [`Nested`] report.

use super::binding::{self, Signer};
use super::check::{Check, Outcome, Trust};
use super::keys;
use super::options::{At, Options};
use super::report::Nested;
use crate::integrity::cryptosuite::ProofAlgorithm;
use crate::integrity::legacy::{self, LegacySuite};
use crate::integrity::suites::{self, is_xsd_date_time, Cryptosuite};
use crate::integrity::{proof_value, verifier};
use serde_json::{Map, Value};

/// Cryptosuite names found in issued credentials that are not the published suites' — early drafts (`eddsa-2022`
/// was eddsa-rdfc-2022's name before the JCS variant split off) and misspellings (`eddsa-rdf-2022`, in 1EdTech's
/// validator samples) — with the published suite whose algorithm is tried on them. A proof that verifies under
/// it was made with that algorithm and is reported as verified, naming both; one that does not is unsupported.
const DRAFT_NAMES: [(&str, Cryptosuite); 4] = [
    ("eddsa-2022", Cryptosuite::EddsaRdfc2022),
    ("eddsa-rdf-2022", Cryptosuite::EddsaRdfc2022),
    ("ecdsa-2019", Cryptosuite::EcdsaRdfc2019),
    ("ecdsa-rdf-2019", Cryptosuite::EcdsaRdfc2019),
];

/// Nested signed credentials verified per file, at most (a document crafted with thousands is bounded).
const MAX_NESTED: usize = 64;

/// The checks of one JSON document, and of the signed credentials inside it.
pub(crate) fn verify(document: &Value, options: &Options) -> (Vec<Check>, Vec<Nested>) {
    // One file's canonicalizations, its nested credentials' included, are bounded together.
    let _budget = crate::integrity::budget::Scope::with_limit(
        options
            .session
            .settings()
            .proof_limits
            .max_canonicalizations,
    );
    let mut checks = checks_of(document, options);
    let presentation = is_presentation(document);
    if presentation {
        checks.extend(unsecured_credentials(document));
    }
    let mut found = Vec::new();
    signed_inside(document, String::new(), &mut found);
    if found.len() > MAX_NESTED {
        // The ones left unverified may not decide the verdict by default; where they would (a presentation's
        // credentials, --nested strict) the file cannot be verified.
        let left_count = found[MAX_NESTED..].iter().any(|(pointer, _)| {
            options.settings.nested_strict
                || (presentation && pointer.starts_with("/verifiableCredential"))
        });
        checks.push(Check::new(
            "nested credentials",
            if left_count {
                Outcome::Unsupported
            } else {
                Outcome::NotChecked
            },
            format!(
                "{} signed credentials inside; the first {MAX_NESTED} are verified",
                found.len()
            ),
        ));
        found.truncate(MAX_NESTED);
    }
    let nested = found
        .into_iter()
        .map(|(pointer, credential)| {
            let mut checks = checks_of(credential, options);
            // A presentation inside holds credentials of its own, each of which must be secured too.
            if is_presentation(credential) {
                checks.extend(unsecured_credentials(credential));
            }
            (pointer, credential, checks)
        })
        .map(|(pointer, credential, checks)| Nested {
            counts: options.settings.nested_strict
                || (presentation && pointer.starts_with("/verifiableCredential")),
            id: credential
                .get("id")
                .and_then(Value::as_str)
                .map(str::to_string),
            checks,
            pointer,
            accept_self_asserted: options.settings.accept_self_asserted,
        })
        .collect();
    (checks, nested)
}

/// The line for Data Integrity proofs inside a JOSE-secured credential (VC-JOSE, JAdES payloads): they are data
/// under the JOSE signature and are not verified there, which the report says; under `--nested strict` they would
/// have to decide the verdict, so the file cannot be verified. `None` when there are none.
pub(super) fn embedded_proofs(credential: &Value, options: &Options) -> Option<Check> {
    let mut found = Vec::new();
    signed_inside(credential, String::new(), &mut found);
    let at_root = credential.get("proof").is_some();
    let count = found.len() + usize::from(at_root);
    (count > 0).then(|| {
        Check::new(
            "embedded proofs",
            if options.settings.nested_strict { Outcome::Unsupported } else { Outcome::NotChecked },
            format!(
                "{count} Data Integrity proof(s) or signed credential(s) inside the payload are not verified here \
                 (verify them on their own; --nested strict refuses the file)"
            ),
        )
    })
}

/// A presentation's credentials each decide its verdict, so each must be one canonprof verifies: an object with a
/// `proof` (verified as a nested credential). One without a proof proves nothing about its issuer; an enveloped
/// credential (VCDM 2.0 §4.13, a `data:` URL secured by another format) is not verified here.
fn unsecured_credentials(document: &Value) -> Vec<Check> {
    let entries: Vec<&Value> = match document.get("verifiableCredential") {
        None => return Vec::new(),
        Some(Value::Array(items)) => items.iter().collect(),
        Some(one) => vec![one],
    };
    let mut checks = Vec::new();
    for (i, entry) in entries.iter().enumerate() {
        let subject = format!("verifiableCredential {} of {}", i + 1, entries.len());
        match entry {
            Value::Object(o) if o.contains_key("proof") => {}
            Value::Object(_) if has_type(entry, "EnvelopedVerifiableCredential") => {
                checks.push(Check::new(
                    subject,
                    Outcome::Unsupported,
                    "an enveloped credential (VCDM 2.0 §4.13): its securing format is not verified inside a \
                     presentation here; verify it on its own",
                ))
            }
            Value::Object(_) => checks.push(Check::new(
                subject,
                Outcome::Failed,
                "not secured: it has no proof, so nothing shows its issuer issued it",
            )),
            other => checks.push(Check::new(
                subject,
                Outcome::Failed,
                format!("{} where a credential object was expected", crate::document::type_name(other)),
            )),
        }
    }
    checks
}

/// Every object below the root that carries a `proof`, with its JSON Pointer; proofs themselves are not
/// searched.
fn signed_inside<'v>(value: &'v Value, pointer: String, found: &mut Vec<(String, &'v Value)>) {
    let escape = |k: &str| k.replace('~', "~0").replace('/', "~1");
    match value {
        Value::Object(map) => {
            if !pointer.is_empty() && map.contains_key("proof") {
                found.push((pointer.clone(), value));
            }
            for (k, v) in map.iter().filter(|(k, _)| *k != "proof") {
                signed_inside(v, format!("{pointer}/{}", escape(k)), found);
            }
        }
        Value::Array(items) => {
            for (i, v) in items.iter().enumerate() {
                signed_inside(v, format!("{pointer}/{i}"), found);
            }
        }
        _ => {}
    }
}

/// The checks of one credential or presentation: its top-level proofs, its validity, its status.
fn checks_of(document: &Value, options: &Options) -> Vec<Check> {
    let presentation = is_presentation(document);
    let purpose = verifier::proof_purpose(document);
    let mut checks = Vec::new();
    let inputs =
        match verifier::inputs(document, options.session.settings().proof_limits.max_proofs) {
            Ok(Some(inputs)) => inputs,
            Ok(None) => {
                checks.push(Check::new(
                    "proof",
                    Outcome::Failed,
                    "the document has no top-level proof",
                ));
                return checks;
            }
            Err(e) => {
                checks.push(Check::new("proof", Outcome::Failed, e.reason()));
                return checks;
            }
        };
    let raw: Vec<&Map<String, Value>> = match &document["proof"] {
        Value::Array(items) => items.iter().filter_map(Value::as_object).collect(),
        other => other.as_object().into_iter().collect(),
    };
    if inputs.proofs.is_empty() {
        checks.push(Check::signature(
            "proof",
            Outcome::Failed,
            "`proof` is an empty list: nothing signs the document",
            None,
        ));
    }
    let unsecured = inputs.unsecured.as_object().cloned().unwrap_or_default();
    let mut signers = Vec::new();
    for (i, (input, proof)) in inputs.proofs.iter().zip(raw.iter().copied()).enumerate() {
        let chained = inputs.document_of(i);
        let over = chained
            .as_ref()
            .and_then(Value::as_object)
            .unwrap_or(&unsecured);
        let checked = proof_check(proof, over, purpose, options);
        if checked.outcome == Outcome::Verified {
            signers.extend(checked.signer);
        }
        checks.push(Check::signature(
            input.label.clone(),
            checked.outcome,
            checked.detail,
            checked.trust,
        ));
    }
    if let Some(check) = binding(document, presentation, &signers, options) {
        checks.push(check);
    }
    if let Some(check) = vcdm11_issuance_date(document, presentation) {
        checks.push(check);
    }
    checks.push(validity(document, options.at()));
    if document.get("credentialStatus").is_some() {
        checks.push(Check::new(
            "credentialStatus",
            Outcome::NotChecked,
            "not checked (offline)",
        ));
    }
    checks
}

/// Whether the issuer (a presentation's holder) controls the verification method of each verified proof — what
/// the VC Data Integrity proof purposes bind a key to — by the one rule of [`binding`]. A mismatch is reported,
/// not failed, unless `--issuer-binding strict`: the W3C ecdsa-sd-2023 vectors are signed by another did:key than
/// their issuer's, so a default that failed a mismatch would refuse them.
fn binding(
    document: &Value,
    presentation: bool,
    signers: &[Signer],
    options: &Options,
) -> Option<Check> {
    let field = if presentation { "holder" } else { "issuer" };
    let party = match document.get(field) {
        Some(Value::String(s)) => Some(s.as_str()),
        Some(Value::Object(o)) => o.get("id").and_then(Value::as_str),
        _ => None,
    };
    match party {
        Some(party) => binding::line(field, party, signers, options.settings.binding_strict),
        // Nothing to bind the keys to: a credential must name its issuer (VCDM 2.0 §4.7); a presentation's
        // holder is optional, and Data Integrity secures other documents too, so for those only strict binding
        // asks for one.
        None if signers.is_empty() => None,
        None => Some(Check::new(
            field,
            if options.settings.binding_strict || has_type(document, "VerifiableCredential") { Outcome::Failed } else { Outcome::NotChecked },
            format!("the document names no {field} (or an {field} that is not a string or an object with an `id`): the keys are bound to nobody"),
        )),
    }
}

/// VCDM 1.1 §4.6: a credential in the v1 data model (`credentials/v1` first) must have an `issuanceDate`.
fn vcdm11_issuance_date(document: &Value, presentation: bool) -> Option<Check> {
    let first = match document.get("@context")? {
        Value::Array(items) => items.first()?.as_str()?,
        Value::String(s) => s.as_str(),
        _ => return None,
    };
    if presentation || first != "https://www.w3.org/2018/credentials/v1" {
        return None;
    }
    match document.get("issuanceDate") {
        Some(_) => None,
        None => Some(Check::new(
            "data model",
            Outcome::Failed,
            "a VCDM 1.1 credential (credentials/v1) without issuanceDate, which VCDM 1.1 §4.6 requires",
        )),
    }
}

/// A presentation, and not also a credential: a document typed as both is held to a credential's rules (its
/// issuer bound, `assertionMethod`), or a holder could sign in the issuer's name.
fn is_presentation(document: &Value) -> bool {
    verifier::proof_purpose(document) == "authentication"
}

fn has_type(document: &Value, name: &str) -> bool {
    match document.get("type") {
        Some(Value::String(t)) => t == name,
        Some(Value::Array(types)) => types.iter().any(|t| t.as_str() == Some(name)),
        _ => false,
    }
}

/// What checks a proof's signature: a Data Integrity cryptosuite or a legacy Linked Data Signature suite.
#[derive(Clone, Copy)]
enum Suite {
    DataIntegrity(Cryptosuite),
    Legacy(LegacySuite),
}

/// What checking one proof concluded: its outcome and line, and for a proof whose key was resolved, where the key
/// came from and who signed.
struct Checked {
    outcome: Outcome,
    detail: String,
    trust: Option<Trust>,
    signer: Option<Signer>,
}

/// One proof: type and cryptosuite, proof purpose, `created` / `expires`, the key, then the signature.
fn proof_check(
    proof: &Map<String, Value>,
    unsecured: &Map<String, Value>,
    purpose: &str,
    options: &Options,
) -> Checked {
    let mut key = None;
    let (outcome, detail) = check_proof(proof, unsecured, purpose, options, &mut key);
    let (trust, signer) = key.unzip();
    Checked {
        outcome,
        detail,
        trust,
        signer,
    }
}

/// [`proof_check`]'s steps; `key` gets where the key came from and the signer once it is resolved.
fn check_proof(
    proof: &Map<String, Value>,
    unsecured: &Map<String, Value>,
    purpose: &str,
    options: &Options,
    key: &mut Option<(Trust, Signer)>,
) -> (Outcome, String) {
    let text = |name: &str| proof.get(name).and_then(Value::as_str);
    // Said as what they are: a present member of the wrong type is not "missing".
    for field in ["type", "cryptosuite", "proofPurpose", "proofValue", "jws"] {
        if let Some(value) = proof.get(field).filter(|v| !v.is_string()) {
            return (
                Outcome::Failed,
                format!(
                    "the proof's `{field}` is {}, not a string (VC Data Integrity §2.1)",
                    crate::document::type_name(value)
                ),
            );
        }
    }
    let proof_type = text("type").unwrap_or("(none)");
    let (suite, draft) = match LegacySuite::from_type(proof_type) {
        Some(legacy) => (Suite::Legacy(legacy), None),
        None if proof_type != "DataIntegrityProof" => {
            let why = legacy::UNSUPPORTED
                .iter()
                .find(|(t, _)| *t == proof_type)
                .map_or(String::new(), |(_, why)| format!(": {why}"));
            return (
                Outcome::Unsupported,
                format!("unsupported proof type {proof_type}{why}"),
            );
        }
        None => {
            let name = text("cryptosuite").unwrap_or("(none)");
            let draft = DRAFT_NAMES
                .iter()
                .find(|(n, _)| *n == name)
                .map(|(_, s)| *s);
            let Some(suite) = Cryptosuite::from_name(name).or(draft) else {
                if let Some(why) = crate::integrity::cryptosuite::unsupported_suite(name) {
                    return (Outcome::Unsupported, format!("cryptosuite {why}"));
                }
                return (
                    Outcome::Unsupported,
                    format!(
                        "unsupported cryptosuite `{name}` (not one of {})",
                        crate::integrity::cryptosuite::SUITES
                            .map(|s| s.name)
                            .join(", ")
                    ),
                );
            };
            (Suite::DataIntegrity(suite), draft)
        }
    };
    let name = text("cryptosuite").unwrap_or("(none)");
    if text("proofPurpose") != Some(purpose) {
        return (
            Outcome::Failed,
            format!(
                "proofPurpose is {}, expected {purpose}",
                text("proofPurpose").unwrap_or("missing")
            ),
        );
    }
    // --challenge / --domain bind a presentation's authentication proof to this verifier, not the credentials
    // inside it (VC Data Integrity §2.1.1: they are set by the verifier that asks for the presentation).
    for (option, given) in [
        ("challenge", &options.settings.challenge),
        ("domain", &options.settings.domain),
    ] {
        if let Some(want) = given.as_ref().filter(|_| purpose == "authentication") {
            if text(option) != Some(want.as_str()) {
                return (
                    Outcome::Failed,
                    format!("the proof's {option} is not {want}"),
                );
            }
        }
    }
    // VC Data Integrity §2.1: these are strings (`domain` also a list of strings) when present, whoever set them.
    for field in ["challenge", "nonce", "id"] {
        if proof.get(field).is_some_and(|v| !v.is_string()) {
            return (
                Outcome::Failed,
                format!("the proof's `{field}` is not a string (VC Data Integrity §2.1)"),
            );
        }
    }
    if let Some(domain) = proof.get("domain") {
        let strings = match domain {
            Value::String(_) => true,
            Value::Array(items) => !items.is_empty() && items.iter().all(Value::is_string),
            _ => false,
        };
        if !strings {
            return (
                Outcome::Failed,
                "the proof's `domain` is not a string or a list of strings (VC Data Integrity §2.1)".into(),
            );
        }
    }
    for field in ["created", "expires"] {
        if let Some(value) = proof.get(field) {
            match value.as_str() {
                Some(t) if is_xsd_date_time(t) => {}
                _ => {
                    return (
                        Outcome::Failed,
                        format!("`{field}` {value} is not an xsd:dateTime"),
                    )
                }
            }
        }
    }
    if let Some(expires) = text("expires").and_then(unix) {
        if expires < options.settings.at_unix {
            return (
                Outcome::Failed,
                format!("the proof expired at {}", text("expires").unwrap_or("")),
            );
        }
    }
    if let (Suite::DataIntegrity(s), Some(value)) = (suite, text("proofValue")) {
        let (base, section) = match s.spec().algorithm {
            ProofAlgorithm::EcdsaSelectiveDisclosure => {
                (proof_value::parse_base(value).is_ok(), "VC DI ECDSA §3.6.7")
            }
            ProofAlgorithm::BbsSelectiveDisclosure => (
                crate::integrity::bbs::proof_value::parse_base(value).is_ok(),
                "VC DI BBS §3.4.7",
            ),
            ProofAlgorithm::SignHashData => (false, ""),
        };
        if base {
            return (
                Outcome::Unsupported,
                format!(
                    "{} {} base proof: only its holder can derive a presentation from it; verifiers verify \
                     derived proofs ({section})",
                    if s.name().starts_with('e') { "an" } else { "a" },
                    s.name()
                ),
            );
        }
    }
    let method = match proof.get("verificationMethod") {
        Some(Value::String(m)) => m.as_str(),
        Some(Value::Object(m)) => m.get("id").and_then(Value::as_str).unwrap_or(""),
        _ => {
            return (
                Outcome::Failed,
                "the proof has no verificationMethod".into(),
            )
        }
    };
    let (public, origin) = match keys::find(&options.keys, method) {
        // VC Data Integrity §4.4 (Verify Proof): the method must be one the controller document lists under the
        // proof's purpose.
        Some(k)
            if k.relationships
                .as_ref()
                .is_some_and(|listed| !listed.iter().any(|r| r == purpose)) =>
        {
            return (
                Outcome::Failed,
                format!(
                    "{} does not list {method} under {purpose} (it lists it under {})",
                    k.origin,
                    match k.relationships.as_deref().unwrap_or_default() {
                        [] => "no verification relationship".to_string(),
                        listed => listed.join(", "),
                    }
                ),
            )
        }
        Some(k) => {
            *key = Some((Trust::Given, Signer::given(k, method)));
            (k.public.clone(), format!("key from {}", k.origin))
        }
        None => match keys::self_certifying(method, &options.session.settings().input_limits) {
            Some(Ok((public, did))) => {
                *key = Some((Trust::SelfCertifying, Signer::of_method(method, None)));
                let scheme = did.split(':').take(2).collect::<Vec<_>>().join(":");
                (public, format!("{scheme}, resolved offline"))
            }
            Some(Err(e)) => return (Outcome::Failed, e.into_reason()),
            None => {
                return (
                    Outcome::Unsupported,
                    format!("cannot resolve offline: {method}; pass --key"),
                )
            }
        },
    };
    let public = Some(&public);
    let (result, label) = match suite {
        Suite::DataIntegrity(suite) => (
            suites::verify_proof_as(suite, unsecured, proof, public, options.session),
            suite.name(),
        ),
        Suite::Legacy(legacy) => (
            legacy::verify_proof(legacy, unsecured, proof, public, options.session),
            legacy.name(),
        ),
    };
    let key = origin;
    match (result, draft.is_some()) {
        (Ok(v), false) if v.verified => (
            Outcome::Verified,
            format!("{label} signature verified ({key})"),
        ),
        (Ok(v), true) if v.verified => (
            Outcome::Verified,
            format!(
                "{label} signature verified ({key}); the proof names it `{name}`, a draft or misspelt name"
            ),
        ),
        (Ok(v), true) => (
            Outcome::Unsupported,
            format!(
                "unsupported cryptosuite `{name}`: a draft or misspelt name, and the proof does not verify as {label} ({})",
                v.reason.unwrap_or_default()
            ),
        ),
        (Ok(v), false) => (
            Outcome::Failed,
            v.reason.unwrap_or_else(|| "the proof does not verify".into()),
        ),
        (Err(e), _) => (Outcome::Failed, e.to_string()),
    }
}

/// The validity period at `at` (VCDM 2.0 §4.9 `validFrom` / `validUntil`, VCDM 1.1 `expirationDate`).
pub(super) fn validity(document: &Value, at: At) -> Check {
    let mut bounds = Vec::new();
    for (field, later) in [
        ("validFrom", false),
        ("issuanceDate", false),
        ("validUntil", true),
        ("expirationDate", true),
    ] {
        let Some(value) = document.get(field) else {
            continue;
        };
        let Some(when) = value
            .as_str()
            .filter(|t| is_xsd_date_time(t))
            .and_then(unix)
        else {
            return Check::new(
                "validity",
                Outcome::Failed,
                format!("`{field}` {value} is not an xsd:dateTime"),
            );
        };
        if (later && when < at.unix) || (!later && when > at.unix) {
            let what = if later { "expired" } else { "not yet valid" };
            return Check::new(
                "validity",
                Outcome::Failed,
                format!("{what} {} ({field} {value})", at.words()),
            );
        }
        bounds.push(format!("{field} {}", value.as_str().unwrap_or("")));
    }
    if bounds.is_empty() {
        Check::new("validity", Outcome::NotChecked, "no validity period")
    } else {
        Check::new(
            "validity",
            Outcome::Verified,
            format!("valid {} ({})", at.words(), bounds.join(", ")),
        )
    }
}

/// Unix seconds of an xsd:dateTime (a missing time zone is read as UTC).
pub(crate) fn unix(text: &str) -> Option<i64> {
    chrono::DateTime::parse_from_rfc3339(text)
        .or_else(|_| chrono::DateTime::parse_from_rfc3339(&format!("{text}Z")))
        .ok()
        .map(|t| t.timestamp())
}
