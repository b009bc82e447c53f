//! ISO/IEC 18013-5 mdoc `DeviceResponse`s (§9.1.2, §9.3.1, through [`mdoc::verify`]): the MSO's issuer signature
//! with the `x5chain` certificate's key, every received `IssuerSignedItem` digest, the validity info at `--at`;
//! the certificate chain when `--trust-anchor` is given (otherwise reported as not anchored), the device
//! signature when `--session-transcript` is given.

use super::check::{Check, Outcome, Trust};
use super::detect;
use super::options::Options;
use crate::error::{ErrorKind, Result};
use crate::mdoc::{self, Verification};

/// The checks of one DeviceResponse (binary or hex CBOR).
pub(crate) fn verify(bytes: &[u8], options: &Options) -> Result<Vec<Check>> {
    let raw = detect::mdoc_bytes(bytes)?;
    let check = Verification {
        now_unix: options.settings.at_unix,
        iaca: options.trust_anchor.as_deref(),
        session_transcript: options.settings.session_transcript.as_ref(),
    };
    let mut checks = Vec::new();
    match mdoc::verify(&raw, &check) {
        Ok(verified) => {
            // The DS certificate travels in the mdoc itself: its key is trusted only through a chain to
            // --trust-anchor (checked by mdoc::verify when given), otherwise anyone could have made it.
            let trust = match options.trust_anchor {
                Some(_) => Trust::Anchored,
                None => Trust::SelfAsserted,
            };
            checks.push(Check::signature(
                "issuer signature",
                Outcome::Verified,
                format!(
                    "MSO of {} signed by the x5chain certificate's key ({}); validity info holds {}",
                    verified.doc_type,
                    trust.describe(),
                    options.at().words()
                ),
                Some(trust),
            ));
            checks.push(Check::new(
                "digests",
                Outcome::Verified,
                format!(
                    "{} data elements match the MSO's valueDigests",
                    verified.elements.len()
                ),
            ));
            checks.push(match options.trust_anchor {
                Some(_) => Check::new(
                    "certificate chain",
                    Outcome::Verified,
                    "the DS certificate chains to --trust-anchor",
                ),
                None => Check::new(
                    "certificate chain",
                    Outcome::NotChecked,
                    "the DS certificate is self-asserted, not anchored: pass --trust-anchor with the issuer's IACA \
                     certificate (or --accept-self-asserted)",
                ),
            });
            checks.push(if verified.device_authenticated {
                Check::new(
                    "device signature",
                    Outcome::Verified,
                    "over DeviceAuthenticationBytes with --session-transcript",
                )
            } else {
                Check::new(
                    "device signature",
                    Outcome::NotChecked,
                    "not checked: pass --session-transcript",
                )
            });
        }
        Err(e) if matches!(e.kind(), ErrorKind::Key) => checks.push(Check::signature(
            "mdoc",
            Outcome::Unsupported,
            e.reason(),
            None,
        )),
        Err(e) => checks.push(Check::signature("mdoc", Outcome::Failed, e.reason(), None)),
    }
    Ok(checks)
}
