//! Which credential the main job's three-format exchange runs on: the bundled simple reference credential
//! (person-20), or, with `--credential`, the first of the user's files that the formats can carry — a W3C VCDM
//! credential (`@context`, a `type` with `VerifiableCredential`) whose one `credentialSubject` has attributes
//! to disclose (the first [`super::disclosure::DISCLOSED`] in code point order, or all of them when it has
//! fewer). When none fits, the exchange is skipped with one line saying why; it never falls back to person-20
//! silently, since the header would then describe someone else's credential.

use super::disclosure;
use crate::corpus::{self, Credential};
use serde_json::Value;
use std::path::Path;

/// The credential the exchange runs on, or why it does not run.
#[derive(Debug, Clone)]
pub(crate) enum Subject {
    /// The bundled simple reference credential (no user files).
    Reference(Credential),
    /// The user's credential, named by its file name; `passed_over`: the user's files before it that did not
    /// fit, each with the reason (`a.json: no credentialSubject attributes to disclose`).
    Yours {
        /// The credential, its name the file name (`yours.json`), as the exchange's header says it.
        credential: Credential,
        /// The files before it that the formats cannot carry, each with why.
        passed_over: Vec<String>,
    },
    /// None of the user's files fits: the line to print instead of the exchange.
    Skipped(String),
}

impl Subject {
    /// The credential to exchange, if any.
    pub(crate) fn credential(&self) -> Option<&Credential> {
        match self {
            Subject::Reference(credential) | Subject::Yours { credential, .. } => Some(credential),
            Subject::Skipped(_) => None,
        }
    }

    /// The line to print before the exchange: which file it runs on when some were passed over, or why it was
    /// skipped; `None` when the table's header says all there is.
    pub(crate) fn note(&self) -> Option<String> {
        match self {
            Subject::Reference(_) => None,
            Subject::Yours {
                passed_over,
                credential,
            } if !passed_over.is_empty() => Some(format!(
                "exchange: on {}, the first credential file the formats can carry ({})",
                credential.name,
                passed_over.join("; ")
            )),
            Subject::Yours { .. } => None,
            Subject::Skipped(line) => Some(line.clone()),
        }
    }
}

/// The exchange's subject among the main job's `credentials`: the user's files (`set == "user"`) when there
/// are any, else person-20.
pub(crate) fn choose(credentials: &[Credential]) -> Subject {
    let yours: Vec<&Credential> = credentials.iter().filter(|c| c.set == "user").collect();
    if yours.is_empty() {
        let mut reference = corpus::simple_reference();
        return Subject::Reference(reference.remove(0));
    }
    let mut passed_over = Vec::new();
    for credential in &yours {
        let name = file_name(credential);
        match fit(&credential.document.text) {
            Ok(()) => {
                let mut credential = (*credential).clone();
                credential.name = name;
                return Subject::Yours {
                    credential,
                    passed_over,
                };
            }
            Err(reason) => passed_over.push(format!("{name}: {reason}")),
        }
    }
    Subject::Skipped(match passed_over.as_slice() {
        [one] => format!("exchange: skipped for {one}"),
        several => format!(
            "exchange: skipped, no credential file the formats can carry ({})",
            several.join("; ")
        ),
    })
}

/// The file name of a user's credential (`yours.json`), from the path it was given by.
fn file_name(credential: &Credential) -> String {
    Path::new(&credential.document.label)
        .file_name()
        .map_or_else(
            || credential.document.label.clone(),
            |n| n.to_string_lossy().into_owned(),
        )
}

/// Whether the formats can carry a credential's JSON `text`: `Err` with why not (for the skip line).
pub(crate) fn fit(text: &str) -> Result<(), String> {
    let credential: Value = serde_json::from_str(text).map_err(|_| "not JSON".to_string())?;
    let Some(object) = credential.as_object() else {
        return Err("not a JSON object".into());
    };
    if !object.contains_key("@context") {
        return Err("not a W3C VC: no @context".into());
    }
    let types = match object.get("type") {
        Some(Value::String(t)) => vec![t.as_str()],
        Some(Value::Array(ts)) => ts.iter().filter_map(Value::as_str).collect(),
        _ => Vec::new(),
    };
    if !types.contains(&"VerifiableCredential") {
        return Err("not a W3C VC: its type has no VerifiableCredential".into());
    }
    match object.get("credentialSubject") {
        None => Err("no credentialSubject attributes to disclose".into()),
        Some(Value::Array(_)) => Err(
            "its credentialSubject is a list, and the formats disclose the attributes of one subject".into(),
        ),
        Some(Value::Object(_)) => match disclosure::subject_attributes(&credential) {
            Ok(attributes) if !attributes.is_empty() => Ok(()),
            _ => Err("no credentialSubject attributes to disclose".into()),
        },
        Some(_) => Err("no credentialSubject attributes to disclose".into()),
    }
}

#[cfg(test)]
mod tests {
    use super::fit;

    const VC: &str = r#"{"@context": ["https://www.w3.org/ns/credentials/v2"], "type": ["VerifiableCredential"]"#;

    #[test]
    fn a_vc_with_subject_attributes_fits() {
        assert_eq!(
            fit(&format!(
                r#"{VC}, "credentialSubject": {{"id": "x", "a": 1}}}}"#
            )),
            Ok(())
        );
    }

    #[test]
    fn what_does_not_fit_says_why() {
        let reason = |text: &str| fit(text).unwrap_err();
        assert_eq!(
            reason(&format!(r#"{VC}, "credentialSubject": {{"id": "x"}}}}"#)),
            "no credentialSubject attributes to disclose"
        );
        assert_eq!(
            reason(&format!("{VC}}}")),
            "no credentialSubject attributes to disclose"
        );
        assert_eq!(
            reason(r#"{"@context": "https://schema.org/", "name": "x"}"#),
            "not a W3C VC: its type has no VerifiableCredential"
        );
        assert_eq!(reason(r#"{"name": "x"}"#), "not a W3C VC: no @context");
        assert!(
            reason(&format!(r#"{VC}, "credentialSubject": [{{"a": 1}}]}}"#)).contains("a list")
        );
    }
}
