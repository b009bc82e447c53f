//! `canonprof sign CREDENTIAL --cryptosuite NAME --key FILE`: adds a VC Data Integrity proof ([`crate::sign`])
//! or issues an SD-JWT VC, to stdout or atomically to `--out`; `canonprof sign --generate-key ALG --out FILE`
//! writes a new private JWK (mode 0600).

use super::args::LoaderArgs;
use super::terminal::write_stdout;
use crate::error::{Error, ErrorKind, Result};
use crate::integrity::suites::Cryptosuite;
use crate::keys::SignatureAlgorithm;
use crate::sign::{self, Plan, Target};
use clap::{Args, ValueEnum};
use std::path::PathBuf;

/// `--cryptosuite`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum SuiteArg {
    /// Ed25519, RDFC-1.0 (VC DI EdDSA §3.2).
    #[value(name = "eddsa-rdfc-2022")]
    EddsaRdfc2022,
    /// Ed25519, JCS (VC DI EdDSA §3.3).
    #[value(name = "eddsa-jcs-2022")]
    EddsaJcs2022,
    /// P-256 or P-384, RDFC-1.0 (VC DI ECDSA §3.2).
    #[value(name = "ecdsa-rdfc-2019")]
    EcdsaRdfc2019,
    /// P-256 or P-384, JCS (VC DI ECDSA §3.3).
    #[value(name = "ecdsa-jcs-2019")]
    EcdsaJcs2019,
    /// P-256 selective disclosure: a base proof, for the holder to derive presentations from (VC DI ECDSA §3.6).
    #[value(name = "ecdsa-sd-2023")]
    EcdsaSd2023,
    /// ML-DSA-44, RDFC-1.0 (Quantum-Safe Cryptosuites v0.3 §3.3).
    #[value(name = "mldsa44-rdfc-2024")]
    Mldsa44Rdfc2024,
    /// ML-DSA-44, JCS (§3.3).
    #[value(name = "mldsa44-jcs-2024")]
    Mldsa44Jcs2024,
    /// SLH-DSA-SHA2-128s, RDFC-1.0 (§3.4; signing takes ~0.2 s).
    #[value(name = "slhdsa128-rdfc-2024")]
    Slhdsa128Rdfc2024,
    /// SLH-DSA-SHA2-128s, JCS (§3.4).
    #[value(name = "slhdsa128-jcs-2024")]
    Slhdsa128Jcs2024,
    /// FALCON-512, RDFC-1.0 (§3.5; random nonces: signatures differ run to run).
    #[value(name = "falcon512-rdfc-2024")]
    Falcon512Rdfc2024,
    /// FALCON-512, JCS (§3.5).
    #[value(name = "falcon512-jcs-2024")]
    Falcon512Jcs2024,
    /// BLS12-381 G2 BBS selective disclosure: a base proof, for the holder to derive unlinkable presentations
    /// from (Data Integrity BBS Cryptosuites v1.0).
    #[value(name = "bbs-2023")]
    Bbs2023,
}

impl SuiteArg {
    fn suite(self) -> Cryptosuite {
        match self {
            SuiteArg::EddsaRdfc2022 => Cryptosuite::EddsaRdfc2022,
            SuiteArg::EddsaJcs2022 => Cryptosuite::EddsaJcs2022,
            SuiteArg::EcdsaRdfc2019 => Cryptosuite::EcdsaRdfc2019,
            SuiteArg::EcdsaJcs2019 => Cryptosuite::EcdsaJcs2019,
            SuiteArg::EcdsaSd2023 => Cryptosuite::EcdsaSd2023,
            SuiteArg::Mldsa44Rdfc2024 => Cryptosuite::Mldsa44Rdfc2024,
            SuiteArg::Mldsa44Jcs2024 => Cryptosuite::Mldsa44Jcs2024,
            SuiteArg::Slhdsa128Rdfc2024 => Cryptosuite::Slhdsa128Rdfc2024,
            SuiteArg::Slhdsa128Jcs2024 => Cryptosuite::Slhdsa128Jcs2024,
            SuiteArg::Falcon512Rdfc2024 => Cryptosuite::Falcon512Rdfc2024,
            SuiteArg::Falcon512Jcs2024 => Cryptosuite::Falcon512Jcs2024,
            SuiteArg::Bbs2023 => Cryptosuite::Bbs2023,
        }
    }
}

/// `--format`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum FormatArg {
    /// The credential with a Data Integrity proof (JSON).
    Vcdm,
    /// An SD-JWT VC of the credential's subject claims, each selectively disclosable (compact, every
    /// Disclosure, no Key Binding JWT).
    SdJwt,
    /// An ISO/IEC 18013-5 DeviceResponse (hex CBOR) of the subject claims as mDL data elements, every one
    /// disclosed; P-256 key, which also self-signs the DS certificate and signs as the device.
    Mdoc,
}

/// `--generate-key`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum KeyArg {
    Ed25519,
    P256,
    P384,
    /// ML-DSA-44 (FIPS 204), an AKP JWK (RFC 9964).
    #[value(name = "ml-dsa-44")]
    MlDsa44,
    /// SLH-DSA-SHA2-128s (FIPS 205).
    #[value(name = "slh-dsa-128s")]
    SlhDsa128s,
    /// FALCON-512 (round 3).
    #[value(name = "falcon-512")]
    Falcon512,
    /// BLS12-381 G2 (BBS, for bbs-2023), an `OKP` / `Bls12381G2` JWK.
    #[value(name = "bls12-381-g2")]
    Bls12381G2,
}

/// Adds a VC Data Integrity proof to a credential with a secret key (or issues its subject claims as an SD-JWT
/// VC), or generates a key.
///
/// Keys: a JWK with its private `d`, a Multikey with `secretKeyMultibase`, or PEM (`PRIVATE KEY`, PKCS#8;
/// `EC PRIVATE KEY`, SEC 1; an `AKP` JWK with `priv` for the post-quantum keys). The suite must fit the key:
/// Ed25519 for eddsa-*, P-256 or P-384 for ecdsa-rdfc-2019 and ecdsa-jcs-2019, P-256 for ecdsa-sd-2023,
/// ML-DSA-44 for mldsa44-*, SLH-DSA-SHA2-128s for slhdsa128-*, FALCON-512 for falcon512-*, BLS12-381 G2 for
/// bbs-2023. A credential that already has a proof keeps it:
/// the new proof joins it in a proof set (VC Data Integrity §2.1.2). Without --out the result goes to stdout;
/// with it, the file is replaced atomically.
///
/// `--generate-key ed25519|p256|p384|ml-dsa-44|slh-dsa-128s|falcon-512|bls12-381-g2 --out KEY.jwk` writes a
/// private JWK (`AKP` for the post-quantum keys, RFC 9964; `OKP` / `Bls12381G2` for BLS12-381) whose `kid` is its did:key
/// (`did:key:z…#z…`, the verification method its proofs name by default), mode 0600, never over an existing
/// file; the key comes from --seed N (reproducible: anyone with N has the key, so for tests only) or else from
/// the operating system's RNG.
#[derive(Debug, Args)]
pub(super) struct SignArgs {
    /// The credential (JSON-LD) to sign.
    #[arg(value_name = "CREDENTIAL", required_unless_present = "generate_key")]
    credential: Option<PathBuf>,
    /// The cryptosuite of the proof (--format vcdm).
    #[arg(long, value_enum)]
    cryptosuite: Option<SuiteArg>,
    /// The secret key file: JWK (with `d`), Multikey (`secretKeyMultibase`) or PEM.
    #[arg(
        long,
        value_name = "SECRET_KEY_FILE",
        required_unless_present = "generate_key"
    )]
    key: Option<PathBuf>,
    /// The proof's verificationMethod (default: the key file's `kid` / `id` when it is a URL or DID URL, else
    /// the key's did:key, `did:key:z…#z…`).
    #[arg(long, value_name = "ID")]
    verification_method: Option<String>,
    /// The proof's `created` (RFC 3339; default: now, UTC, in seconds). SD-JWT: its `iat`.
    #[arg(long, value_name = "RFC3339")]
    created: Option<String>,
    /// ecdsa-sd-2023 and bbs-2023: a JSON pointer (RFC 6901) every presentation must disclose (repeatable;
    /// default none).
    #[arg(long = "mandatory", value_name = "POINTER")]
    mandatory: Vec<String>,
    /// What to write: the credential with a Data Integrity proof, or an SD-JWT VC of its subject claims.
    #[arg(long, value_enum, default_value_t = FormatArg::Vcdm)]
    format: FormatArg,
    /// SD-JWT: the holder's public key file (JWK, Multikey, DID document or PEM) for `cnf` (default: the
    /// issuer's own key).
    #[arg(long, value_name = "FILE")]
    holder_key: Option<PathBuf>,
    /// SD-JWT: the `vct` (default: the credential's last `type` other than VerifiableCredential).
    #[arg(long)]
    vct: Option<String>,
    /// mdoc: write the self-signed certificate of the key (PEM), the chain's root for `verify --trust-anchor`.
    #[arg(long, value_name = "PEM")]
    certificate_out: Option<PathBuf>,
    /// Write the result here (atomically) instead of stdout; with --generate-key, the key file.
    #[arg(long, value_name = "FILE")]
    out: Option<PathBuf>,
    /// Generate a key of this algorithm into --out instead of signing.
    #[arg(
        long,
        value_enum,
        value_name = "ALG",
        conflicts_with_all = [
            "credential", "key", "cryptosuite", "verification_method", "created", "mandatory", "format",
            "holder_key", "vct", "certificate_out",
        ]
    )]
    generate_key: Option<KeyArg>,
    /// Seed of the random values (reproducible output): the generated key; ecdsa-sd-2023's HMAC and
    /// proof-scoped keys; bbs-2023's HMAC key; SD-JWT salts and decoys. Default: the operating system's RNG.
    #[arg(long, value_name = "N")]
    seed: Option<u64>,
    #[command(flatten)]
    session: LoaderArgs,
}

fn usage(message: impl Into<String>) -> Error {
    Error::new(ErrorKind::Usage, message)
}

pub(super) fn run(args: SignArgs) -> Result<()> {
    if let Some(algorithm) = args.generate_key {
        let out = args
            .out
            .as_ref()
            .ok_or_else(|| usage("--generate-key needs --out KEY.jwk"))?;
        let wrote = sign::generate_key(algorithm.algorithm(), out, args.seed)?;
        eprintln!("canonprof: {wrote}");
        return Ok(());
    }
    let (Some(credential), Some(key)) = (args.credential.clone(), args.key.clone()) else {
        return Err(usage("sign needs CREDENTIAL and --key (or --generate-key)"));
    };
    let created = match &args.created {
        Some(text) => {
            chrono::DateTime::parse_from_rfc3339(text).map_err(|e| {
                usage(format!(
                    "--created `{text}` is not an RFC 3339 date-time: {e}"
                ))
            })?;
            text.clone()
        }
        None => crate::results::metadata::now(),
    };
    let target = target(&args)?;
    for out in [&args.out, &args.certificate_out].into_iter().flatten() {
        crate::export::check_writable(out)?;
    }
    let mut sessions = args.session.per_engine()?;
    if sessions.len() > 1 {
        return Err(usage(
            "--engine both does not apply to sign: pick json-ld or canonprof",
        ));
    }
    let plan = Plan {
        credential,
        key,
        target,
        created,
        seed: args.seed,
        session: sessions.remove(0),
    };
    let signed = sign::run(&plan)?;
    if let Some(note) = &signed.note {
        eprintln!("canonprof: note: {note}");
    }
    match &args.out {
        Some(out) => crate::export::write_atomically(out, &signed.text),
        None => write_stdout(&signed.text),
    }
}

/// What to write, from `--format` and the options that go with it. Errors: [`ErrorKind::Usage`] for an option
/// of another format, or a format without what it needs.
fn target(args: &SignArgs) -> Result<Target> {
    let suite = match (args.format, args.cryptosuite) {
        (FormatArg::Vcdm, None) => return Err(usage("--format vcdm needs --cryptosuite")),
        (FormatArg::Vcdm, Some(suite)) => Some(suite.suite()),
        (_, Some(_)) => return Err(usage("--cryptosuite is for --format vcdm")),
        (_, None) => None,
    };
    let selective = suite.is_some_and(Cryptosuite::is_selective);
    if !args.mandatory.is_empty() && !selective {
        return Err(usage(
            "--mandatory is for --cryptosuite ecdsa-sd-2023 and bbs-2023",
        ));
    }
    if args.format != FormatArg::Vcdm && args.verification_method.is_some() {
        return Err(usage("--verification-method is for --format vcdm"));
    }
    if args.seed.is_some() && args.format == FormatArg::Vcdm && !selective {
        return Err(usage(
            "--seed has nothing to draw here: Ed25519 and ECDSA (RFC 6979) proofs are deterministic (it is for \
             --generate-key, ecdsa-sd-2023, bbs-2023, sd-jwt and mdoc)",
        ));
    }
    if args.format != FormatArg::SdJwt && (args.holder_key.is_some() || args.vct.is_some()) {
        return Err(usage("--holder-key and --vct are for --format sd-jwt"));
    }
    if args.format != FormatArg::Mdoc && args.certificate_out.is_some() {
        return Err(usage("--certificate-out is for --format mdoc"));
    }
    Ok(match (args.format, suite) {
        (FormatArg::Vcdm, Some(suite)) => Target::Proof {
            suite,
            verification_method: args.verification_method.clone(),
            mandatory: args.mandatory.clone(),
        },
        (FormatArg::SdJwt, _) => Target::SdJwt {
            holder_key: args.holder_key.clone(),
            vct: args.vct.clone(),
        },
        _ => Target::Mdoc {
            certificate_out: args.certificate_out.clone(),
        },
    })
}

impl KeyArg {
    fn algorithm(self) -> SignatureAlgorithm {
        match self {
            KeyArg::Ed25519 => SignatureAlgorithm::Ed25519,
            KeyArg::P256 => SignatureAlgorithm::P256,
            KeyArg::P384 => SignatureAlgorithm::P384,
            KeyArg::MlDsa44 => SignatureAlgorithm::MlDsa44,
            KeyArg::SlhDsa128s => SignatureAlgorithm::SlhDsaSha2_128s,
            KeyArg::Falcon512 => SignatureAlgorithm::Falcon512,
            KeyArg::Bls12381G2 => SignatureAlgorithm::Bls12381G2,
        }
    }
}
