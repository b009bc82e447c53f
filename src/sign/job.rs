//! `canonprof sign CREDENTIAL --key FILE …` from a checked plan to the signed text: read the key and the credential
//! (within the input limits), then add a Data Integrity proof or issue an SD-JWT VC or an mdoc; and `sign
//! --generate-key`.

use super::key_file;
use crate::canon::Session;
use crate::document::Limits;
use crate::error::{Error, ErrorKind, Result};
use crate::integrity::suites::Cryptosuite;
use crate::keys::SignatureAlgorithm;
use std::path::{Path, PathBuf};

/// What to write.
#[derive(Debug, Clone)]
pub(crate) enum Target {
    /// The credential with a Data Integrity proof of `suite` (a proof set when it has one already).
    Proof {
        /// The cryptosuite.
        suite: Cryptosuite,
        /// `--verification-method` (default: the key file's `kid` / `id`, else the key's did:key).
        verification_method: Option<String>,
        /// ecdsa-sd-2023's mandatory JSON pointers.
        mandatory: Vec<String>,
    },
    /// An SD-JWT VC of the subject claims.
    SdJwt {
        /// `--holder-key`: the public key file for `cnf` (default: the issuer's own key).
        holder_key: Option<PathBuf>,
        /// `--vct`.
        vct: Option<String>,
    },
    /// An mdoc DeviceResponse (hex CBOR) of the subject claims.
    Mdoc {
        /// `--certificate-out`: where the self-signed DS certificate goes (PEM).
        certificate_out: Option<PathBuf>,
    },
}

/// What `sign` was asked, its options checked.
pub(crate) struct Plan {
    /// The credential to sign.
    pub credential: PathBuf,
    /// The secret key file.
    pub key: PathBuf,
    /// What to write.
    pub target: Target,
    /// The proof's `created` or the SD-JWT's / mdoc's issuance time (RFC 3339, checked).
    pub created: String,
    /// `--seed`.
    pub seed: Option<u64>,
    /// The contexts and expansion engine of the RDFC-1.0 cryptosuites.
    pub session: Session,
}

/// The signed result.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Signed {
    /// The text to write (ends in a newline).
    pub text: String,
    /// A line for the user about what to do with it.
    pub note: Option<String>,
}

/// Signs as `plan` says. Errors: the key or credential cannot be read or used (the suite must fit the key, the
/// verification method must name it), the signing itself.
pub(crate) fn run(plan: &Plan) -> Result<Signed> {
    let limits = &plan.session.settings().input_limits;
    let key = key_file::read(&plan.key, limits)?;
    if let Target::Proof { suite, .. } = &plan.target {
        super::check_key_fits(*suite, &key.key)?;
    }
    let document = limits.read_document(&plan.credential)?;
    document.check_json(limits)?;
    let value: serde_json::Value = serde_json::from_str(&document.text)
        .map_err(|e| crate::document::json_error(&document.label, e))?;
    let in_file = |e: Error| e.within(&document.label);
    let (suite, verification_method, mandatory) = match &plan.target {
        Target::Proof {
            suite,
            verification_method,
            mandatory,
        } => (*suite, verification_method, mandatory),
        target => return issue(plan, target, &key.key, &document.label, &value),
    };
    let verification_method = verification_method
        .clone()
        .or(key.id.clone())
        .unwrap_or_else(|| super::did_key_method(&key.key));
    key_file::named_key_is(&verification_method, &key.key, limits)
        .map_err(|e| usage(format!("--verification-method {}", e.reason())))?;
    let request = super::ProofRequest {
        suite,
        key: &key.key,
        verification_method,
        created: plan.created.clone(),
        mandatory_pointers: mandatory.clone(),
        seed: plan.seed,
    };
    let secured = super::add_proof(&value, &request, &plan.session).map_err(in_file)?;
    let mut text = serde_json::to_string_pretty(&secured)
        .map_err(|e| Error::new(ErrorKind::Internal, e.to_string()).caused_by(e))?;
    text.push('\n');
    Ok(Signed { text, note: None })
}

/// Issues the credential's subject claims as an SD-JWT VC or an mdoc (writing the mdoc's certificate where asked).
fn issue(
    plan: &Plan,
    target: &Target,
    key: &crate::keys::SecretKey,
    label: &str,
    value: &serde_json::Value,
) -> Result<Signed> {
    let in_file = |e: Error| e.within(label);
    let issued_at = chrono::DateTime::parse_from_rfc3339(&plan.created)
        .map_err(|e| usage(format!("--created: {e}")))?
        .timestamp();
    let (holder_key, vct) = match target {
        Target::SdJwt { holder_key, vct } => (holder_key.as_deref(), vct.clone()),
        _ => (None, None),
    };
    let request = super::IssueRequest {
        key,
        holder_jwk: holder_jwk(holder_key, &plan.session.settings().input_limits)?,
        issued_at,
        vct,
        seed: plan.seed,
    };
    let Target::Mdoc { certificate_out } = target else {
        let text = format!(
            "{}\n",
            super::issue_sd_jwt(value, &request).map_err(in_file)?
        );
        return Ok(Signed { text, note: None });
    };
    let issued = super::issue_mdoc(value, &request).map_err(in_file)?;
    if let Some(path) = certificate_out {
        crate::export::write_atomically(path, &crate::interop::issue::pem(&issued.certificate))?;
    }
    Ok(Signed {
        text: format!("{}\n", hex::encode(&issued.device_response)),
        note: Some(format!(
            "check it with `canonprof verify --trust-anchor CERT --session-transcript {}`",
            hex::encode(&issued.session_transcript)
        )),
    })
}

/// `--holder-key`: the one public key in the file, as a JWK.
fn holder_jwk(path: Option<&Path>, limits: &Limits) -> Result<Option<serde_json::Value>> {
    let Some(path) = path else {
        return Ok(None);
    };
    let label = path.display().to_string();
    let text = key_file::read_text(path)?;
    match crate::verify::keys::parse(&label, &text, limits)?.as_slice() {
        [only] => Ok(Some(only.jwk.clone())),
        keys => Err(usage(format!(
            "--holder-key {label} holds {} keys; give a file with one",
            keys.len()
        ))),
    }
}

/// `--generate-key`: a private JWK of `algorithm` into `out` (mode 0600, never over an existing file); returns
/// the line that says what was written.
pub(crate) fn generate_key(
    algorithm: SignatureAlgorithm,
    out: &Path,
    seed: Option<u64>,
) -> Result<String> {
    let key = key_file::generate(algorithm, seed)?;
    let jwk = key_file::to_private_jwk(&key);
    let text = serde_json::to_string_pretty(&jwk)
        .map_err(|e| Error::new(ErrorKind::Internal, e.to_string()).caused_by(e))?;
    key_file::write_secret(out, &format!("{text}\n"))?;
    Ok(format!(
        "wrote {} key {} ({})",
        algorithm.name(),
        out.display(),
        super::did_key_method(&key)
    ))
}

fn usage(message: impl Into<String>) -> Error {
    Error::new(ErrorKind::Usage, message)
}
