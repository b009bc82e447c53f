//! A coarse scan of every member name and string of a document (its own contexts included) for what the walk of
//! [`super::check`] may judge wrongly: text where the json-ld crate and jsonld.js part ways, or where the walk's
//! reading of the contexts is only an approximation. It does not decide: a finding sends the document to canonprof's
//! engine, whose safe mode settles the refusal ([`crate::canon::jsonld`]'s `settle_refusals`), or, for what the crate
//! is known to process otherwise than jsonld.js, makes it a `limitation`. Credentials that are clean take
//! one pass over their strings.

use crate::canon::jsonld::syntax::{
    has_unicode_js_whitespace, is_absolute_iri, is_blank, is_framing_keyword, is_keyword,
};
use json_ld::syntax::Value;

/// What the scan found: the first thing for canonprof's engine to decide, the first crate limitation.
#[derive(Debug, Default)]
pub(super) struct Findings {
    /// A reason to let canonprof's engine decide (refuse or accept) the document.
    pub(super) decide: Option<String>,
    /// Something the crate processes otherwise than jsonld.js, whatever safe mode decides.
    pub(super) limitation: Option<String>,
}

/// Scans `document` (see the module documentation).
pub(super) fn scan(document: &Value) -> Findings {
    let mut findings = Findings::default();
    walk(document, false, &mut findings);
    findings
}

impl Findings {
    fn done(&self) -> bool {
        self.decide.is_some() && self.limitation.is_some()
    }

    fn decide(&mut self, why: impl FnOnce() -> String) {
        if self.decide.is_none() {
            self.decide = Some(why());
        }
    }
}

fn walk(value: &Value, in_context: bool, findings: &mut Findings) {
    if findings.done() {
        return;
    }
    match value {
        Value::String(text) => string(text, in_context, findings),
        Value::Array(items) => items.iter().for_each(|i| walk(i, in_context, findings)),
        Value::Object(map) => {
            for entry in map.iter() {
                let key = entry.key.as_str();
                string(key, in_context, findings);
                let null = entry.value.is_null();
                if in_context && null && !is_keyword(key) {
                    findings.decide(|| format!("the term `{key}` is mapped to null"));
                } else if in_context && null && key == "@id" {
                    findings.decide(|| "a term definition with `@id` null".to_string());
                } else if key == "@reverse" {
                    findings.decide(|| "`@reverse`".to_string());
                } else if in_context
                    && !key.starts_with('@')
                    && (key.contains(':') || key.contains('/'))
                {
                    // Create Term Definition step 14.2.3: an IRI-like term must expand to its mapping, which the
                    // crate does not check.
                    findings.decide(|| format!("the IRI-like term `{key}` is defined"));
                }
                walk(&entry.value, in_context || key == "@context", findings);
            }
        }
        _ => {}
    }
}

/// One member name or string.
fn string(text: &str, in_context: bool, findings: &mut Findings) {
    // Most text is ASCII without a colon and does not begin with `@`: nothing below applies to it.
    if text.is_ascii() && !text.starts_with('@') && !text.contains(':') {
        return;
    }
    if has_unicode_js_whitespace(text) {
        findings.decide(|| format!("`{text}` holds white space that is not ASCII"));
    } else if text.starts_with('@') && !is_keyword(text) {
        findings.decide(|| format!("`{text}` looks like a keyword"));
    } else if (text.contains("://") || is_absolute_iri(text))
        && !is_blank(text)
        && !super::lexical::is_iri(text)
    {
        findings.decide(|| format!("`{text}` looks like an IRI but is none"));
    }
    // (A label with a colon, `_:b0http://x`, the crate's engine recovers from: `expand::recover`.)
    if findings.limitation.is_none()
        && is_blank(text)
        && !super::lexical::plain_blank_label(text)
        && !text
            .strip_prefix("_:")
            .is_some_and(|label| label.contains(':'))
    {
        findings.limitation = Some(format!(
            "the blank node identifier `{text}`, whose label it does not parse as one"
        ));
    }
    if in_context && findings.limitation.is_none() && is_framing_keyword(text) {
        findings.limitation = Some(format!(
            "a term defined as the Framing keyword `{text}`, which it takes for a property"
        ));
    }
}
