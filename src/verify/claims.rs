//! JWT claims shared by VC-JWT, VC-JOSE and SD-JWT VC: `exp`, `nbf` and `iat` are NumericDates (RFC 7519 §2: a
//! JSON number of seconds since the epoch, possibly non-integer), and any other type makes the token malformed —
//! a date that is ignored because it is a string would let an expired token verify.

use super::check::{Check, Outcome};
use super::options::At;
use serde_json::{Map, Value};

/// `nbf` and `exp` (RFC 7519 §4.1.4–5) at `at`, after checking that `exp`, `nbf` and `iat` are NumericDates;
/// `more` adds the credential's own bounds (name, Unix seconds, whether it is an end).
pub(crate) fn time_check(
    claims: &Map<String, Value>,
    more: Vec<(String, i64, bool)>,
    at: At,
) -> Check {
    let mut bounds: Vec<(String, f64, bool)> = Vec::new();
    for (name, end) in [("nbf", false), ("exp", true), ("iat", false)] {
        // The one NumericDate rule, shared with the SD-JWT verifier.
        match crate::sd_jwt::numeric_date(claims, name, "token") {
            Err(e) => return Check::new("validity", Outcome::Failed, e.reason()),
            // `iat` is only checked for its type here: when a token was issued says nothing of its validity.
            Ok(Some(when)) if name != "iat" => bounds.push((format!("{name} {when}"), when, end)),
            Ok(_) => {}
        }
    }
    bounds.extend(more.into_iter().map(|(n, t, end)| (n, t as f64, end)));
    let at_unix = at.unix as f64;
    for (what, when, end) in &bounds {
        if (*end && *when < at_unix) || (!*end && *when > at_unix) {
            let state = if *end { "expired" } else { "not yet valid" };
            return Check::new(
                "validity",
                Outcome::Failed,
                format!("{state} {} ({what})", at.words()),
            );
        }
    }
    if bounds.is_empty() {
        Check::new("validity", Outcome::NotChecked, "no validity period")
    } else {
        Check::new(
            "validity",
            Outcome::Verified,
            format!(
                "valid {} ({})",
                at.words(),
                bounds
                    .iter()
                    .map(|b| b.0.as_str())
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        )
    }
}

/// RFC 7515 §4.1.11: a JOSE header's `crit` lists extensions the recipient must understand, or reject the JWS.
/// `understood` are the ones this verifier processes for the format at hand. Errors: the line's outcome and
/// reason — unsupported for an extension not understood, failed for a `crit` that is not a non-empty list of
/// names of parameters the header carries.
pub(crate) fn critical(
    header: &Map<String, Value>,
    understood: &[&str],
) -> Result<(), (Outcome, String)> {
    let Some(crit) = header.get("crit") else {
        return Ok(());
    };
    let malformed = || {
        (
            Outcome::Failed,
            "`crit` is not a non-empty list of names of parameters the header carries (RFC 7515 §4.1.11)"
                .to_string(),
        )
    };
    let names = crit
        .as_array()
        .filter(|a| !a.is_empty())
        .ok_or_else(malformed)?;
    for name in names {
        let name = name.as_str().ok_or_else(malformed)?;
        if !header.contains_key(name) {
            return Err(malformed());
        }
        if !understood.contains(&name) {
            return Err((
                Outcome::Unsupported,
                format!(
                    "crit names `{}`, which this verifier does not understand (RFC 7515 §4.1.11)",
                    crate::error::excerpt(name)
                ),
            ));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn claims(v: Value) -> Map<String, Value> {
        v.as_object().unwrap().clone()
    }

    #[test]
    fn numeric_dates_are_numbers_and_nothing_else() {
        let at = 1_700_000_000;
        let outcome = |v: Value| time_check(&claims(v), Vec::new(), At::new(at, true)).outcome;
        assert_eq!(outcome(json!({"exp": at + 10})), Outcome::Verified);
        assert_eq!(
            outcome(json!({"exp": (at as f64) + 0.5})),
            Outcome::Verified
        );
        assert_eq!(outcome(json!({"exp": (at as f64) - 0.5})), Outcome::Failed);
        assert_eq!(outcome(json!({"nbf": (at as f64) + 0.5})), Outcome::Failed);
        for bad in [
            json!("2030-01-01"),
            json!(null),
            json!(true),
            json!([1]),
            json!({}),
            json!("9999999999"),
        ] {
            for name in ["exp", "nbf", "iat"] {
                let check = time_check(
                    &claims(json!({ name: bad.clone() })),
                    Vec::new(),
                    At::new(at, true),
                );
                assert_eq!(check.outcome, Outcome::Failed, "{name}: {bad}");
                assert!(check.detail.contains("NumericDate"), "{}", check.detail);
            }
        }
        assert_eq!(outcome(json!({})), Outcome::NotChecked);
        assert_eq!(outcome(json!({"iat": at})), Outcome::NotChecked);
    }
}
