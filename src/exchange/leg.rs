//! One cryptosuite's VCDM exchange on one credential, prepared once and run operation by operation: the keys
//! (seeded RNG), the proof options and the document each operation takes. Re-signing suites present the
//! disclosed subset signed by the holder (the study's method); ecdsa-sd-2023 and bbs-2023 present by deriving a
//! proof from the issuer's base proof (bbs-2023's bound to a presentation header, a fresh BBS proof each time).

use super::disclosure::{disclose, mandatory_pointers, selective_pointers};
use super::{Exchange, Operation};
use crate::canon::{Engine, Session};
use crate::error::{Error, ErrorKind, Result};
use crate::integrity::bbs;
use crate::integrity::ecdsa_sd::{self, BaseOptions};
use crate::integrity::suites::{self, Cryptosuite};
use crate::keys::{Backend, PublicKey, SecretKey};
use crate::results::exchange::{BBS_LIBRARY, VCDM_PREFIX};
use serde_json::Value;

/// How the holder presents.
enum Presentation {
    /// Sign the disclosed subset with the holder's key.
    Resign {
        subset: Value,
        holder: SecretKey,
        options: Value,
    },
    /// Derive an ecdsa-sd-2023 proof for the selective pointers from the issuer's base proof.
    Derive {
        base: BaseOptions,
        secured: Value,
        selective: Vec<String>,
    },
    /// Derive a bbs-2023 proof for the selective pointers from the issuer's base proof, bound to
    /// [`PRESENTATION_HEADER`].
    DeriveBbs {
        base: bbs::BaseOptions,
        secured: Value,
        selective: Vec<String>,
    },
}

/// The presentation header a bbs-2023 holder binds its derived proof to (the verifier's challenge).
const PRESENTATION_HEADER: &[u8] = b"canonprof-exchange";

/// A prepared exchange (see the module doc).
pub struct Leg<'a> {
    suite: Cryptosuite,
    session: &'a Session,
    unsecured: Value,
    issuer: SecretKey,
    issuer_options: Value,
    presentation: Presentation,
    /// What the holder presents (made once when preparing).
    pub presented: Value,
    /// Bytes of the issued credential, secured (made once when preparing).
    issued_bytes: usize,
    verifier: PublicKey,
    /// Whether [`Exchange::format`] names the expansion engine (when legs of both engines share a table).
    engine_named: bool,
    /// The signature backend of every key.
    backend: Backend,
}

fn options(suite: Cryptosuite, verification_method: &str) -> Value {
    serde_json::json!({
        "type": "DataIntegrityProof",
        "cryptosuite": suite.name(),
        "created": "2026-01-01T00:00:00Z",
        "verificationMethod": verification_method,
        "proofPurpose": "assertionMethod",
    })
}

impl<'a> Leg<'a> {
    /// Prepares `suite`'s exchange of `unsecured` (P-384 keys for the re-signing ECDSA suites when `p384`):
    /// keys from `seed`, every signature (ecdsa-sd-2023's per-statement ones with its proof-scoped key too)
    /// made and checked through `backend`, and the presented credential, made once. Errors: whatever issuing or
    /// presenting reports (e.g. no `credentialSubject`).
    pub fn new(
        suite: Cryptosuite,
        p384: bool,
        unsecured: Value,
        session: &'a Session,
        seed: u64,
        backend: Backend,
    ) -> Result<Leg<'a>> {
        let algorithm = suite.key_algorithm(p384);
        let issuer = SecretKey::from_seed(algorithm, seed).with_backend(backend)?;
        let issuer_options = options(suite, "did:example:issuer#key-1");
        let presentation = if suite == Cryptosuite::Bbs2023 {
            let base = bbs::BaseOptions::from_seed(mandatory_pointers(&unsecured), seed);
            let (proof, _) =
                bbs::create_base_proof(&unsecured, &issuer_options, &issuer, &base, session)?;
            Presentation::DeriveBbs {
                secured: suites::secure(&unsecured, proof)?,
                selective: selective_pointers(&unsecured)?,
                base,
            }
        } else if suite.is_selective() {
            let mut base = BaseOptions::from_seed(mandatory_pointers(&unsecured), seed);
            base.proof_key = base.proof_key.with_backend(backend)?;
            let (proof, _) =
                ecdsa_sd::create_base_proof(&unsecured, &issuer_options, &issuer, &base, session)?;
            Presentation::Derive {
                secured: suites::secure(&unsecured, proof)?,
                selective: selective_pointers(&unsecured)?,
                base,
            }
        } else {
            Presentation::Resign {
                subset: disclose(&unsecured)?,
                holder: SecretKey::from_seed(algorithm, seed.wrapping_add(1))
                    .with_backend(backend)?,
                options: options(suite, "did:example:holder#key-1"),
            }
        };
        let verifier = match &presentation {
            Presentation::Resign { holder, .. } => holder.public_key(),
            Presentation::Derive { .. } | Presentation::DeriveBbs { .. } => issuer.public_key(),
        };
        let mut leg = Leg {
            suite,
            session,
            unsecured,
            issuer,
            issuer_options,
            presentation,
            presented: Value::Null,
            issued_bytes: 0,
            verifier,
            engine_named: false,
            backend,
        };
        leg.presented = leg.present()?.0;
        leg.issued_bytes = json_bytes(&leg.issued()?);
        Ok(leg)
    }

    /// The issued credential, secured with the issuer's proof.
    fn issued(&self) -> Result<Value> {
        match &self.presentation {
            Presentation::Derive { secured, .. } | Presentation::DeriveBbs { secured, .. } => {
                Ok(secured.clone())
            }
            Presentation::Resign { .. } => {
                let (proof, _) = suites::create_proof(
                    self.suite,
                    &self.unsecured,
                    &self.issuer_options,
                    &self.issuer,
                    self.session,
                )?;
                suites::secure(&self.unsecured, proof)
            }
        }
    }

    /// Which legs to run: every suite through `sessions[0]`, and the suites that canonicalize with RDFC-1.0
    /// through the session's expansion engine once more through each further session (another engine, `--engine
    /// both`) — the RDFC suites and ecdsa-sd-2023; the JCS suites expand nothing. Yields (suite, which session,
    /// session).
    pub fn plan<'l>(
        suites: &'l [Cryptosuite],
        sessions: &'l [&'a Session],
    ) -> impl Iterator<Item = (Cryptosuite, usize, &'a Session)> + 'l {
        suites.iter().flat_map(move |&suite| {
            sessions
                .iter()
                .enumerate()
                .filter(move |&(i, _)| i == 0 || !suite.is_jcs())
                .map(move |(i, &session)| (suite, i, session))
        })
    }

    /// This leg with its format naming the expansion engine, e.g. `VCDM eddsa-rdfc-2022 (canonprof engine)`.
    pub fn engine_named(mut self) -> Self {
        self.engine_named = true;
        self
    }

    /// The expansion engine of this leg's RDFC-1.0 canonicalizations (`json-ld` or `canonprof`): the session's,
    /// for every suite (ecdsa-sd-2023's skolemization included).
    pub fn engine(&self) -> Engine {
        self.session.engine()
    }

    fn issue(&self) -> Result<usize> {
        let (unsecured, options, session) = (&self.unsecured, &self.issuer_options, self.session);
        match &self.presentation {
            Presentation::Derive { base, .. } => {
                ecdsa_sd::create_base_proof(unsecured, options, &self.issuer, base, session)
                    .map(|(_, i)| i.canonicalizations)
            }
            Presentation::DeriveBbs { base, .. } => {
                bbs::create_base_proof(unsecured, options, &self.issuer, base, session)
                    .map(|(_, i)| i.canonicalizations)
            }
            Presentation::Resign { .. } => {
                suites::create_proof(self.suite, unsecured, options, &self.issuer, session)
                    .map(|(_, i)| i.canonicalizations)
            }
        }
    }

    /// The presented credential and the canonicalizations it took.
    fn present(&self) -> Result<(Value, usize)> {
        match &self.presentation {
            Presentation::Resign {
                subset,
                holder,
                options,
            } => {
                let (proof, i) =
                    suites::create_proof(self.suite, subset, options, holder, self.session)?;
                Ok((suites::secure(subset, proof)?, i.canonicalizations))
            }
            Presentation::Derive {
                secured, selective, ..
            } => ecdsa_sd::derive_proof(secured, selective, self.session)
                .map(|(revealed, d)| (revealed, d.canonicalizations)),
            Presentation::DeriveBbs {
                secured, selective, ..
            } => bbs::derive_proof(secured, selective, PRESENTATION_HEADER, self.session)
                .map(|(revealed, d)| (revealed, d.canonicalizations)),
        }
    }

    fn verify(&self) -> Result<usize> {
        let v = suites::verify_proof(&self.presented, Some(&self.verifier), self.session)?;
        match (v.verified, v.intermediates) {
            (true, Some(i)) => Ok(i.canonicalizations),
            _ => Err(Error::new(
                ErrorKind::Internal,
                format!(
                    "a fresh proof did not verify: {}",
                    v.reason.as_deref().unwrap_or("no intermediate values")
                ),
            )),
        }
    }
}

/// The `proofValue` of `secured`'s proof, decoded from its multibase (`z` base58btc, `u` base64url); `None`
/// without one or in another encoding.
fn proof_value_bytes(secured: &Value) -> Option<Vec<u8>> {
    let value = secured["proof"]["proofValue"].as_str()?;
    match value.chars().next()? {
        'z' => crate::integrity::multikey::decode_base58btc(value).ok(),
        'u' => {
            use base64ct::{Base64UrlUnpadded, Encoding};
            Base64UrlUnpadded::decode_vec(&value[1..]).ok()
        }
        _ => None,
    }
}

/// Bytes of `value` serialized as JSON (as the wire carries it).
fn json_bytes(value: &Value) -> usize {
    serde_json::to_string(value).map_or(0, |s| s.len())
}

impl Exchange for Leg<'_> {
    fn format(&self) -> String {
        if self.engine_named {
            format!(
                "{VCDM_PREFIX}{} ({} engine)",
                self.suite.name(),
                self.engine()
            )
        } else {
            format!("{VCDM_PREFIX}{}", self.suite.name())
        }
    }

    /// Errors: the operation's, and [`ErrorKind::Internal`] if the fresh presentation does not verify.
    fn run(&self, op: Operation) -> Result<usize> {
        match op {
            Operation::Issue => self.issue(),
            Operation::Present => self.present().map(|(_, n)| n),
            Operation::Verify => self.verify(),
        }
    }

    fn presented_bytes(&self) -> usize {
        json_bytes(&self.presented)
    }

    fn issued_bytes(&self) -> usize {
        self.issued_bytes
    }

    /// The presented proof's `proofValue`, decoded from its multibase (`z` base58btc, `u` base64url).
    fn signature_bytes(&self) -> usize {
        proof_value_bytes(&self.presented).map_or(0, |d| d.len())
    }

    /// The presented proof's signatures: ecdsa-sd-2023's base signature, proof-scoped public key and statement
    /// signatures; bbs-2023's BBS proof (its label map, indexes and presentation header are the holder's
    /// choices, not signature bytes); every other suite's proof value.
    fn fresh_signatures(&self) -> Result<Vec<Vec<u8>>> {
        let (presented, _) = self.present()?;
        let proof_value = presented["proof"]["proofValue"].as_str().unwrap_or("");
        Ok(match self.suite {
            Cryptosuite::Bbs2023 => {
                vec![bbs::proof_value::parse_derived(proof_value)?.bbs_proof]
            }
            Cryptosuite::EcdsaSd2023 => {
                let derived = crate::integrity::proof_value::parse_derived(proof_value)?;
                [derived.base_signature, derived.public_key]
                    .into_iter()
                    .chain(derived.signatures)
                    .collect()
            }
            _ => proof_value_bytes(&presented).into_iter().collect(),
        })
    }

    fn engine(&self) -> Option<Engine> {
        (!self.suite.is_jcs()).then(|| Leg::engine(self))
    }

    fn backend(&self) -> Backend {
        self.backend
    }

    fn signature_library(&self) -> &'static str {
        if self.suite == Cryptosuite::Bbs2023 {
            BBS_LIBRARY
        } else {
            self.backend.name()
        }
    }
}
