//! `canonprof verify FILE...`: parses and checks the options once, reads each file, verifies it
//! ([`crate::verify`]) and prints its report; exit status 0 when every file verified, 1 when one did not or
//! could not be read, 2 for a usage error.

use super::args::LoaderArgs;
use super::write_stdout;
use crate::error::{Error, ErrorKind, Result};
use crate::verify::{self, keys, Format, Options};
use clap::{Args, ValueEnum};
use std::path::PathBuf;

/// `--format`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum FormatArg {
    /// Detect from the file's shape.
    Auto,
    /// W3C VCDM with Data Integrity proofs.
    Vcdm,
    /// SD-JWT VC.
    SdJwt,
    /// VC-JWT (VCDM 1.1 `vc` claim) or VC-JOSE (`vc+jwt`).
    Jwt,
    /// ISO/IEC 18013-5 mdoc DeviceResponse (binary or hex CBOR).
    Mdoc,
}

/// `--nested`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum NestedArg {
    /// Nested credentials are reported, not counted.
    Lenient,
    /// Nested credentials decide the verdict too.
    Strict,
}

#[derive(Debug, Args)]
pub(super) struct VerifyArgs {
    /// The credentials, presentations, SD-JWTs or DeviceResponses to verify.
    #[arg(required = true, value_name = "FILE")]
    files: Vec<PathBuf>,
    /// The format of every file (default: detected per file).
    #[arg(long, value_enum, default_value_t = FormatArg::Auto)]
    format: FormatArg,
    /// A public key file: Multikey, JWK, DID or controller document, or PEM public key (repeatable; matched to
    /// each proof by verification method id, or the only one given). did:key needs none.
    #[arg(long = "key", value_name = "FILE")]
    keys: Vec<PathBuf>,
    /// mdoc: the trusted root certificate (PEM) the DS certificate must chain to.
    #[arg(long, value_name = "PEM")]
    trust_anchor: Option<PathBuf>,
    /// mdoc: the CBOR SessionTranscript (hex) the device signed over; checks the device signature.
    #[arg(long, value_name = "HEX")]
    session_transcript: Option<String>,
    /// SD-JWT: the nonce the Key Binding JWT must carry.
    #[arg(long)]
    nonce: Option<String>,
    /// SD-JWT: the audience the Key Binding JWT must carry.
    #[arg(long)]
    aud: Option<String>,
    /// Presentations: the challenge the authentication proof must carry.
    #[arg(long)]
    challenge: Option<String>,
    /// Presentations: the domain the authentication proof must carry.
    #[arg(long)]
    domain: Option<String>,
    /// The instant every validity rule is evaluated at (RFC 3339; default: now).
    #[arg(long, value_name = "RFC3339")]
    at: Option<String>,
    /// Whether signed credentials nested inside a credential (endorsements, a CLR's badges) decide the file's
    /// verdict: `lenient` reports them only, `strict` counts them (a presentation's credentials always count).
    #[arg(long, value_enum, default_value_t = NestedArg::Lenient)]
    nested: NestedArg,
    #[command(flatten)]
    loader: LoaderArgs,
}

pub(super) fn run(args: VerifyArgs) -> Result<()> {
    let usage = |m: String| Error::new(ErrorKind::Usage, m);
    let at_unix = match &args.at {
        Some(at) => chrono::DateTime::parse_from_rfc3339(at)
            .map_err(|e| usage(format!("--at `{at}` is not an RFC 3339 date-time: {e}")))?
            .timestamp(),
        None => chrono::Utc::now().timestamp(),
    };
    let mut known = Vec::new();
    for path in &args.keys {
        let label = path.display().to_string();
        let text = std::fs::read_to_string(path).map_err(|e| Error::io(&label, &e))?;
        known.extend(keys::parse(&label, &text)?);
    }
    let trust_anchor = match &args.trust_anchor {
        Some(path) => Some(pem_certificate(path)?),
        None => None,
    };
    let session_transcript = match &args.session_transcript {
        Some(text) => {
            let bytes = hex::decode(text.trim())
                .map_err(|e| usage(format!("--session-transcript is not hex: {e}")))?;
            Some(
                ciborium::from_reader(bytes.as_slice())
                    .map_err(|e| usage(format!("--session-transcript is not CBOR: {e}")))?,
            )
        }
        None => None,
    };
    let loaders = args.loader.per_engine()?;
    let options = Options {
        loader: &loaders[0],
        keys: known,
        trust_anchor,
        session_transcript,
        nonce: args.nonce.clone(),
        aud: args.aud.clone(),
        challenge: args.challenge.clone(),
        domain: args.domain.clone(),
        at_unix,
        nested_strict: args.nested == NestedArg::Strict,
    };
    let format = match args.format {
        FormatArg::Auto => None,
        FormatArg::Vcdm => Some(Format::Vcdm),
        FormatArg::SdJwt => Some(Format::SdJwt),
        FormatArg::Jwt => Some(Format::Jwt),
        FormatArg::Mdoc => Some(Format::Mdoc),
    };
    let mut failed = 0;
    for path in &args.files {
        let label = path.display().to_string();
        let line = match read(path)
            .and_then(|bytes| verify::verify_bytes(&label, &bytes, format, &options))
        {
            Ok(report) => {
                failed += usize::from(!report.verified());
                crate::export::verify::render(&report)
            }
            Err(e) => {
                failed += 1;
                let text = e.to_string();
                let reason = text.strip_prefix(&format!("{label}: ")).unwrap_or(&text);
                format!("{label}: NOT VERIFIED (could not be read: {reason})\n")
            }
        };
        write_stdout(&line)?;
    }
    match failed {
        0 => Ok(()),
        n => Err(Error::new(
            ErrorKind::Credential,
            format!("{n} of {} files did not verify", args.files.len()),
        )),
    }
}

/// A file's bytes, within the input size limit (`--max-input-size`).
fn read(path: &std::path::Path) -> Result<Vec<u8>> {
    let label = path.display().to_string();
    let max = crate::document::limits().max_bytes;
    if std::fs::metadata(path).is_ok_and(|m| m.len() > max as u64) {
        return Err(Error::new(
            ErrorKind::Limit,
            format!("over the limit of {max} bytes (--max-input-size)"),
        ));
    }
    std::fs::read(path).map_err(|e| Error::io(&label, &e))
}

/// The DER of a PEM certificate file. Errors: unreadable, or no `CERTIFICATE` block.
fn pem_certificate(path: &std::path::Path) -> Result<Vec<u8>> {
    use base64ct::{Base64, Encoding};
    let label = path.display().to_string();
    let text = std::fs::read_to_string(path).map_err(|e| Error::io(&label, &e))?;
    let body: String = text
        .lines()
        .skip_while(|l| !l.starts_with("-----BEGIN CERTIFICATE"))
        .skip(1)
        .take_while(|l| !l.starts_with("-----END"))
        .collect();
    Base64::decode_vec(body.trim())
        .ok()
        .filter(|d| !d.is_empty())
        .ok_or_else(|| {
            Error::new(ErrorKind::Usage, "--trust-anchor is not a PEM certificate").in_source(label)
        })
}
