//! canonprof as producer: every artifact of an interop directory ([`super::Manifest`]), from the bundled
//! credentials and keys drawn from a seed (so two runs write the same keys; ECDSA signatures are RFC 6979
//! deterministic, Ed25519's are deterministic by design, SD-JWT salts and mdoc randoms come from the seeded RNG;
//! ML-DSA-44 and SLH-DSA sign deterministically; FALCON-512 does not: PQClean draws its nonces from the operating
//! system, see [`reproducible`]).

use super::{tamper, Artifact, Expect, KeyBindingSpec, Manifest};
use crate::canon::{Session, Settings};
use crate::corpus::BUNDLED;
use crate::error::{Error, ErrorKind, Result};
use crate::exchange::disclosure::{self, disclosed_attributes, subject_attributes};
use crate::exchange::mdoc::MdocLeg;
use crate::exchange::sd_jwt::SdJwtLeg;
use crate::exchange::Uncanonicalized;
use crate::integrity::bbs;
use crate::integrity::ecdsa_sd::{self, BaseOptions};
use crate::integrity::multikey::did_key;
use crate::integrity::suites::{self, Cryptosuite};
use crate::keys::{Backend, SecretKey, SignatureAlgorithm};
use crate::mdoc::MDL_DOC_TYPE;
use base64ct::{Base64, Encoding};
use serde_json::Value;
use std::path::Path;

/// The credential SD-JWT VC and mdoc are issued from (the exchange's).
const REFERENCE: &str = "person-20";

/// The credentials every Data Integrity suite and curve signs: the exchange's, and the corpus credentials with
/// the most blank nodes (ob3-full: 40, clr2: 3), where a labeling that differs from the peers' shows.
pub const MATRIX_CREDENTIALS: [&str; 3] = [REFERENCE, "ob3-full", "clr2"];

/// The re-signing cryptosuites with their key algorithms, as the interop run issues them on each of
/// [`MATRIX_CREDENTIALS`] (ecdsa-sd-2023, P-256 only, is issued apart as a derived proof).
pub const SUITES: [(Cryptosuite, SignatureAlgorithm); 6] = [
    (Cryptosuite::EddsaRdfc2022, SignatureAlgorithm::Ed25519),
    (Cryptosuite::EddsaJcs2022, SignatureAlgorithm::Ed25519),
    (Cryptosuite::EcdsaRdfc2019, SignatureAlgorithm::P256),
    (Cryptosuite::EcdsaRdfc2019, SignatureAlgorithm::P384),
    (Cryptosuite::EcdsaJcs2019, SignatureAlgorithm::P256),
    (Cryptosuite::EcdsaJcs2019, SignatureAlgorithm::P384),
];

/// The post-quantum suites, issued on person-20 only after every other artifact (so that the manifest's
/// earlier entries keep their order), each with its key algorithm as the artifact's `alg`.
pub const POST_QUANTUM_SUITES: [Cryptosuite; 6] = Cryptosuite::POST_QUANTUM;

/// Whether issuing `artifact` again from the same seed writes the same bytes: every artifact but the FALCON-512
/// ones, whose signatures carry a nonce PQClean draws from the operating system (`pqcrypto-falcon`), and the
/// bbs-2023 derived proofs, whose BBS proofs are randomized with the operating system's RNG (zkryptium's
/// ProofGen; that is what makes them unlinkable). bbs-2023 base proofs are reproducible (BBS Sign is
/// deterministic, the HMAC key comes from the seed).
pub fn reproducible(artifact: &super::Artifact) -> bool {
    let suite = artifact.cryptosuite.as_deref().unwrap_or("");
    !(suite.starts_with("falcon512")
        || (suite == Cryptosuite::Bbs2023.name() && artifact.kind.as_deref() == Some("derived")))
}

/// Writes every artifact, each followed by its tampered twin, and `manifest.json` (last) into `dir` (created
/// if missing); keys from `seed`. Returns the manifest. Errors: [`ErrorKind::Io`] naming the file, and whatever
/// issuing reports.
pub fn issue(dir: &Path, seed: u64) -> Result<Manifest> {
    std::fs::create_dir_all(dir).map_err(|e| io(dir, e))?;
    let session = Session::bundled(Settings::default());
    let mut out = Writer {
        dir,
        artifacts: Vec::new(),
    };
    let reference = credential(REFERENCE)?;
    for name in MATRIX_CREDENTIALS {
        let document = credential(name)?;
        for (suite, alg) in SUITES {
            let curve = (!suite.is_eddsa()).then(|| curve_name(alg).to_string());
            let artifact = match &curve {
                Some(c) => format!("vcdm-{}-{}-{name}", suite.name(), c.to_lowercase()),
                None => format!("vcdm-{}-{name}", suite.name()),
            };
            let secured = secure(suite, alg, &document, &session, seed)?;
            out.vcdm(&artifact, suite, curve, "credential", name, &secured)?;
        }
        // ecdsa-sd-2023: the holder's derived proof, disclosing the first 5 subject attributes.
        let derived = derive_sd(&document, &session, seed)?;
        out.vcdm(
            &format!("vcdm-ecdsa-sd-2023-derived-{name}"),
            Cryptosuite::EcdsaSd2023,
            Some("P-256".into()),
            "derived",
            name,
            &derived,
        )?;
    }
    // eddsa-rdfc-2022 on every other bundled credential.
    for (_, name, _) in BUNDLED
        .iter()
        .filter(|(_, n, _)| !MATRIX_CREDENTIALS.contains(n))
    {
        let secured = secure(
            Cryptosuite::EddsaRdfc2022,
            SignatureAlgorithm::Ed25519,
            &credential(name)?,
            &session,
            seed,
        )?;
        out.vcdm(
            &format!("vcdm-eddsa-rdfc-2022-{name}"),
            Cryptosuite::EddsaRdfc2022,
            None,
            "credential",
            name,
            &secured,
        )?;
    }
    let attributes = subject_attributes(&reference)?;
    let disclosed = disclosed_attributes(&reference)?;
    for alg in [SignatureAlgorithm::P256, SignatureAlgorithm::Ed25519] {
        let leg = SdJwtLeg::new(&attributes, &disclosed, alg, seed, Backend::RustCrypto)?;
        let jose = if alg == SignatureAlgorithm::P256 {
            "es256"
        } else {
            "eddsa"
        };
        let expected = leg.key_binding_expected();
        let binding = KeyBindingSpec {
            nonce: expected.nonce.into(),
            aud: expected.aud.into(),
        };
        let issuer_jwk = leg.issuer_jwk().clone();
        for (suffix, text, binding) in [
            ("-kb", leg.presented().clone(), Some(binding)),
            ("", leg.present_unbound()?, None),
        ] {
            let template = Artifact {
                alg: Some(alg_name(alg).into()),
                issuer_jwk: Some(issuer_jwk.clone()),
                key_binding: binding,
                disclosed: Some(disclosed.clone()),
                ..artifact(&format!("sd-jwt-{jose}{suffix}"), "sd-jwt", "txt")
            };
            let (tampered, what) = tamper::sd_jwt(&text)?;
            out.pair(template, text.as_bytes(), tampered.as_bytes(), what)?;
        }
    }
    for alg in [SignatureAlgorithm::P256, SignatureAlgorithm::Ed25519] {
        let leg = MdocLeg::new(&attributes, &disclosed, alg, seed, Backend::RustCrypto)?;
        let name = format!(
            "mdoc-{}",
            if alg == SignatureAlgorithm::P256 {
                "es256"
            } else {
                "eddsa"
            }
        );
        let anchor = format!("{name}.iaca.pem");
        out.write(&anchor, pem(leg.trust_anchor()).as_bytes())?;
        let template = Artifact {
            alg: Some(alg_name(alg).into()),
            disclosed: Some(disclosed.clone()),
            trust_anchor: Some(anchor),
            session_transcript_hex: Some(hex::encode(crate::mdoc::cbor::encode(
                leg.session_transcript(),
            ))),
            doc_type: Some(MDL_DOC_TYPE.into()),
            now: Some("2026-06-01T00:00:00Z".into()),
            ..artifact(&name, "mdoc", "cbor")
        };
        let (tampered, what) = tamper::mdoc(leg.presented())?;
        out.pair(template, leg.presented(), &tampered, what)?;
    }
    // The post-quantum suites on the reference credential, last (the manifest's earlier entries keep their order).
    for suite in POST_QUANTUM_SUITES {
        let alg = suite.key_algorithm(false);
        let secured = secure(suite, alg, &reference, &session, seed)?;
        let name = format!("vcdm-{}-{REFERENCE}", suite.name());
        let before = out.artifacts.len();
        out.vcdm(&name, suite, None, "credential", REFERENCE, &secured)?;
        for artifact in &mut out.artifacts[before..] {
            artifact.alg = Some(alg_name(alg).into());
        }
    }
    // bbs-2023 on the reference credential: the base proof (a verifier derives from it) and a derived proof.
    out.bbs(&reference, &session, seed)?;
    let manifest = Manifest {
        producer: super::implementation(),
        artifacts: std::mem::take(&mut out.artifacts),
    };
    let text = serde_json::to_string_pretty(&manifest)
        .map_err(|e| Error::new(ErrorKind::Internal, e.to_string()).caused_by(e))?;
    out.write("manifest.json", text.as_bytes())?;
    Ok(manifest)
}

/// A bundled credential's document. Errors: [`ErrorKind::Internal`] for a name that is not bundled.
fn credential(name: &str) -> Result<Value> {
    let (_, _, text) = BUNDLED
        .iter()
        .find(|(_, n, _)| *n == name)
        .ok_or_else(|| Error::new(ErrorKind::Internal, format!("no bundled credential {name}")))?;
    serde_json::from_str(text).map_err(|e| {
        Error::new(ErrorKind::Json, e.to_string())
            .caused_by(e)
            .in_source(name)
    })
}

/// An ecdsa-sd-2023 derived proof of `credential` (its issuer a P-256 `did:key` from `seed`; mandatory
/// `/issuer`), disclosing the first 5 subject attributes ([`disclosure::selective_pointers`]).
fn derive_sd(credential: &Value, session: &Session, seed: u64) -> Result<Value> {
    let key = SecretKey::from_seed(SignatureAlgorithm::P256, seed);
    let unsecured = with_did_issuer(&disclosure::unsecured(credential), &key)?;
    let options = proof_options(Cryptosuite::EcdsaSd2023, &key);
    let base = BaseOptions::from_seed(disclosure::mandatory_pointers(&unsecured), seed);
    let (proof, _) = ecdsa_sd::create_base_proof(&unsecured, &options, &key, &base, session)?;
    let secured = suites::secure(&unsecured, proof)?;
    let pointers = disclosure::selective_pointers(&unsecured)?;
    Ok(ecdsa_sd::derive_proof(&secured, &pointers, session)?.0)
}

/// The presentation header of the bbs-2023 derived proof canonprof issues (the verifier's challenge).
pub const BBS_PRESENTATION_HEADER: &[u8] = b"canonprof-interop";

/// `credential` secured by `suite` with a key of `alg` from `seed`, its issuer the key's `did:key`.
fn secure(
    suite: Cryptosuite,
    alg: SignatureAlgorithm,
    credential: &Value,
    session: &Session,
    seed: u64,
) -> Result<Value> {
    let key = SecretKey::from_seed(alg, seed);
    let unsecured = with_did_issuer(&disclosure::unsecured(credential), &key)?;
    let (proof, _) = suites::create_proof(
        suite,
        &unsecured,
        &proof_options(suite, &key),
        &key,
        session,
    )?;
    suites::secure(&unsecured, proof)
}

/// The document with its `issuer` (a string, or an object's `id`) set to `key`'s `did:key`, so that a
/// verifier that checks the verification method's controller against the issuer (VC Data Model §4.7) agrees.
fn with_did_issuer(unsecured: &Value, key: &SecretKey) -> Result<Value> {
    let (did, _) = did_key(&key.public_key());
    let mut copy = unsecured.clone();
    match copy.get_mut("issuer") {
        Some(Value::Object(issuer)) => {
            issuer.insert("id".into(), Value::String(did));
        }
        Some(issuer) => *issuer = Value::String(did),
        None => {
            return Err(Error::new(
                ErrorKind::Credential,
                "the credential has no issuer",
            ))
        }
    }
    Ok(copy)
}

/// The proof options (VC Data Integrity §4.2): `DataIntegrityProof`, the suite, a fixed `created`, the key's
/// `did:key` verification method, `assertionMethod`.
fn proof_options(suite: Cryptosuite, key: &SecretKey) -> Value {
    let (_, method) = did_key(&key.public_key());
    serde_json::json!({
        "type": "DataIntegrityProof",
        "cryptosuite": suite.name(),
        "created": "2026-01-01T00:00:00Z",
        "verificationMethod": method,
        "proofPurpose": "assertionMethod",
    })
}

fn curve_name(alg: SignatureAlgorithm) -> &'static str {
    match alg {
        SignatureAlgorithm::P384 => "P-384",
        _ => "P-256",
    }
}

fn alg_name(alg: SignatureAlgorithm) -> &'static str {
    alg.cli_name()
}

/// A DER certificate as PEM (RFC 7468 §5).
pub(crate) fn pem(der: &[u8]) -> String {
    let body = Base64::encode_string(der);
    let lines: Vec<&str> = body
        .as_bytes()
        .chunks(64)
        .map(|c| std::str::from_utf8(c).unwrap_or(""))
        .collect();
    format!(
        "-----BEGIN CERTIFICATE-----\n{}\n-----END CERTIFICATE-----\n",
        lines.join("\n")
    )
}

/// An artifact with only name, format and file (`<name>.<ext>`) set.
fn artifact(name: &str, format: &str, ext: &str) -> Artifact {
    Artifact {
        name: name.into(),
        format: format.into(),
        file: format!("{name}.{ext}"),
        expect: Expect::Verified,
        tampered: None,
        cryptosuite: None,
        curve: None,
        kind: None,
        mandatory_pointers: None,
        selective_pointers: None,
        credential: None,
        alg: None,
        issuer_jwk: None,
        key_binding: None,
        disclosed: None,
        trust_anchor: None,
        session_transcript_hex: None,
        doc_type: None,
        now: None,
    }
}

fn io(path: &Path, e: std::io::Error) -> Error {
    Error::io(&path.display().to_string(), e)
}

/// Writes files into the directory and collects the manifest entries.
struct Writer<'a> {
    dir: &'a Path,
    artifacts: Vec<Artifact>,
}

impl Writer<'_> {
    fn write(&self, file: &str, bytes: &[u8]) -> Result<()> {
        let path = self.dir.join(file);
        std::fs::write(&path, bytes).map_err(|e| io(&path, e))
    }

    /// The genuine artifact `template` with `genuine`'s bytes, then its tampered twin (`<name>.tampered`).
    fn pair(
        &mut self,
        template: Artifact,
        genuine: &[u8],
        tampered: &[u8],
        what: String,
    ) -> Result<()> {
        let (stem, ext) = template
            .file
            .rsplit_once('.')
            .unwrap_or((&template.file, "bin"));
        let twin = Artifact {
            name: format!("{}.tampered", template.name),
            file: format!("{stem}.tampered.{ext}"),
            expect: Expect::Rejected,
            tampered: Some(what),
            ..template.clone()
        };
        self.write(&template.file, genuine)?;
        self.write(&twin.file, tampered)?;
        self.artifacts.push(template);
        self.artifacts.push(twin);
        Ok(())
    }

    /// bbs-2023 on `credential` (its issuer a BLS12-381 G2 `did:key` from `seed`; mandatory `/issuer`): the
    /// base proof, with the pointers a verifier derives with, and a derived proof disclosing the first 5 subject
    /// attributes ([`disclosure::selective_pointers`]) under [`BBS_PRESENTATION_HEADER`]; each with its twin.
    fn bbs(&mut self, credential: &Value, session: &Session, seed: u64) -> Result<()> {
        let suite = Cryptosuite::Bbs2023;
        let alg = SignatureAlgorithm::Bls12381G2;
        let key = SecretKey::from_seed(alg, seed);
        let unsecured = with_did_issuer(&disclosure::unsecured(credential), &key)?;
        let mandatory = disclosure::mandatory_pointers(&unsecured);
        let selective = disclosure::selective_pointers(&unsecured)?;
        let base = bbs::BaseOptions::from_seed(mandatory.clone(), seed);
        let options = proof_options(suite, &key);
        let (proof, _) = bbs::create_base_proof(&unsecured, &options, &key, &base, session)?;
        let secured = suites::secure(&unsecured, proof)?;
        let (derived, _) =
            bbs::derive_proof(&secured, &selective, BBS_PRESENTATION_HEADER, session)?;
        let before = self.artifacts.len();
        self.vcdm(
            &format!("vcdm-{}-base-{REFERENCE}", suite.name()),
            suite,
            None,
            "base",
            REFERENCE,
            &secured,
        )?;
        for artifact in &mut self.artifacts[before..] {
            artifact.mandatory_pointers = Some(mandatory.clone());
            artifact.selective_pointers = Some(selective.clone());
        }
        self.vcdm(
            &format!("vcdm-{}-derived-{REFERENCE}", suite.name()),
            suite,
            None,
            "derived",
            REFERENCE,
            &derived,
        )?;
        for artifact in &mut self.artifacts[before..] {
            artifact.alg = Some(alg_name(alg).into());
        }
        Ok(())
    }

    fn vcdm(
        &mut self,
        name: &str,
        suite: Cryptosuite,
        curve: Option<String>,
        kind: &str,
        credential: &str,
        secured: &Value,
    ) -> Result<()> {
        let template = Artifact {
            cryptosuite: Some(suite.name().into()),
            curve,
            kind: Some(kind.into()),
            credential: Some(credential.into()),
            ..artifact(name, "vcdm", "json")
        };
        let (tampered, what) = tamper::credential(secured)?;
        let text = |v: &Value| {
            serde_json::to_vec_pretty(v)
                .map_err(|e| Error::new(ErrorKind::Internal, e.to_string()).caused_by(e))
        };
        self.pair(template, &text(secured)?, &text(&tampered)?, what)
    }
}
