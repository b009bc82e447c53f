//! Issuer binding, one rule for every format: whether the party the credential names — a Data Integrity
//! credential's `issuer` (a presentation's `holder`), a VC-JWT's `iss`, a VC-JOSE credential's `issuer`, an SD-JWT
//! VC's `iss`, a JAdES payload's `issuer` — controls the key of each verified signature. The controller is the
//! `--key` entry's `controller` (or the DID or controller document it came from), else the DID of a DID URL
//! (`did:key`, `did:jwk`, any DID: a DID URL's DID is its controller as far as offline verification can tell).
//! The line is `[ok]` when that is the party (or the method is a fragment of the party's own id, as 1EdTech's
//! samples use), `[not checked]` when another party controls it or its controller is not known offline, and
//! `[FAIL]` for either of those under `--issuer-binding strict`.

use super::check::{Check, Outcome};

/// The key of one verified signature, as far as binding is concerned.
#[derive(Debug, Clone)]
pub(crate) struct Signer {
    /// The verification method or `kid` (`did:key:z…#z…`, `https://…#key-1`), or a description when the key has
    /// no identifier (`the x5c signer CN=…`).
    pub method: String,
    /// Who controls it, where known: the `--key` entry's controller, or the DID of a DID URL.
    pub controller: Option<String>,
    /// Whether `method` is the key's own identifier (so a method that is a fragment of the party's id is the
    /// party's), rather than a description or an identifier the key was not matched by.
    identified: bool,
}

impl Signer {
    /// A signer known by `method`, with the `--key` entry's controller if one was used; otherwise the DID of a DID
    /// URL.
    pub(crate) fn of_method(method: &str, given_controller: Option<&str>) -> Signer {
        let base = method.split('#').next().unwrap_or(method);
        Signer {
            method: method.to_string(),
            controller: given_controller
                .map(str::to_string)
                .or_else(|| method.starts_with("did:").then(|| base.to_string())),
            identified: true,
        }
    }

    /// The signer of a `--key` found for `method` ([`super::keys::find`]). Only a key file whose own id is
    /// `method` speaks for the DID in it; a key matched by a bare fragment, or because it was the only one given,
    /// says nothing of who controls `method`, so its controller is the key file's alone.
    pub(crate) fn given(known: &super::keys::KnownKey, method: &str) -> Signer {
        if known.id.as_deref() == Some(method) && !method.is_empty() {
            Signer::of_method(method, known.controller.as_deref())
        } else {
            Signer {
                method: if method.is_empty() {
                    format!("the key from {}", known.origin)
                } else {
                    format!("{method} (the key from {})", known.origin)
                },
                controller: known.controller.clone(),
                identified: false,
            }
        }
    }

    /// A signer with no identifier the credential could name (a certificate's key): its controller is not known
    /// offline.
    pub(crate) fn described(what: impl Into<String>) -> Signer {
        Signer {
            method: what.into(),
            controller: None,
            identified: false,
        }
    }
}

/// The binding line for `party` (the `issuer`, `holder` or `iss` value; `subject` says which) over the verified
/// signatures' `signers`; `None` when nothing was verified (the verdict is refused anyway).
pub(crate) fn line(subject: &str, party: &str, signers: &[Signer], strict: bool) -> Option<Check> {
    let lines: Vec<(Outcome, String)> = signers.iter().map(|s| one(subject, party, s)).collect();
    // The worst line decides: a failure, then a not-checked, else verified.
    let worst = lines
        .iter()
        .find(|(o, _)| *o == Outcome::Failed)
        .or_else(|| lines.iter().find(|(o, _)| *o == Outcome::NotChecked))
        .or(lines.first())?;
    let outcome = match (worst.0, strict) {
        (Outcome::NotChecked, true) => Outcome::Failed,
        (outcome, _) => outcome,
    };
    Some(Check::new(subject, outcome, worst.1.clone()))
}

/// The line of one signer.
fn one(subject: &str, party: &str, signer: &Signer) -> (Outcome, String) {
    let method = &signer.method;
    let base = method.split('#').next().unwrap_or(method);
    match &signer.controller {
        Some(c) if c == party => (Outcome::Verified, format!("{party} controls {method}")),
        Some(c) if is_did(c) && is_did(party) => (
            Outcome::NotChecked,
            format!(
                "the {subject} is {party}, but {method} belongs to {c}: the signature verifies, but not as the \
                 {subject}'s (--issuer-binding strict fails it)"
            ),
        ),
        Some(c) => (
            Outcome::NotChecked,
            format!(
                "{method} is controlled by {c}, not by the {subject} {party} (whose controller document may list \
                 it; not shown offline; --issuer-binding strict fails it)"
            ),
        ),
        None if signer.identified && base == party => (
            Outcome::Verified,
            format!("{method} is a method of the {subject} {party}"),
        ),
        None => (
            Outcome::NotChecked,
            format!(
                "who controls {method} is not shown offline (the {subject} is {party}); pass --key with the \
                 {subject}'s controller document (--issuer-binding strict fails it)"
            ),
        ),
    }
}

fn is_did(text: &str) -> bool {
    text.starts_with("did:")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_rule_for_every_party() {
        let did_a = "did:key:z6MkA";
        let signed_by = |m: &str| vec![Signer::of_method(m, None)];
        let of = |party: &str, signers: &[Signer], strict: bool| {
            line("issuer", party, signers, strict).unwrap().outcome
        };
        assert_eq!(
            of(did_a, &signed_by("did:key:z6MkA#z6MkA"), false),
            Outcome::Verified
        );
        assert_eq!(
            of(did_a, &signed_by("did:key:z6MkB#z6MkB"), false),
            Outcome::NotChecked
        );
        assert_eq!(
            of(did_a, &signed_by("did:key:z6MkB#z6MkB"), true),
            Outcome::Failed
        );
        assert_eq!(
            of(
                "https://example.com/issuers/1",
                &signed_by("https://example.com/issuers/1#key"),
                true
            ),
            Outcome::Verified
        );
        assert_eq!(
            of(
                "https://example.com/issuers/1",
                &[Signer::described("the x5c signer CN=x")],
                false
            ),
            Outcome::NotChecked
        );
        assert_eq!(
            of(
                "https://example.com/issuers/1",
                &[Signer::described("the x5c signer CN=x")],
                true
            ),
            Outcome::Failed
        );
        // A --key whose controller document is the issuer's binds it.
        let given = [Signer::of_method(
            "https://other.example/key",
            Some("https://example.com/issuers/1"),
        )];
        assert_eq!(
            of("https://example.com/issuers/1", &given, true),
            Outcome::Verified
        );
        // One bound and one unbound signer: the worst decides.
        let mixed = [
            Signer::of_method("did:key:z6MkA#z6MkA", None),
            Signer::of_method("did:key:z6MkB#z6MkB", None),
        ];
        assert_eq!(of(did_a, &mixed, true), Outcome::Failed);
        assert!(line("issuer", did_a, &[], true).is_none());
    }
}
