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
    let mut header = jsonwebtoken::Header::new(holder.alg.jsonwebtoken().unwrap());
    header.typ = Some("kb+jwt".into());
    let kb = jsonwebtoken::encode(&header, &wrong, holder.encoding().unwrap()).unwrap();
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

/// RFC 9964 with SD-JWT VC: ML-DSA-44 issuer and holder keys as `AKP` JWKs (`kty`, `alg`, `pub`; no `priv`), the
/// issuer-signed JWT and the KB-JWT with JWS `alg` `ML-DSA-44`, signatures of FIPS 204's 2,420 bytes; issue →
/// present → verify round trips through canonprof's keys (jsonwebtoken 12 knows no ML-DSA), and every tampered
/// or mismatched form fails with its reason.
#[test]
fn ml_dsa_44_round_trip_with_akp_keys() {
    use base64ct::{Base64UrlUnpadded, Encoding};
    let (issuer, holder) = keys(SignatureAlgorithm::MlDsa44);
    assert_eq!(issuer.alg, jose::JwsAlg::MlDsa44);
    assert_eq!(issuer.alg.name(), "ML-DSA-44");
    assert!(issuer.encoding().is_none(), "jsonwebtoken cannot sign it");
    for key in [&issuer, &holder] {
        let jwk = key.jwk.as_object().unwrap();
        let mut members: Vec<&str> = jwk.keys().map(String::as_str).collect();
        members.sort_unstable();
        assert_eq!(members, ["alg", "kty", "pub"], "RFC 9964 §3: no priv");
        assert_eq!(jwk["kty"], "AKP");
        assert_eq!(jwk["alg"], "ML-DSA-44");
        let public = Base64UrlUnpadded::decode_vec(jwk["pub"].as_str().unwrap()).unwrap();
        assert_eq!(public.len(), 1312, "FIPS 204 Table 2");
    }
    let issued = sd_jwt::issue(&claims(&holder), &issuer, &mut rng()).unwrap();
    let part = |jws: &str, i: usize| {
        Base64UrlUnpadded::decode_vec(jws.split('.').nth(i).unwrap()).unwrap()
    };
    assert_eq!(
        String::from_utf8(part(&issued.jwt, 0)).unwrap(),
        r#"{"typ":"dc+sd-jwt","alg":"ML-DSA-44"}"#
    );
    assert_eq!(part(&issued.jwt, 2).len(), 2420);
    let binding = KeyBinding {
        holder: &holder,
        nonce: "n-1",
        aud: "https://verifier.example",
        iat: 1700000100,
    };
    let shown = ["given_name", "address"];
    let presented = sd_jwt::present(&issued.serialize(), &shown, Some(&binding)).unwrap();
    let kb = presented.rsplit('~').next().unwrap();
    assert_eq!(
        String::from_utf8(part(kb, 0)).unwrap(),
        r#"{"typ":"kb+jwt","alg":"ML-DSA-44"}"#
    );
    assert_eq!(part(kb, 2).len(), 2420);
    let issuer_public = jose::public_key(&issuer.jwk).unwrap();
    assert_eq!(issuer_public, issuer.public_key());
    let verified = sd_jwt::verify(&presented, &issuer_public, Some(EXPECTED)).unwrap();
    assert!(verified.key_bound);
    assert_eq!(verified.header.alg, jose::JwsAlg::MlDsa44);
    assert_eq!(verified.claims["given_name"], "Erika");
    assert_eq!(verified.claims["cnf"]["jwk"], holder.jwk);
    assert!(verified.claims.get("family_name").is_none());

    // Tampering and mismatches.
    let (jwt, rest) = presented.split_once('~').unwrap();
    let reencoded = |header: &str| {
        let parts: Vec<&str> = jwt.split('.').collect();
        format!(
            "{}.{}.{}~{rest}",
            Base64UrlUnpadded::encode_string(header.as_bytes()),
            parts[1],
            parts[2]
        )
    };
    let flipped = {
        let parts: Vec<&str> = jwt.split('.').collect();
        let payload = String::from_utf8(part(jwt, 1)).unwrap();
        let changed = payload.replacen("https://vct.example/pid", "https://vct.example/pie", 1);
        format!(
            "{}.{}.{}~{rest}",
            parts[0],
            Base64UrlUnpadded::encode_string(changed.as_bytes()),
            parts[2]
        )
    };
    let short_signature = {
        let parts: Vec<&str> = jwt.split('.').collect();
        let mut signature = part(jwt, 2);
        signature.pop();
        format!(
            "{}.{}.{}~{rest}",
            parts[0],
            parts[1],
            Base64UrlUnpadded::encode_string(&signature)
        )
    };
    let ed25519 =
        jose::JoseKey::new(&SecretKey::from_seed(SignatureAlgorithm::Ed25519, 1)).unwrap();
    let ed25519_public = ed25519.public_key();
    let wrong = jose::public_key(
        &jose::JoseKey::new(&SecretKey::from_seed(SignatureAlgorithm::MlDsa44, 77))
            .unwrap()
            .jwk,
    )
    .unwrap();
    // A KB-JWT signed by an Ed25519 key while cnf.jwk is the ML-DSA-44 holder's.
    let foreign_kb = {
        let ed_holder = KeyBinding {
            holder: &ed25519,
            ..binding.clone()
        };
        sd_jwt::present(&issued.serialize(), &shown, Some(&ed_holder)).unwrap()
    };
    let cases: Vec<(&str, String, &canonprof::keys::PublicKey, &str)> = vec![
        (
            "changed payload",
            flipped,
            &issuer_public,
            "does not verify",
        ),
        (
            "one byte short",
            short_signature,
            &issuer_public,
            "does not verify",
        ),
        (
            "another ML-DSA-44 key",
            presented.clone(),
            &wrong,
            "does not verify",
        ),
        (
            "alg EdDSA in the header",
            reencoded(r#"{"typ":"dc+sd-jwt","alg":"EdDSA"}"#),
            &issuer_public,
            "names alg EdDSA, but the key verifies ML-DSA-44",
        ),
        (
            "alg none",
            reencoded(r#"{"typ":"dc+sd-jwt","alg":"none"}"#),
            &issuer_public,
            "alg `none` is not a JWS algorithm",
        ),
        (
            "alg in lower case",
            reencoded(r#"{"typ":"dc+sd-jwt","alg":"ml-dsa-44"}"#),
            &issuer_public,
            "alg `ml-dsa-44` is not a JWS algorithm",
        ),
        (
            "an Ed25519 key for an ML-DSA-44 JWS",
            presented.clone(),
            &ed25519_public,
            "names alg ML-DSA-44, but the key verifies EdDSA",
        ),
        (
            "KB-JWT by another key type",
            foreign_kb,
            &issuer_public,
            "Key Binding JWT's header names alg EdDSA, but the key verifies ML-DSA-44",
        ),
    ];
    for (what, text, key, reason) in cases {
        let err = sd_jwt::verify(&text, key, Some(EXPECTED)).expect_err(what);
        assert!(err.reason().contains(reason), "{what}: {err}");
    }
}

/// RFC 9964 §3 `AKP` public JWKs are read strictly: `alg` required and known, `pub` of the algorithm's exact
/// length, `priv` refused in a public key; jsonwebtoken is not asked to use one.
#[test]
fn akp_jwks_are_read_strictly() {
    let (issuer, _) = keys(SignatureAlgorithm::MlDsa44);
    let with = |name: &str, value: Value| {
        let mut jwk = issuer.jwk.clone();
        jwk[name] = value;
        jwk
    };
    let without = |name: &str| {
        let mut jwk = issuer.jwk.clone();
        jwk.as_object_mut().unwrap().remove(name);
        jwk
    };
    let short_pub = {
        use base64ct::{Base64UrlUnpadded, Encoding};
        let public = Base64UrlUnpadded::decode_vec(issuer.jwk["pub"].as_str().unwrap()).unwrap();
        Value::from(Base64UrlUnpadded::encode_string(&public[..1311]))
    };
    for (what, jwk, reason) in [
        ("priv", with("priv", json!("AAAA")), "priv"),
        ("no alg", without("alg"), "no `alg`"),
        ("unknown alg", with("alg", json!("ML-DSA-45")), "ML-DSA-45"),
        ("no pub", without("pub"), "no base64url `pub`"),
        ("short pub", with("pub", short_pub), "AKP JWK"),
    ] {
        let err = jose::public_key(&jwk).expect_err(what);
        assert_eq!(err.kind(), canonprof::ErrorKind::Key, "{what}");
        assert!(err.reason().contains(reason), "{what}: {err}");
    }
    let err = jose::decoding_key(&issuer.jwk).err().unwrap();
    assert!(err.reason().contains("AKP"), "{err}");
    // FALCON-512 has no JWS alg for its round-3 signatures; P-384 is not SD-JWT VC's here.
    assert!(jose::JoseKey::new(&SecretKey::from_seed(SignatureAlgorithm::Falcon512, 1)).is_err());
    assert_eq!(jose::JwsAlg::of(SignatureAlgorithm::Falcon512), None);
    assert_eq!(
        jose::JwsAlg::from_name("SLH-DSA-SHA2-128s"),
        Some(jose::JwsAlg::SlhDsaSha2_128s)
    );
    assert!(jose::JwsAlg::SlhDsaSha2_128s.is_draft());
}

/// RFC 9964 Appendix A.1 (tests/data/rfc9964): the all-zeros seed gives the example's public key, canonprof's
/// `AKP` JWK of it is the example's (without `kid` and `priv`), and the example JWS (`alg` `ML-DSA-44`, a text
/// payload) verifies over its signing input with that key; a changed signing input does not.
#[test]
fn rfc_9964_jose_example() {
    use base64ct::{Base64UrlUnpadded, Encoding};
    let example: Value = serde_json::from_str(
        &std::fs::read_to_string(common::data("rfc9964/ML_DSA_44.jose.json")).unwrap(),
    )
    .unwrap();
    let secret = SecretKey::from_bytes(SignatureAlgorithm::MlDsa44, &[0u8; 32]).unwrap();
    let jose_key = jose::JoseKey::new(&secret).unwrap();
    for member in ["kty", "alg", "pub"] {
        assert_eq!(jose_key.jwk[member], example["jwk"][member], "{member}");
    }
    assert_eq!(
        hex::encode(secret.public_key().to_bytes(false)),
        example["raw_public_key"]
    );
    let jws = example["jws"].as_str().unwrap();
    let (input, signature) = jws.rsplit_once('.').unwrap();
    let header: Value = serde_json::from_slice(
        &Base64UrlUnpadded::decode_vec(input.split('.').next().unwrap()).unwrap(),
    )
    .unwrap();
    assert_eq!(
        jose::JwsAlg::from_name(header["alg"].as_str().unwrap()),
        Some(jose::JwsAlg::MlDsa44)
    );
    assert_eq!(hex::encode(input), example["raw_to_be_signed"]);
    let signature = Base64UrlUnpadded::decode_vec(signature).unwrap();
    assert_eq!(hex::encode(&signature), example["raw_signature"]);
    let public = jose::public_key(&json!({
        "kty": "AKP", "alg": "ML-DSA-44", "pub": example["jwk"]["pub"],
    }))
    .unwrap();
    assert!(public.verify(input.as_bytes(), &signature));
    assert!(!public.verify(&input.as_bytes()[1..], &signature));
}

/// `canonprof verify` does not check post-quantum JWSs yet (only `exchange` does): an ML-DSA-44 SD-JWT VC, valid
/// or not, and its issuer-signed JWT alone are reported unsupported and NOT VERIFIED with the reason, never
/// verified (fails closed).
#[test]
fn verify_refuses_post_quantum_sd_jwts_by_name() {
    let (issuer, holder) = keys(SignatureAlgorithm::MlDsa44);
    let issued = sd_jwt::issue(&claims(&holder), &issuer, &mut rng()).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let sd = dir.path().join("ml-dsa.sd-jwt");
    let jwt = dir.path().join("ml-dsa.jwt");
    std::fs::write(&sd, issued.serialize()).unwrap();
    std::fs::write(&jwt, &issued.jwt).unwrap();
    for file in [&sd, &jwt] {
        let out = common::canonprof(&["verify", file.to_str().unwrap()]);
        let text = format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(!out.status.success(), "{text}");
        assert!(text.contains("NOT VERIFIED"), "{text}");
        assert!(
            text.contains("`alg` ML-DSA-44 is not verified by `canonprof verify` yet"),
            "{text}"
        );
        assert!(!text.contains("panicked"), "{text}");
    }
}
