//! Strict decoding of what is signed: hostile variants of valid mdoc, SD-JWT and ecdsa-sd-2023 inputs, built
//! programmatically and re-signed with the seeded keys so that the only fault in each is the one under test (each
//! builder's unmodified output verifies). Every refusal is checked for its kind, for words that name the fault,
//! and for the absence of a library's Debug text.

use crate::common;
use base64ct::{Base64UrlUnpadded, Encoding};
use canonprof::keys::{SecretKey, SignatureAlgorithm};
use canonprof::mdoc::{self, cbor, cert, Verification};
use canonprof::sd_jwt::{self, jose, Expected};
use canonprof::{Error, ErrorKind};
use ciborium::Value as Cbor;
use coset::AsCborValue;
use serde_json::Value;

/// Fragments of the Debug text of ciborium, coset, jsonwebtoken and std errors, which no message may show.
const DEBUG_TEXT: [&str; 12] = [
    "Io(",
    "Syntax(",
    "Semantic(",
    "RecursionLimitExceeded",
    "UnexpectedItem",
    "DecodeFailed",
    "Error {",
    "kind:",
    "InvalidToken",
    "InvalidKeyFormat",
    "InvalidSignature",
    "Json(",
];

/// Checks that `err` is of `kind`, says `words`, is one line of reasonable length and has no Debug text.
fn assert_refused(err: &Error, kind: ErrorKind, words: &[&str], what: &str) {
    let line = err.to_string();
    assert_eq!(err.kind(), kind, "{what}: {line}");
    for w in words {
        assert!(line.contains(w), "{what}: `{w}` not in: {line}");
    }
    for d in DEBUG_TEXT {
        assert!(!line.contains(d), "{what}: Debug text `{d}` in: {line}");
    }
    assert!(!line.contains('\n'), "{what}: one line");
    assert!(line.len() < 400, "{what}: {} bytes: {line}", line.len());
}

// ---------------------------------------------------------------------------------------------------------
// mdoc (ISO/IEC 18013-5)
// ---------------------------------------------------------------------------------------------------------

const NOW: i64 = 1_767_225_600; // 2026-01-01
const NS: &str = mdoc::MDL_NAMESPACE;

/// The structures of an mdoc a variant can change, each an encoded map.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum At {
    Item,
    Mso,
    Validity,
    ValueDigests,
    Digests,
    DeviceKey,
    Protected,
    Unprotected,
    IssuerSigned,
    Document,
    Response,
}

const EVERY_MAP: [At; 11] = [
    At::Item,
    At::Mso,
    At::Validity,
    At::ValueDigests,
    At::Digests,
    At::DeviceKey,
    At::Protected,
    At::Unprotected,
    At::IssuerSigned,
    At::Document,
    At::Response,
];

type Entries = Vec<(Vec<u8>, Vec<u8>)>;
/// An edit of a map's entries.
type EditEntries = dyn Fn(At, &mut Entries);

/// One hostile variant: the MSO's `digestAlgorithm`, an edit of a map's entries, an edit of its encoding.
struct Hostile<'a> {
    algorithm: &'a str,
    entries: &'a EditEntries,
    bytes: &'a dyn Fn(At, Vec<u8>) -> Vec<u8>,
}

const VALID: Hostile<'static> = Hostile {
    algorithm: "SHA-256",
    entries: &|_, _| {},
    bytes: &|_, b| b,
};

fn t(text: &str) -> Vec<u8> {
    cbor::encode(&Cbor::Text(text.into()))
}
fn uint(n: u64) -> Vec<u8> {
    cbor::encode(&Cbor::from(n))
}
fn int(n: i64) -> Vec<u8> {
    cbor::encode(&Cbor::from(n))
}
fn bstr(bytes: &[u8]) -> Vec<u8> {
    cbor::encode(&Cbor::Bytes(bytes.to_vec()))
}
fn tdate(text: &str) -> Vec<u8> {
    cbor::encode(&Cbor::Tag(0, Box::new(Cbor::Text(text.into()))))
}

/// The digest a builder puts in the MSO: of the algorithm named, SHA-256 for a name canonprof refuses.
fn digest_of(algorithm: &str, bytes: &[u8]) -> Vec<u8> {
    mdoc::DigestAlgorithm::from_name(algorithm)
        .unwrap_or(mdoc::DigestAlgorithm::Sha256)
        .digest(bytes)
}

struct Keys {
    issuer: SecretKey,
    device: SecretKey,
    chain: cert::Chain,
}

fn keys() -> Keys {
    let iaca = SecretKey::from_seed(SignatureAlgorithm::P256, 40);
    let issuer = SecretKey::from_seed(SignatureAlgorithm::P256, 41);
    let device = SecretKey::from_seed(SignatureAlgorithm::P256, 42);
    let chain = cert::generate(&iaca, &issuer).unwrap();
    Keys {
        issuer,
        device,
        chain,
    }
}

/// A `DeviceResponse` with one mDL document disclosing `family_name`, its MSO signed (ES256) by the DS key
/// after `h`'s edits, so that only `h`'s fault can make it fail.
fn device_response(k: &Keys, h: &Hostile) -> Vec<u8> {
    let map = |at: At, mut entries: Entries| {
        (h.entries)(at, &mut entries);
        let pairs: Vec<(&[u8], &[u8])> = entries
            .iter()
            .map(|(k, v)| (k.as_slice(), v.as_slice()))
            .collect();
        (h.bytes)(at, cbor::map_of(&pairs))
    };
    let item = cbor::tag24_of(&map(
        At::Item,
        vec![
            (t("digestID"), uint(0)),
            (t("random"), bstr(&[1; 16])),
            (t("elementIdentifier"), t("family_name")),
            (t("elementValue"), t("Doe")),
        ],
    ));
    let digests = map(
        At::Digests,
        vec![(uint(0), bstr(&digest_of(h.algorithm, &item)))],
    );
    let value_digests = map(At::ValueDigests, vec![(t(NS), digests)]);
    let Cbor::Map(key) = mdoc::cose_key(&k.device).unwrap().to_cbor_value().unwrap() else {
        panic!("a COSE_Key is a map")
    };
    let device_key = map(
        At::DeviceKey,
        key.iter()
            .map(|(k, v)| (cbor::encode(k), cbor::encode(v)))
            .collect(),
    );
    let validity = map(
        At::Validity,
        vec![
            (t("signed"), tdate("2026-01-01T00:00:00Z")),
            (t("validFrom"), tdate("2025-12-01T00:00:00Z")),
            (t("validUntil"), tdate("2027-01-01T00:00:00Z")),
        ],
    );
    let mso = map(
        At::Mso,
        vec![
            (t("version"), t("1.0")),
            (t("digestAlgorithm"), t(h.algorithm)),
            (t("valueDigests"), value_digests),
            (
                t("deviceKeyInfo"),
                cbor::text_map_of(&[("deviceKey", &device_key)]),
            ),
            (t("docType"), t(mdoc::MDL_DOC_TYPE)),
            (t("validityInfo"), validity),
        ],
    );
    let payload = cbor::tag24_of(&mso);
    let protected = map(At::Protected, vec![(int(1), int(-7))]);
    let unprotected = map(At::Unprotected, vec![(int(33), bstr(&k.chain.ds))]);
    // RFC 9052 §4.4 Sig_structure.
    let to_sign = cbor::array_of(&[
        &t("Signature1"),
        &bstr(&protected),
        &bstr(&[]),
        &bstr(&payload),
    ]);
    let signature = k.issuer.sign(&to_sign).unwrap();
    let issuer_auth = cbor::array_of(&[
        &bstr(&protected),
        &unprotected,
        &bstr(&payload),
        &bstr(&signature),
    ]);
    let name_spaces = cbor::map_of(&[(&t(NS), &cbor::array_of(&[&item]))]);
    let issuer_signed = map(
        At::IssuerSigned,
        vec![
            (t("nameSpaces"), name_spaces),
            (t("issuerAuth"), issuer_auth),
        ],
    );
    let document = map(
        At::Document,
        vec![
            (t("docType"), t(mdoc::MDL_DOC_TYPE)),
            (t("issuerSigned"), issuer_signed),
        ],
    );
    map(
        At::Response,
        vec![
            (t("version"), t("1.0")),
            (t("documents"), cbor::array_of(&[&document])),
            (t("status"), uint(0)),
        ],
    )
}

fn verify_mdoc(k: &Keys, bytes: &[u8]) -> canonprof::Result<mdoc::Verified> {
    mdoc::verify(
        bytes,
        &Verification {
            now_unix: NOW,
            iaca: Some(&k.chain.iaca),
            session_transcript: None,
        },
    )
}

/// The encoding of the map `bytes` with an indefinite-length head (0xbf … 0xff) instead of its definite one.
fn indefinite(bytes: Vec<u8>) -> Vec<u8> {
    assert!((0xa0..0xb8).contains(&bytes[0]), "a small map");
    let mut out = vec![0xbf];
    out.extend_from_slice(&bytes[1..]);
    out.push(0xff);
    out
}

/// The encoding of the map `bytes` with its count in two bytes (0xb8 n) instead of one.
fn long_head(bytes: Vec<u8>) -> Vec<u8> {
    assert!((0xa0..0xb8).contains(&bytes[0]), "a small map");
    let mut out = vec![0xb8, bytes[0] - 0xa0];
    out.extend_from_slice(&bytes[1..]);
    out
}

#[test]
fn the_mdoc_builder_verifies_unchanged_and_with_each_allowed_digest_algorithm() {
    let k = keys();
    for algorithm in ["SHA-256", "SHA-384", "SHA-512"] {
        let bytes = device_response(&k, &Hostile { algorithm, ..VALID });
        let verified = verify_mdoc(&k, &bytes).unwrap_or_else(|e| panic!("{algorithm}: {e}"));
        assert_eq!(
            verified.elements,
            vec![(
                NS.to_string(),
                "family_name".to_string(),
                Cbor::Text("Doe".into())
            )]
        );
    }
    // An element value that needs a double, and one in half precision, are in their preferred form.
    for value in [cbor::encode(&Cbor::Float(0.1)), vec![0xf9, 0x3e, 0x00]] {
        let entries = move |at: At, e: &mut Entries| {
            if at == At::Item {
                e[3].1 = value.clone();
            }
        };
        let bytes = device_response(
            &k,
            &Hostile {
                entries: &entries,
                ..VALID
            },
        );
        verify_mdoc(&k, &bytes).unwrap();
    }
}

#[test]
fn an_mso_digest_algorithm_iso_18013_5_does_not_allow_is_refused_by_name() {
    let k = keys();
    for algorithm in ["SHA-1", "MD5", "sha-256", "SHA256", "SHA3-256", ""] {
        let bytes = device_response(&k, &Hostile { algorithm, ..VALID });
        let err = verify_mdoc(&k, &bytes).unwrap_err();
        assert_refused(
            &err,
            ErrorKind::Mdoc,
            &[
                &format!("digestAlgorithm `{algorithm}`"),
                "not one ISO/IEC 18013-5 allows",
            ],
            algorithm,
        );
    }
    // A digest of another length than the algorithm's.
    let short = |at: At, e: &mut Entries| {
        if at == At::Digests {
            e[0].1 = bstr(&[0; 32]);
        }
    };
    let bytes = device_response(
        &k,
        &Hostile {
            algorithm: "SHA-384",
            entries: &short,
            ..VALID
        },
    );
    let err = verify_mdoc(&k, &bytes).unwrap_err();
    assert_refused(
        &err,
        ErrorKind::Mdoc,
        &["is 32 bytes, not the 48 of SHA-384"],
        "short digest",
    );
}

#[test]
fn a_repeated_map_key_is_refused_in_every_mdoc_structure() {
    let k = keys();
    for at in EVERY_MAP {
        // The first key again: with its own value, and with another member's value.
        for other_value in [false, true] {
            let entries = move |here: At, e: &mut Entries| {
                if here == at {
                    let value = if other_value {
                        e.last().unwrap().1.clone()
                    } else {
                        e[0].1.clone()
                    };
                    e.push((e[0].0.clone(), value));
                }
            };
            let bytes = device_response(
                &k,
                &Hostile {
                    entries: &entries,
                    ..VALID
                },
            );
            let err = verify_mdoc(&k, &bytes).unwrap_err();
            assert_refused(&err, ErrorKind::Mdoc, &["repeat"], &format!("{at:?}"));
        }
    }
    // Inside an element value, and in a DeviceAuth.
    let nested = |at: At, e: &mut Entries| {
        if at == At::Item {
            e[3].1 = cbor::text_map_of(&[("a", &uint(1)), ("a", &uint(2))]);
        }
    };
    let device_auth = |at: At, e: &mut Entries| {
        if at == At::Document {
            let auth = cbor::text_map_of(&[("deviceMac", &uint(1)), ("deviceMac", &uint(2))]);
            let device_namespaces = cbor::tag24_of(&cbor::map_of(&[]));
            e.push((
                t("deviceSigned"),
                cbor::text_map_of(&[("nameSpaces", &device_namespaces), ("deviceAuth", &auth)]),
            ));
        }
    };
    for (what, entries) in [
        ("element value", &nested as &EditEntries),
        ("deviceAuth", &device_auth),
    ] {
        let bytes = device_response(&k, &Hostile { entries, ..VALID });
        let err = verify_mdoc(&k, &bytes).unwrap_err();
        assert_refused(&err, ErrorKind::Mdoc, &["repeats the map key `"], what);
    }
}

#[test]
fn trailing_bytes_indefinite_lengths_and_long_heads_are_refused_at_every_level() {
    let k = keys();
    type Edit = fn(Vec<u8>) -> Vec<u8>;
    let trailing: Edit = |mut b| {
        b.push(0);
        b
    };
    let edits: [(&str, Edit, &str); 3] = [
        ("trailing byte", trailing, "after its CBOR item"),
        ("indefinite length", indefinite, "an indefinite-length item"),
        ("long head", long_head, "a head longer than its value needs"),
    ];
    for (what, edit, words) in edits {
        for at in [
            At::Item,
            At::Mso,
            At::Protected,
            At::Validity,
            At::IssuerSigned,
            At::Response,
        ] {
            if what == "trailing byte"
                && ![At::Item, At::Mso, At::Protected, At::Response].contains(&at)
            {
                // A byte after a map that is a member of another is a member too: another fault.
                continue;
            }
            let bytes = move |here: At, b: Vec<u8>| if here == at { edit(b) } else { b };
            let response = device_response(
                &k,
                &Hostile {
                    bytes: &bytes,
                    ..VALID
                },
            );
            let err = verify_mdoc(&k, &response).unwrap_err();
            assert_refused(
                &err,
                ErrorKind::Mdoc,
                &[words],
                &format!("{what} in {at:?}"),
            );
        }
    }
}

#[test]
fn element_values_not_in_the_preferred_serialization_are_refused() {
    let k = keys();
    let cases: [(&str, Vec<u8>, &str); 7] = [
        (
            "double that a half holds",
            [vec![0xfb], 1.5f64.to_bits().to_be_bytes().to_vec()].concat(),
            "a head longer than its value needs",
        ),
        (
            "single that a half holds",
            [vec![0xfa], 1.5f32.to_bits().to_be_bytes().to_vec()].concat(),
            "a head longer than its value needs",
        ),
        (
            "integer in two bytes",
            vec![0x18, 0x05],
            "a head longer than its value needs",
        ),
        (
            "indefinite text",
            vec![0x7f, 0x63, b'D', b'o', b'e', 0xff],
            "an indefinite-length item",
        ),
        (
            "text not UTF-8",
            vec![0x62, 0xff, 0xfe],
            "a text string that is not UTF-8",
        ),
        (
            "two-byte simple value",
            vec![0xf8, 0x10],
            "a simple value below 32",
        ),
        ("lone break", vec![0xff], "a break outside"),
    ];
    for (what, value, words) in cases {
        let entries = move |at: At, e: &mut Entries| {
            if at == At::Item {
                e[3].1 = value.clone();
            }
        };
        let bytes = device_response(
            &k,
            &Hostile {
                entries: &entries,
                ..VALID
            },
        );
        let err = verify_mdoc(&k, &bytes).unwrap_err();
        assert_refused(
            &err,
            ErrorKind::Mdoc,
            &[words, "IssuerSignedItemBytes"],
            what,
        );
    }
}

#[test]
fn mdoc_messages_name_the_fault_in_words_and_cut_long_values() {
    let k = keys();
    let long = "x".repeat(200_000);
    let long_date = tdate(&long);
    let not_cose = |at: At, e: &mut Entries| {
        if at == At::IssuerSigned {
            e[1].1 = t("not a COSE_Sign1");
        }
    };
    let few_random = |at: At, e: &mut Entries| {
        if at == At::Item {
            e[1].1 = bstr(&[1; 8]);
        }
    };
    let long_validity = move |at: At, e: &mut Entries| {
        if at == At::Validity {
            e[1].1 = long_date.clone();
        }
    };
    let not_a_key = |at: At, e: &mut Entries| {
        if at == At::DeviceKey {
            e.retain(|(k, _)| *k != int(1));
        }
    };
    let cases: [(&str, &EditEntries, ErrorKind, &[&str]); 4] = [
        (
            "issuerAuth not an array",
            &not_cose,
            ErrorKind::Mdoc,
            &["issuerAuth is not a COSE_Sign1: expected "],
        ),
        (
            "8 random bytes",
            &few_random,
            ErrorKind::Mdoc,
            &["random is 8 bytes, fewer than the 16"],
        ),
        (
            "200 kB validFrom",
            &long_validity,
            ErrorKind::Mdoc,
            &[
                "validFrom `xxxx",
                "… (199920 more characters)",
                "not an RFC 3339 date-time",
            ],
        ),
        (
            "COSE_Key without kty",
            &not_a_key,
            ErrorKind::Key,
            &["deviceKey is not a COSE_Key"],
        ),
    ];
    for (what, entries, kind, words) in cases {
        let bytes = device_response(&k, &Hostile { entries, ..VALID });
        let err = verify_mdoc(&k, &bytes).unwrap_err();
        assert_refused(&err, kind, words, what);
    }
    // COSE_Sign1 parsing on its own.
    let err = mdoc::parse_sign1(&[0x84, 0x40, 0xa0, 0xf6]).unwrap_err();
    assert_refused(
        &err,
        ErrorKind::Mdoc,
        &["not a COSE_Sign1"],
        "short COSE_Sign1",
    );
}

#[test]
fn mdoc_text_input_must_be_hex() {
    use canonprof::verify::detect::mdoc_bytes;
    assert_eq!(mdoc_bytes(b"a1 b2\n0c").unwrap(), vec![0xa1, 0xb2, 0x0c]);
    assert_eq!(mdoc_bytes(&[0xa1, 0x00]).unwrap(), vec![0xa1, 0x00]);
    let odd = format!("{}a", "a1".repeat(3561));
    for (what, input, words) in [
        (
            "odd digits",
            odd.as_str(),
            "7123 hex digits, not a whole number of bytes",
        ),
        ("a letter", "a1b2zz", "byte 4 is not a hex digit"),
        ("empty", "  \n", "0 hex digits"),
        ("JSON", "{\"documents\": []}", "byte 0 is not a hex digit"),
    ] {
        let err = mdoc_bytes(input.as_bytes()).unwrap_err();
        assert_refused(&err, ErrorKind::Mdoc, &["not valid hex", words], what);
    }
}

// ---------------------------------------------------------------------------------------------------------
// SD-JWT (RFC 9901)
// ---------------------------------------------------------------------------------------------------------

fn b64(bytes: &[u8]) -> String {
    Base64UrlUnpadded::encode_string(bytes)
}

struct JwtKeys {
    issuer: SecretKey,
    holder: SecretKey,
    holder_jwk: Value,
}

fn jwt_keys() -> JwtKeys {
    let issuer = SecretKey::from_seed(SignatureAlgorithm::P256, 61);
    let holder = SecretKey::from_seed(SignatureAlgorithm::P256, 62);
    let holder_jwk = jose::JoseKey::new(&holder).unwrap().jwk;
    JwtKeys {
        issuer,
        holder,
        holder_jwk,
    }
}

/// A compact JWS of the header and payload texts exactly as given, signed (ES256) with `key`.
fn jws(header: &str, payload: &str, key: &SecretKey) -> String {
    let input = format!("{}.{}", b64(header.as_bytes()), b64(payload.as_bytes()));
    let signature = key.sign(input.as_bytes()).unwrap();
    format!("{input}.{}", b64(&signature))
}

const ISSUER_HEADER: &str = r#"{"alg":"ES256","typ":"dc+sd-jwt"}"#;
const KB_HEADER: &str = r#"{"alg":"ES256","typ":"kb+jwt"}"#;
const NONCE: &str = "n-1";
const AUD: &str = "https://verifier.example";

/// The Disclosures of the valid SD-JWT.
fn disclosures() -> Vec<String> {
    [
        r#"["c2FsdC0x","given_name","Erika"]"#,
        r#"["c2FsdC0y","address",{"locality":"Berlin"}]"#,
    ]
    .iter()
    .map(|d| b64(d.as_bytes()))
    .collect()
}

/// An issuer-signed payload referencing `disclosures` (hashed with `alg`), with the `_sd_alg` member text
/// `sd_alg` (none when empty) and the further members `extra` (`,"name":value…` or empty).
fn payload(
    k: &JwtKeys,
    disclosures: &[String],
    sd_alg: &str,
    alg: sd_jwt::HashAlg,
    extra: &str,
) -> String {
    let digests: Vec<String> = disclosures
        .iter()
        .map(|d| format!("\"{}\"", alg.digest(d)))
        .collect();
    let sd_alg = match sd_alg {
        "" => String::new(),
        member => format!(",\"_sd_alg\":{member}"),
    };
    format!(
        r#"{{"iss":"https://issuer.example","vct":"https://vct.example/pid","_sd":[{}]{sd_alg},"cnf":{{"jwk":{}}}{extra}}}"#,
        digests.join(","),
        k.holder_jwk
    )
}

/// `<issuer JWT>~<Disclosures>~<KB-JWT>` with the KB-JWT's payload members `kb_extra` after `nonce`, `aud`,
/// `sd_hash` (with the hash the payload's `_sd_alg` names) and (unless `kb_extra` has one) `iat`.
fn presentation(
    k: &JwtKeys,
    header: &str,
    payload: &str,
    disclosures: &[String],
    kb_extra: &str,
) -> String {
    let mut sd = format!("{}~", jws(header, payload, &k.issuer));
    for d in disclosures {
        sd.push_str(d);
        sd.push('~');
    }
    let iat = if kb_extra.contains("\"iat\"") {
        String::new()
    } else {
        ",\"iat\":1700000100".to_string()
    };
    let kb_payload = format!(
        r#"{{"nonce":"{NONCE}","aud":"{AUD}","sd_hash":"{}"{iat}{kb_extra}}}"#,
        sd_hash_alg(payload).digest(&sd)
    );
    sd.push_str(&jws(KB_HEADER, &kb_payload, &k.holder));
    sd
}

/// The hash a payload's `_sd_alg` names (SHA-256 when it names none canonprof has).
fn sd_hash_alg(payload: &str) -> sd_jwt::HashAlg {
    serde_json::from_str::<serde_json::Map<String, Value>>(payload)
        .ok()
        .and_then(|p| sd_jwt::HashAlg::of_payload(&p).ok())
        .unwrap_or(sd_jwt::HashAlg::Sha256)
}

fn verify_sd_jwt(k: &JwtKeys, presentation: &str) -> canonprof::Result<sd_jwt::Verified> {
    let public = k.issuer.public_key();
    let expected = Some(Expected {
        nonce: NONCE,
        aud: AUD,
    });
    let ours = sd_jwt::verify(presentation, &public, expected);
    let (key, alg) = jose::decoding_key(&jose::JoseKey::new(&k.issuer).unwrap().jwk).unwrap();
    let theirs = sd_jwt::verify(presentation, (&key, alg), expected);
    // Both verification keys give the same verdict and message.
    match (&ours, &theirs) {
        (Ok(_), Ok(_)) => {}
        (Err(a), Err(b)) => assert_eq!((a.kind(), &a.reason()), (b.kind(), &b.reason())),
        _ => panic!("the two keys disagree: {ours:?} / {theirs:?}"),
    }
    ours
}

fn valid_presentation(k: &JwtKeys, extra: &str, kb_extra: &str) -> String {
    let d = disclosures();
    let p = payload(k, &d, "\"sha-256\"", sd_jwt::HashAlg::Sha256, extra);
    presentation(k, ISSUER_HEADER, &p, &d, kb_extra)
}

#[test]
fn the_sd_jwt_builder_verifies_unchanged_and_with_each_supported_sd_alg() {
    let k = jwt_keys();
    let verified = verify_sd_jwt(&k, &valid_presentation(&k, "", "")).unwrap();
    assert_eq!(verified.claims["given_name"], "Erika");
    assert_eq!(verified.key_binding_iat, Some(1_700_000_100.0));
    let d = disclosures();
    for (member, alg) in [
        ("", sd_jwt::HashAlg::Sha256),
        ("\"sha-384\"", sd_jwt::HashAlg::Sha384),
        ("\"sha-512\"", sd_jwt::HashAlg::Sha512),
    ] {
        let p = payload(&k, &d, member, alg, "");
        let verified = verify_sd_jwt(&k, &presentation(&k, ISSUER_HEADER, &p, &d, ""))
            .unwrap_or_else(|e| panic!("{member}: {e}"));
        assert_eq!(verified.claims["address"]["locality"], "Berlin", "{member}");
    }
    // NumericDates that are not integers are numbers all the same.
    let verified = verify_sd_jwt(
        &k,
        &valid_presentation(
            &k,
            ",\"exp\":1900000000.5,\"nbf\":1.5e9",
            ",\"iat\":1700000100.25",
        ),
    )
    .unwrap();
    assert_eq!(verified.key_binding_iat, Some(1_700_000_100.25));
    assert_eq!(verified.claims["exp"].as_f64(), Some(1_900_000_000.5));
}

#[test]
fn an_sd_alg_that_is_not_a_supported_hash_name_is_a_malformed_sd_jwt() {
    let k = jwt_keys();
    let d = disclosures();
    for (member, words) in [
        ("5", "`_sd_alg` is a number, not a string"),
        ("null", "`_sd_alg` is null, not a string"),
        ("true", "`_sd_alg` is a boolean, not a string"),
        ("[\"sha-256\"]", "`_sd_alg` is an array, not a string"),
        (
            "{\"alg\":\"sha-256\"}",
            "`_sd_alg` is an object, not a string",
        ),
        ("\"sha-1\"", "`_sd_alg` names `sha-1`, not a supported hash"),
        (
            "\"SHA-256\"",
            "`_sd_alg` names `SHA-256`, not a supported hash",
        ),
        ("\"md5\"", "`_sd_alg` names `md5`, not a supported hash"),
    ] {
        let p = payload(&k, &d, member, sd_jwt::HashAlg::Sha256, "");
        let err = verify_sd_jwt(&k, &presentation(&k, ISSUER_HEADER, &p, &d, "")).unwrap_err();
        assert_refused(&err, ErrorKind::SdJwt, &["malformed SD-JWT", words], member);
    }
}

#[test]
fn disclosures_must_be_exactly_base64url_of_a_well_formed_array() {
    let k = jwt_keys();
    let long_value = format!(r#"["salt","name","{}"]"#, "v".repeat(200_000));
    let long = b64(long_value.as_bytes()) + "=";
    // `["s","n","v"]` is 13 bytes: the last character carries 4 zero bits, `Q`; `R` decodes to the same bytes.
    let canonical = b64(br#"["s","n","v"]"#);
    assert!(canonical.ends_with('Q'));
    let non_canonical = format!("{}R", &canonical[..canonical.len() - 1]);
    let cases: Vec<(String, &str)> = vec![
        (non_canonical, "not base64url without padding"),
        (
            b64(br#"["salt","name","value"]"#) + "=",
            "not base64url without padding",
        ),
        (
            format!("+{}", &b64(br#"["salt","name","value"]"#)[1..]),
            "not base64url without padding",
        ),
        (b64(b"not JSON"), "its JSON is not I-JSON"),
        (b64(&[0x5b, 0xff, 0x5d]), "its JSON is not UTF-8"),
        (b64(br#"{"salt":"s"}"#), "an object, not a JSON array"),
        (b64(br#""salt""#), "a string, not a JSON array"),
        (b64(br#"["salt"]"#), "an array of 1 elements"),
        (
            b64(br#"["salt","name","value","more"]"#),
            "an array of 4 elements",
        ),
        (
            b64(br#"[1,"name","value"]"#),
            "the salt is a number, not a string",
        ),
        (b64(br#"[null,"value"]"#), "the salt is null, not a string"),
        (
            b64(br#"["salt",7,"value"]"#),
            "the claim name is a number, not a string",
        ),
        (
            b64(br#"["salt",null,"value"]"#),
            "the claim name is null, not a string",
        ),
        (
            b64(br#"["salt","_sd","value"]"#),
            "the claim name `_sd` is reserved",
        ),
        (
            b64(br#"["salt","...","value"]"#),
            "the claim name `...` is reserved",
        ),
        (b64(br#"["salt","name",{"a":1,"a":2}]"#), "duplicate key"),
        (
            b64(br#"["salt","name","value"] x"#),
            "its JSON is not I-JSON",
        ),
        (long, "… ("),
    ];
    for (disclosure, words) in cases {
        let d = vec![disclosures()[0].clone(), disclosure];
        let p = payload(&k, &d, "\"sha-256\"", sd_jwt::HashAlg::Sha256, "");
        let err = verify_sd_jwt(&k, &presentation(&k, ISSUER_HEADER, &p, &d, "")).unwrap_err();
        assert_refused(
            &err,
            ErrorKind::SdJwt,
            &["malformed Disclosure", words],
            words,
        );
    }
}

#[test]
fn repeated_json_keys_are_refused_in_header_payload_and_key_binding_jwt() {
    let k = jwt_keys();
    let d = disclosures();
    let good = payload(&k, &d, "\"sha-256\"", sd_jwt::HashAlg::Sha256, "");
    let repeated_payload = payload(
        &k,
        &d,
        "\"sha-256\"",
        sd_jwt::HashAlg::Sha256,
        r#","iss":"https://other.example""#,
    );
    let repeated_nested = good.replacen(r#""cnf":{"#, r#""cnf":{"x":1,"x":2,"#, 1);
    let repeated_sd_alg = payload(
        &k,
        &d,
        "\"sha-256\"",
        sd_jwt::HashAlg::Sha256,
        r#","_sd_alg":"sha-512""#,
    );
    let cases = [
        (
            "header",
            presentation(
                &k,
                r#"{"alg":"ES256","typ":"dc+sd-jwt","typ":"jwt"}"#,
                &good,
                &d,
                "",
            ),
            "its header is not I-JSON",
        ),
        (
            "header alg",
            presentation(
                &k,
                r#"{"alg":"ES256","alg":"none","typ":"dc+sd-jwt"}"#,
                &good,
                &d,
                "",
            ),
            "its header is not I-JSON",
        ),
        (
            "payload",
            presentation(&k, ISSUER_HEADER, &repeated_payload, &d, ""),
            "its payload is not I-JSON",
        ),
        (
            "payload _sd_alg",
            presentation(&k, ISSUER_HEADER, &repeated_sd_alg, &d, ""),
            "its payload is not I-JSON",
        ),
        (
            "nested payload object",
            presentation(&k, ISSUER_HEADER, &repeated_nested, &d, ""),
            "its payload is not I-JSON",
        ),
        (
            "KB-JWT payload",
            presentation(
                &k,
                ISSUER_HEADER,
                &good,
                &d,
                &format!(r#","nonce":"{NONCE}""#),
            ),
            "its payload is not I-JSON",
        ),
    ];
    for (what, text, words) in cases {
        let err = verify_sd_jwt(&k, &text).unwrap_err();
        assert_refused(
            &err,
            ErrorKind::SdJwt,
            &["is malformed", words, "duplicate key"],
            what,
        );
    }
}

#[test]
fn time_claims_that_are_not_numeric_dates_are_malformed() {
    let k = jwt_keys();
    for value in ["\"1900000000\"", "null", "true", "[1900000000]", "{}"] {
        for claim in ["exp", "nbf", "iat"] {
            let member = format!(",\"{claim}\":{value}");
            for (jwt, text) in [
                ("issuer-signed JWT", valid_presentation(&k, &member, "")),
                ("Key Binding JWT", valid_presentation(&k, "", &member)),
            ] {
                let err = verify_sd_jwt(&k, &text).unwrap_err();
                assert_refused(
                    &err,
                    ErrorKind::SdJwt,
                    &[&format!("malformed {jwt}: `{claim}`"), "not a NumericDate"],
                    &format!("{jwt} {claim} {value}"),
                );
            }
        }
    }
    assert_eq!(
        sd_jwt::numeric_date(
            serde_json::json!({"exp": 1.5}).as_object().unwrap(),
            "exp",
            "JWT"
        )
        .unwrap(),
        Some(1.5)
    );
}

#[test]
fn a_payload_that_is_not_a_json_object_is_a_payload_error_whatever_the_signature() {
    let k = jwt_keys();
    let d = disclosures();
    for payload in ["[1,2]", "\"text\"", "42", "null", "not json"] {
        // Signed correctly, and with its signature cut.
        let signed = presentation(&k, ISSUER_HEADER, payload, &d, "");
        let (jwt, rest) = signed.split_once('~').unwrap();
        let unsigned = format!("{}AAAA~{rest}", &jwt[..jwt.rfind('.').unwrap() + 1]);
        for text in [signed.clone(), unsigned] {
            let err = verify_sd_jwt(&k, &text).unwrap_err();
            assert_refused(
                &err,
                ErrorKind::SdJwt,
                &["issuer-signed JWT is malformed", "its payload"],
                payload,
            );
        }
    }
    for (jwt, parts) in [("a.b", "2"), ("a.b.c.d", "4"), ("", "1")] {
        let err = verify_sd_jwt(&k, &format!("{jwt}~")).unwrap_err();
        assert_refused(
            &err,
            ErrorKind::SdJwt,
            &[&format!(
                "{parts} dot-separated parts, not the 3 of a compact JWS"
            )],
            jwt,
        );
    }
    // A signature that does not verify is the signature's fault.
    let mut text = valid_presentation(&k, "", "");
    let cut = text.find('~').unwrap() - 3;
    text.replace_range(
        cut..cut + 2,
        if &text[cut..cut + 2] == "AA" {
            "BB"
        } else {
            "AA"
        },
    );
    let err = verify_sd_jwt(&k, &text).unwrap_err();
    assert_refused(
        &err,
        ErrorKind::Signature,
        &["signature does not verify"],
        "signature",
    );
    // So is one of the wrong size, with either verification key.
    let valid = valid_presentation(&k, "", "");
    let (jwt, rest) = valid.split_once('~').unwrap();
    let short = format!(
        "{}{}~{rest}",
        &jwt[..jwt.rfind('.').unwrap() + 1],
        b64(&[1; 32])
    );
    let err = verify_sd_jwt(&k, &short).unwrap_err();
    assert_refused(
        &err,
        ErrorKind::Signature,
        &["signature does not verify"],
        "32-byte signature",
    );
}

#[test]
fn jsonwebtoken_errors_read_as_sentences() {
    use jsonwebtoken::errors::{Error as JwtError, ErrorKind as K};
    let kinds = [
        K::InvalidToken,
        K::InvalidSignature,
        K::InvalidEcdsaKey,
        K::InvalidKeyFormat,
        K::InvalidAlgorithm,
        K::MissingRequiredClaim("exp".into()),
        K::InvalidClaimFormat("nbf".into()),
        K::ExpiredSignature,
        K::ImmatureSignature,
        K::InvalidRsaKey("bad".into()),
    ];
    for kind in kinds {
        let text = jose::describe(&JwtError::from(kind.clone()));
        assert!(text.contains(' '), "{kind:?}: {text}");
        for d in DEBUG_TEXT.iter().chain(&[
            "MissingRequiredClaim",
            "InvalidClaimFormat",
            "ExpiredSignature",
        ]) {
            assert!(!text.contains(d), "{kind:?}: {text}");
        }
    }
    // A JWK jsonwebtoken cannot use.
    let err =
        jose::public_key(&serde_json::json!({"kty": "EC", "crv": "P-256", "x": "AA", "y": "AA"}))
            .unwrap_err();
    assert_refused(&err, ErrorKind::Key, &["invalid JWK"], "short JWK");
    let err = jose::decoding_key(&serde_json::json!({"kty": "RSA", "crv": "x".repeat(1000)}))
        .unwrap_err();
    assert_refused(
        &err,
        ErrorKind::Key,
        &["unsupported JWK (kty \"RSA\""],
        "RSA JWK",
    );
}

// ---------------------------------------------------------------------------------------------------------
// ecdsa-sd-2023 proof values (VC DI ECDSA §3.5)
// ---------------------------------------------------------------------------------------------------------

fn vector(path: &str) -> Value {
    let path = common::data(&format!("di-vectors/vc-di-ecdsa/ecdsa-sd-2023/{path}"));
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

/// The proof value's CBOR body (after the 3-byte header) as a ciborium value.
fn body(proof_value: &str) -> ([u8; 3], Cbor) {
    let bytes = Base64UrlUnpadded::decode_vec(&proof_value[1..]).unwrap();
    (
        bytes[..3].try_into().unwrap(),
        ciborium::from_reader(&bytes[3..]).unwrap(),
    )
}

fn proof_value_of(header: [u8; 3], body: &[u8]) -> String {
    format!("u{}", b64(&[&header[..], body].concat()))
}

/// The derived proof's components, changed by `edit`, encoded again.
fn edited(proof_value: &str, edit: impl Fn(&mut Vec<Cbor>)) -> String {
    let (header, Cbor::Array(mut items)) = body(proof_value) else {
        panic!("an array")
    };
    edit(&mut items);
    proof_value_of(header, &cbor::encode(&Cbor::Array(items)))
}

fn map_entries(items: &mut [Cbor]) -> &mut Vec<(Cbor, Cbor)> {
    match &mut items[3] {
        Cbor::Map(entries) => entries,
        _ => panic!("a label map"),
    }
}

#[test]
fn derived_proof_values_decode_to_exactly_the_structure_of_vc_di_ecdsa_3_5() {
    use canonprof::canon::{Session, Settings};
    use canonprof::integrity::proof_value;
    use canonprof::integrity::suites as di;
    let session = Session::bundled(Settings::default());
    for dir in ["employ", "prc"] {
        let revealed = vector(&format!("{dir}/derivedRevealDocument.json"));
        let valid = revealed["proof"]["proofValue"]
            .as_str()
            .unwrap()
            .to_string();
        assert!(
            di::verify_proof(&revealed, None, &session)
                .unwrap()
                .verified,
            "{dir}"
        );
        let parsed = proof_value::parse_derived(&valid).unwrap();
        let (header, _) = body(&valid);
        let canonical = cbor::encode(&body(&valid).1);
        let n = parsed.label_map.len();
        let with = |what: &str, text: String| (what.to_string(), text);
        let bytes_of = |len: usize| Cbor::Bytes(vec![7; len]);
        let variants: Vec<((String, String), &str)> = vec![
            (
                with(
                    "trailing byte",
                    proof_value_of(header, &[canonical.clone(), vec![0]].concat()),
                ),
                "has 1 bytes after its CBOR item",
            ),
            (
                with(
                    "long array head",
                    proof_value_of(header, &[vec![0x98, 5], canonical[1..].to_vec()].concat()),
                ),
                "not in the CBOR encoding ecdsa-sd-2023 serializes",
            ),
            (
                with(
                    "indefinite array",
                    proof_value_of(
                        header,
                        &[vec![0x9f], canonical[1..].to_vec(), vec![0xff]].concat(),
                    ),
                ),
                "not in the CBOR encoding ecdsa-sd-2023 serializes",
            ),
            (
                with(
                    "truncated",
                    proof_value_of(header, &canonical[..canonical.len() - 1]),
                ),
                "is not valid CBOR",
            ),
            (
                with(
                    "4 components",
                    edited(&valid, |i| {
                        i.pop();
                    }),
                ),
                "does not have 5 components",
            ),
            (
                with("6 components", edited(&valid, |i| i.push(Cbor::Null))),
                "does not have 5 components",
            ),
            (
                with(
                    "63-byte baseSignature",
                    edited(&valid, |i| i[0] = bytes_of(63)),
                ),
                "baseSignature is 63 bytes, not 64",
            ),
            (
                with(
                    "65-byte baseSignature",
                    edited(&valid, |i| i[0] = bytes_of(65)),
                ),
                "baseSignature is 65 bytes, not 64",
            ),
            (
                with("34-byte publicKey", edited(&valid, |i| i[1] = bytes_of(34))),
                "publicKey is 34 bytes, not 35",
            ),
            (
                with(
                    "publicKey not Multikey",
                    edited(&valid, |i| i[1] = bytes_of(35)),
                ),
                "publicKey is not a compressed P-256 Multikey",
            ),
            (
                with(
                    "short signature",
                    edited(&valid, |i| {
                        if let Cbor::Array(s) = &mut i[2] {
                            s[0] = bytes_of(63)
                        }
                    }),
                ),
                "signature 0 is 63 bytes, not 64",
            ),
            (
                with(
                    "signature not bytes",
                    edited(&valid, |i| {
                        if let Cbor::Array(s) = &mut i[2] {
                            s[0] = Cbor::Text("x".into())
                        }
                    }),
                ),
                "signature 0 is not a CBOR byte string",
            ),
            (
                with(
                    "repeated label key",
                    edited(&valid, |i| {
                        let e = map_entries(i);
                        let first = e[0].clone();
                        e.push((first.0, bytes_of(32)));
                    }),
                ),
                "repeats the key c14n",
            ),
            (
                with(
                    "repeated label value",
                    edited(&valid, |i| {
                        let e = map_entries(i);
                        let first = e[0].1.clone();
                        e.push((Cbor::from(9999u64), first));
                    }),
                ),
                "a label another blank node has",
            ),
            (
                with(
                    "text label key",
                    edited(&valid, |i| map_entries(i)[0].0 = Cbor::Text("c14n0".into())),
                ),
                "labelMap key is not an unsigned integer",
            ),
            (
                with(
                    "negative label key",
                    edited(&valid, |i| map_entries(i)[0].0 = Cbor::from(-1i64)),
                ),
                "labelMap key is not an unsigned integer",
            ),
            (
                with(
                    "31-byte label",
                    edited(&valid, |i| map_entries(i)[0].1 = bytes_of(31)),
                ),
                "is 31 bytes, not 32",
            ),
            (
                with(
                    "label map not a map",
                    edited(&valid, |i| i[3] = Cbor::Array(vec![])),
                ),
                "labelMap is not a CBOR map",
            ),
            (
                with(
                    "repeated mandatory index",
                    edited(&valid, |i| {
                        i[4] = Cbor::Array(vec![Cbor::from(0u64), Cbor::from(0u64)])
                    }),
                ),
                "mandatoryIndexes are not strictly increasing: 0 then 0",
            ),
            (
                with(
                    "decreasing mandatory indexes",
                    edited(&valid, |i| {
                        i[4] = Cbor::Array(vec![Cbor::from(2u64), Cbor::from(1u64)])
                    }),
                ),
                "not strictly increasing: 2 then 1",
            ),
            (
                with(
                    "negative mandatory index",
                    edited(&valid, |i| i[4] = Cbor::Array(vec![Cbor::from(-1i64)])),
                ),
                "a mandatory index is not an unsigned integer",
            ),
        ];
        for ((what, text), words) in variants {
            let err = proof_value::parse_derived(&text).unwrap_err();
            assert_refused(&err, ErrorKind::Proof, &[words], &format!("{dir} {what}"));
            let mut document = revealed.clone();
            document["proof"]["proofValue"] = Value::from(text);
            let v = di::verify_proof(&document, None, &session).unwrap();
            assert!(!v.verified, "{dir} {what}");
            assert!(v.reason.unwrap().contains(words), "{dir} {what}");
        }
        // Well-formed, but not the label map or indexes the revealed document needs: an extra entry, a missing
        // one, an index beyond the statements.
        let extra = edited(&valid, |i| {
            map_entries(i).push((Cbor::from(9999u64), bytes_of(32)))
        });
        let missing = edited(&valid, |i| {
            map_entries(i).pop();
        });
        let beyond = edited(&valid, |i| {
            if let Cbor::Array(idx) = &mut i[4] {
                idx.push(Cbor::from(100_000u64));
            }
        });
        for (what, text, words) in [
            (
                "extra label",
                extra,
                format!("label map has {} entries for the {n} blank nodes", n + 1),
            ),
            (
                "missing label",
                missing,
                "has no label for blank node".to_string(),
            ),
            (
                "index beyond",
                beyond,
                "mandatory index 100000 is beyond".to_string(),
            ),
        ] {
            let mut document = revealed.clone();
            document["proof"]["proofValue"] = Value::from(text);
            let v = di::verify_proof(&document, None, &session).unwrap();
            assert!(!v.verified, "{dir} {what}");
            let why = v.reason.unwrap();
            assert!(why.contains(&words), "{dir} {what}: {why}");
        }
    }
}

#[test]
fn base_proof_values_decode_to_exactly_the_structure_of_vc_di_ecdsa_3_5() {
    use canonprof::integrity::proof_value;
    for dir in ["employ", "prc"] {
        let base = vector(&format!("{dir}/addSignedSDBase.json"));
        let valid = base["proof"]["proofValue"].as_str().unwrap().to_string();
        let parsed = proof_value::parse_base(&valid).unwrap();
        assert_eq!(parsed.hmac_key.len(), 32);
        let (header, value) = body(&valid);
        let canonical = cbor::encode(&value);
        let bytes_of = |len: usize| Cbor::Bytes(vec![7; len]);
        let variants: Vec<(&str, String, &str)> = vec![
            (
                "trailing bytes",
                proof_value_of(header, &[canonical.clone(), vec![0, 0]].concat()),
                "has 2 bytes after its CBOR item",
            ),
            (
                "31-byte hmacKey",
                edited(&valid, |i| i[2] = bytes_of(31)),
                "hmacKey is 31 bytes, not 32",
            ),
            (
                "33-byte hmacKey",
                edited(&valid, |i| i[2] = bytes_of(33)),
                "hmacKey is 33 bytes, not 32",
            ),
            (
                "36-byte publicKey",
                edited(&valid, |i| i[1] = bytes_of(36)),
                "publicKey is 36 bytes, not 35",
            ),
            (
                "pointer not a pointer",
                edited(&valid, |i| {
                    i[4] = Cbor::Array(vec![Cbor::Text("issuer".into())])
                }),
                "is not a JSON pointer",
            ),
            (
                "pointer not text",
                edited(&valid, |i| i[4] = Cbor::Array(vec![Cbor::from(1u64)])),
                "a mandatory pointer is not a CBOR text string",
            ),
            (
                "derived header",
                proof_value_of(proof_value::DERIVED_HEADER, &canonical),
                "base proof header",
            ),
        ];
        for (what, text, words) in variants {
            let err = proof_value::parse_base(&text).unwrap_err();
            assert_refused(&err, ErrorKind::Proof, &[words], &format!("{dir} {what}"));
        }
    }
}
