//! SD-JWT (RFC 9901) and SD-JWT VC against the published examples (tests/data/sd-jwt, see its SOURCES.md): every
//! example verifies with the published issuer key, key-bound ones with their nonce and audience; every
//! Disclosure in the RFC text hashes to its published digest; cases 021, 022 and 023; tampered presentations
//! fail with a reason; issue → present → verify round trips with EdDSA and ES256.

use crate::common;
use canonprof::keys::{SecretKey, SignatureAlgorithm};
use canonprof::sd_jwt::{self, jose, Claims, Expected, KeyBinding};
use serde_json::{json, Value};

fn data(path: &str) -> String {
    std::fs::read_to_string(common::data(&format!("sd-jwt/{path}"))).unwrap()
}

fn issuer_key() -> (jsonwebtoken::DecodingKey, jsonwebtoken::Algorithm) {
    let keys: Value = serde_json::from_str(&data("keys.json")).unwrap();
    jose::decoding_key(&keys["issuer_public_jwk_from_RFC9901_A5"]).unwrap()
}

#[test]
fn published_examples_verify_with_the_published_key() {
    let (key, alg) = issuer_key();
    let mut checked = 0;
    for file in [
        "sd-jwt-examples.extracted.json",
        "sd-jwt-vc-examples.extracted.json",
    ] {
        let examples: Vec<Value> = serde_json::from_str(&data(file)).unwrap();
        for example in examples {
            let Some(disclosures) = example.get("disclosures").and_then(Value::as_array) else {
                continue; // the bare issuer-signed JWT
            };
            let value = example["value"].as_str().unwrap();
            let expected = example.get("kb_jwt").map(|kb| Expected {
                nonce: kb["payload"]["nonce"].as_str().unwrap(),
                aud: kb["payload"]["aud"].as_str().unwrap(),
            });
            let verified = sd_jwt::verify(value, (&key, alg), expected)
                .unwrap_or_else(|e| panic!("{file} {}: {e}", example["section"]));
            assert_eq!(verified.key_bound, expected.is_some());
            for d in disclosures {
                let encoded = d["disclosure"].as_str().unwrap();
                assert!(verified.digests.contains_key(&sd_jwt::digest(encoded)));
                // A disclosed scalar property is in the processed claims (somewhere) with its value (object
                // and array values hold nested digests, replaced in the processed claims).
                if let [_, Value::String(name), value] = d["decoded"].as_array().unwrap().as_slice()
                {
                    if value.is_object() || value.is_array() {
                        continue;
                    }
                    assert!(
                        contains(&Value::Object(verified.claims.clone()), name, value),
                        "{name}"
                    );
                }
            }
            if let Some(kb) = example.get("kb_jwt") {
                let part = &value[..value.len() - kb["jwt"].as_str().unwrap().len()];
                assert_eq!(sd_jwt::sd_hash(part), kb["payload"]["sd_hash"]);
            }
            checked += 1;
        }
    }
    assert_eq!(
        checked, 13,
        "8 SD-JWT and 5 SD-JWT VC examples with Disclosures"
    );
}

fn contains(value: &Value, name: &str, expected: &Value) -> bool {
    match value {
        Value::Object(o) => {
            o.get(name) == Some(expected) || o.values().any(|v| contains(v, name, expected))
        }
        Value::Array(a) => a.iter().any(|v| contains(v, name, expected)),
        _ => false,
    }
}

/// Every "SHA-256 Hash: … Disclosure: …" pair of the RFC text (the Disclosure wrapped over lines).
#[test]
fn published_disclosure_digests() {
    let text = data("rendered/draft-ietf-oauth-selective-disclosure-jwt.gh-pages.txt");
    let lines: Vec<&str> = text.lines().map(str::trim).collect();
    let mut pairs = 0;
    for (i, line) in lines.iter().enumerate() {
        let Some(hash) = line.strip_prefix("*  SHA-256 Hash: ") else {
            continue;
        };
        if !lines[i + 1].starts_with("*  Disclosure:") {
            continue;
        }
        let mut disclosure = lines[i + 1]
            .trim_start_matches("*  Disclosure:")
            .trim()
            .to_string();
        for next in &lines[i + 2..] {
            if next.starts_with('*') || next.is_empty() {
                break;
            }
            disclosure.push_str(next);
        }
        assert_eq!(sd_jwt::digest(&disclosure), hash, "{disclosure}");
        sd_jwt::Disclosure::parse(&disclosure).unwrap();
        pairs += 1;
    }
    assert_eq!(pairs, 87, "every published digest of the RFC text");
}

#[test]
fn case_021_digest_over_the_received_string() {
    let received = "WyJsR2IyeFI4c1UwcUs3dlF3IiwgImdpdmVuX25hbWUiLCAiWm_DqyJd";
    assert_eq!(
        sd_jwt::digest(received),
        "6PnhUm4ZPACD8eOkdWL7picbOL_XOEX8qtbwfdWZaNQ"
    );
    let reencoded = "WyJsR2IyeFI4c1UwcUs3dlF3IiwiZ2l2ZW5fbmFtZSIsIlpvw6siXQ";
    assert_eq!(
        sd_jwt::digest(reencoded),
        "C15VUO4ATeHiKJFJrLl7bmdWngCpBqXAhHsd0c6DBy0"
    );
    let d = sd_jwt::Disclosure::parse(received).unwrap();
    assert_eq!(
        (d.name.as_deref(), &d.value),
        (Some("given_name"), &json!("Zoë"))
    );
    assert_eq!(
        d.encoded, received,
        "the received string is kept for hashing"
    );
}

#[test]
fn case_022_sd_hash_includes_the_final_tilde() {
    let jwt = "eyJhbGciOiJFUzI1NiIsInR5cCI6ImRjK3NkLWp3dCJ9.eyJfc2QiOlsiNlBuaFVtNFpQQUNEOGVPa2RXTDdwaWNiT0xfWE9FWDhxdGJ3ZmRXWmFOUSJdLCJfc2RfYWxnIjoic2hhLTI1NiIsImlzcyI6Imh0dHBzOi8vaXNzdWVyLmV4YW1wbGUiLCJ2Y3QiOiJodHRwczovL3ZjdC5leGFtcGxlL3BpZCIsIm5hdGlvbmFsaXRpZXMiOlt7Ii4uLiI6InFoQlFUOFhTclIwUEs0VHFnMVpaVGYxVVl2d2lqVDZhc3p1UGlhNzlrS2MifSwiREUiLHsiLi4uIjoiTFkxeXh5dHpFRXlIQzllZnBkMTFKR2lsOFlnbDBhdmx6YVBpTmFBOG5sMCJ9XX0.c2lnbmF0dXJlLXBsYWNlaG9sZGVy";
    let d1 = "WyJsR2IyeFI4c1UwcUs3dlF3IiwgImdpdmVuX25hbWUiLCAiWm_DqyJd";
    let da = "WyJYeTlrTG0yUHE4UnNUdTB2IiwgIkZSIl0";
    let part = format!("{jwt}~{d1}~{da}~");
    assert_eq!(
        sd_jwt::sd_hash(&part),
        "I7v7DqnGUPnDMCTEqFg5RLqnHUF6-bABW3zK5I5BE1M"
    );
    assert_eq!(
        sd_jwt::sd_hash(part.trim_end_matches('~')),
        "n5GWWUprig5ZcX1QTEpROfFfbgQM0GXMtijQxcsl268"
    );
    // A KB-JWT over the no-trailing-tilde value is rejected.
    let (issuer, holder) = keys(SignatureAlgorithm::P256);
    let issued = sd_jwt::issue(&claims(&holder), &issuer, &mut rng()).unwrap();
    let sd_part = sd_jwt::present(&issued.serialize(), &["given_name"], None).unwrap();
    let wrong = json!({"nonce": "n-1", "aud": "https://verifier.example", "iat": 1,
                       "sd_hash": sd_jwt::sd_hash(sd_part.trim_end_matches('~'))});
    let mut header = jsonwebtoken::Header::new(holder.alg);
    header.typ = Some("kb+jwt".into());
    let kb = jsonwebtoken::encode(&header, &wrong, holder.encoding()).unwrap();
    let err =
        sd_jwt::verify(&format!("{sd_part}{kb}"), decoding(&issuer), Some(EXPECTED)).unwrap_err();
    assert!(err.reason().contains("sd_hash"), "{err}");
}

#[test]
fn case_023_unreferenced_disclosure_is_rejected() {
    let (issuer, holder) = keys(SignatureAlgorithm::Ed25519);
    let issued = sd_jwt::issue(&claims(&holder), &issuer, &mut rng()).unwrap();
    let presented = sd_jwt::present(&issued.serialize(), &["given_name"], None).unwrap();
    assert!(
        sd_jwt::verify(&presented, decoding(&issuer), None).is_ok(),
        "control"
    );
    let extra = "WyJBYjNkRWY2aElqOWtMbTFuIiwgImlzX292ZXJfMjEiLCB0cnVlXQ";
    let err = sd_jwt::verify(&format!("{presented}{extra}~"), decoding(&issuer), None).unwrap_err();
    assert!(
        err.reason().contains("not referenced")
            && err
                .reason()
                .contains("kAUJZ0utvgtijemjO_-WWrQchOW16VneciBsPVAuDg4"),
        "{err}"
    );
}

/// (what, presentation, issuer key, expected binding, reason the error must give).
type Tampered<'a> = (
    &'a str,
    String,
    (&'a jsonwebtoken::DecodingKey, jsonwebtoken::Algorithm),
    Option<Expected<'a>>,
    &'a str,
);

const EXPECTED: Expected = Expected {
    nonce: "n-1",
    aud: "https://verifier.example",
};

fn rng() -> rand_chacha::ChaCha20Rng {
    use rand_core::SeedableRng;
    rand_chacha::ChaCha20Rng::seed_from_u64(9)
}

fn keys(algorithm: SignatureAlgorithm) -> (jose::JoseKey, jose::JoseKey) {
    let issuer = jose::JoseKey::new(&SecretKey::from_seed(algorithm, 1)).unwrap();
    let holder = jose::JoseKey::new(&SecretKey::from_seed(algorithm, 2)).unwrap();
    (issuer, holder)
}

fn decoding(key: &jose::JoseKey) -> (&'static jsonwebtoken::DecodingKey, jsonwebtoken::Algorithm) {
    let (k, alg) = jose::decoding_key(&key.jwk).unwrap();
    (Box::leak(Box::new(k)), alg)
}

fn claims(holder: &jose::JoseKey) -> Claims {
    let selective = json!({"given_name": "Erika", "family_name": "Mustermann", "birthdate": "1963-08-12",
                           "nationalities": ["DE"], "address": {"locality": "Berlin"}});
    Claims {
        plain: json!({"iss": "https://issuer.example", "iat": 1700000000, "vct": "https://vct.example/pid"})
            .as_object()
            .unwrap()
            .clone(),
        selective: selective.as_object().unwrap().clone(),
        decoys: 3,
        holder_jwk: holder.jwk.clone(),
    }
}

#[test]
fn round_trip_and_tampering_per_algorithm() {
    for suite in [SignatureAlgorithm::Ed25519, SignatureAlgorithm::P256] {
        let (issuer, holder) = keys(suite);
        let issued = sd_jwt::issue(&claims(&holder), &issuer, &mut rng()).unwrap();
        assert_eq!(issued.disclosures.len(), 5);
        let header = jsonwebtoken::decode_header(&issued.jwt).unwrap();
        assert_eq!(header.typ.as_deref(), Some("dc+sd-jwt"));
        let binding = KeyBinding {
            holder: &holder,
            nonce: "n-1",
            aud: "https://verifier.example",
            iat: 1700000100,
        };
        let shown = ["given_name", "address"];
        let presented = sd_jwt::present(&issued.serialize(), &shown, Some(&binding)).unwrap();
        let verified = sd_jwt::verify(&presented, decoding(&issuer), Some(EXPECTED)).unwrap();
        assert!(verified.key_bound);
        assert_eq!(verified.claims["given_name"], "Erika");
        assert_eq!(verified.claims["address"]["locality"], "Berlin");
        assert!(
            verified.claims.get("family_name").is_none() && verified.claims.get("_sd").is_none()
        );
        assert_eq!(verified.claims["vct"], "https://vct.example/pid");

        let (jwt, rest) = presented.split_once('~').unwrap();
        let mut tampered_disclosure = rest.to_string();
        let first = tampered_disclosure.split('~').next().unwrap().to_string();
        let forged = sd_jwt::Disclosure::new("given_name", &json!("Mallory"), &mut rng()).encoded;
        tampered_disclosure = tampered_disclosure.replacen(&first, &forged, 1);
        let wrong_key = jose::JoseKey::new(&SecretKey::from_seed(suite, 77)).unwrap();
        // A changed claim in a payload that is still JSON: the signature fails (a payload that is not JSON is
        // malformed, whatever the signature: tests/it/strict_decoding.rs).
        let payload_flip = {
            use base64ct::{Base64UrlUnpadded, Encoding};
            let parts: Vec<&str> = jwt.split('.').collect();
            let payload =
                String::from_utf8(Base64UrlUnpadded::decode_vec(parts[1]).unwrap()).unwrap();
            let changed = payload.replacen("https://vct.example/pid", "https://vct.example/pie", 1);
            assert_ne!(changed, payload);
            format!(
                "{}.{}.{}",
                parts[0],
                Base64UrlUnpadded::encode_string(changed.as_bytes()),
                parts[2]
            )
        };
        let cases: Vec<Tampered> = vec![
            (
                "changed disclosure",
                format!("{jwt}~{tampered_disclosure}"),
                decoding(&issuer),
                Some(EXPECTED),
                "not referenced",
            ),
            (
                "changed issuer JWT",
                format!("{payload_flip}~{rest}"),
                decoding(&issuer),
                Some(EXPECTED),
                "does not verify",
            ),
            (
                "wrong issuer key",
                presented.clone(),
                decoding(&wrong_key),
                Some(EXPECTED),
                "does not verify",
            ),
            (
                "wrong nonce",
                presented.clone(),
                decoding(&issuer),
                Some(Expected {
                    nonce: "n-2",
                    ..EXPECTED
                }),
                "nonce",
            ),
            (
                "wrong audience",
                presented.clone(),
                decoding(&issuer),
                Some(Expected {
                    aud: "https://other.example",
                    ..EXPECTED
                }),
                "aud",
            ),
            (
                "no key binding",
                sd_jwt::present(&issued.serialize(), &shown, None).unwrap(),
                decoding(&issuer),
                Some(EXPECTED),
                "no Key Binding",
            ),
            (
                "disclosure twice",
                presented.replacen(&format!("~{first}~"), &format!("~{first}~{first}~"), 1),
                decoding(&issuer),
                Some(EXPECTED),
                "twice",
            ),
        ];
        for (what, text, key, expected, reason) in cases {
            let err = sd_jwt::verify(&text, key, expected).expect_err(what);
            assert!(err.reason().contains(reason), "{suite:?} {what}: {err}");
        }
    }
}
