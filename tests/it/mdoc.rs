//! ISO/IEC 18013-5 mdoc: the Annex D DeviceResponse (tests/data/mdoc, see its SOURCES.md) parses, its six value
//! digests match the MSO and its issuer signature verifies with the DS certificate; case 026 (digest over the
//! received tag-24 bytes); tampered responses fail with a reason; issue → present → verify round trips with
//! ES256 and EdDSA, with the IACA → DS chain and the device signature checked.

use crate::common;
use canonprof::keys::{SecretKey, SignatureAlgorithm};
use canonprof::mdoc::{self, cert, Validity, Verification};
use ciborium::Value as Cbor;

fn annex_d(name: &str) -> Vec<u8> {
    let text =
        std::fs::read_to_string(common::data(&format!("mdoc/iso18013-5-annex-d/{name}.hex")))
            .unwrap();
    hex::decode(text.trim()).unwrap()
}

/// 2021-01-01T00:00:00Z, inside the Annex D MSO's validity (2020-10-01 – 2021-10-01).
const IN_2021: i64 = 1_609_459_200;

#[test]
fn annex_d_device_response_digests_and_issuer_signature() {
    let response = annex_d("device_response");
    let check = Verification {
        now_unix: IN_2021,
        iaca: None,
        session_transcript: None,
    };
    let verified = mdoc::verify(&response, &check).unwrap();
    assert_eq!(verified.doc_type, "org.iso.18013.5.1.mDL");
    let names: Vec<&str> = verified
        .elements
        .iter()
        .map(|(_, n, _)| n.as_str())
        .collect();
    assert_eq!(
        names,
        [
            "family_name",
            "issue_date",
            "expiry_date",
            "document_number",
            "portrait",
            "driving_privileges"
        ]
    );
    assert_eq!(verified.elements[0].2, Cbor::Text("Doe".into()));
    assert!(
        !verified.device_authenticated,
        "Annex D authenticates the device with a MAC"
    );
    // The DS certificate in x5chain is the published one.
    let ds = annex_d("ds_cert");
    assert!(response.windows(ds.len()).any(|w| w == ds));

    // Tampered: an element value ("Doe" → "Dof"), the MSO signature, the validity period, device auth asked for.
    let doe = response.windows(4).position(|w| w == b"cDoe").unwrap() + 3;
    let mut value = response.clone();
    value[doe] = b'f';
    let err = mdoc::verify(&value, &check).unwrap_err();
    assert!(err.reason.contains("family_name does not match"), "{err}");
    let signature_at = response.len() - 200;
    let mut signature = response.clone();
    signature[signature_at] ^= 1;
    assert!(
        mdoc::verify(&signature, &check).is_err(),
        "a flipped byte near the end must fail"
    );
    let late = Verification {
        now_unix: IN_2021 + 400 * 86_400,
        ..check
    };
    assert!(mdoc::verify(&response, &late)
        .unwrap_err()
        .reason
        .contains("not valid"));
    let transcript = Cbor::Null;
    let with_device = Verification {
        session_transcript: Some(&transcript),
        ..check
    };
    assert!(mdoc::verify(&response, &with_device)
        .unwrap_err()
        .reason
        .contains("deviceMac"));
}

#[test]
fn case_026_digest_over_the_received_tag24_bytes() {
    let received = hex::decode("d818585ba471656c656d656e744964656e7469666965726a62697274685f646174656c656c656d656e7456616c7565d903ec6a323030312d30322d3033686469676573744944076672616e646f6d505e1f0a9c33d2b4778812ff6ac0de4b19").unwrap();
    assert_eq!(received.len(), 95);
    assert_eq!(
        hex::encode(mdoc::item_digest(&received)),
        "936111642965346f40f1d9e2be368041635a14a792e944d0a54dbb7dd91a1432"
    );
    let inner = &received[4..];
    assert_eq!(
        hex::encode(mdoc::item_digest(inner)),
        "8e1deaaea4228f8431c2e4a89dad28337e0362b89bf0a914cf51bdc5ea33948e",
        "hashing without the wrapper gives the wrong value"
    );
    // The bytes located for the digest are the received ones, wrapper included — also with a non-minimal
    // byte-string length (59 00 5b instead of 58 5b), which a re-encoding would lose.
    let mut response = b"prefix".to_vec();
    response.extend_from_slice(&received);
    assert_eq!(
        mdoc::received_item(&response, inner).unwrap(),
        &received[..]
    );
    let mut long_header = vec![0xd8, 0x18, 0x59, 0x00, 0x5b];
    long_header.extend_from_slice(inner);
    assert_eq!(
        mdoc::received_item(&long_header, inner).unwrap(),
        &long_header[..]
    );
    // Tamper: 2001-02-03 → 2001-02-04.
    let mut tampered = received.clone();
    let at = tampered
        .windows(10)
        .position(|w| w == b"2001-02-03")
        .unwrap()
        + 9;
    tampered[at] = b'4';
    assert_ne!(mdoc::item_digest(&tampered), mdoc::item_digest(&received));
}

struct Setup {
    issuer: SecretKey,
    device: SecretKey,
    chain: cert::Chain,
}

fn setup(algorithm: SignatureAlgorithm) -> Setup {
    let iaca = SecretKey::from_seed(SignatureAlgorithm::P256, 40);
    let issuer = SecretKey::from_seed(algorithm, 41);
    let device = SecretKey::from_seed(algorithm, 42);
    let chain = cert::generate(&iaca, &issuer).unwrap();
    Setup {
        issuer,
        device,
        chain,
    }
}

fn elements() -> Vec<(String, Cbor)> {
    (0..20)
        .map(|i| {
            (
                format!("attribute_{i:02}"),
                Cbor::Text(format!("value {i}")),
            )
        })
        .collect()
}

const VALIDITY_NOW: i64 = 1_767_225_600; // 2026-01-01

fn validity() -> Validity {
    Validity {
        signed: "2026-01-01T00:00:00Z".into(),
        valid_from: "2025-12-01T00:00:00Z".into(),
        valid_until: "2027-01-01T00:00:00Z".into(),
    }
}

#[test]
fn round_trip_and_tampering_per_algorithm() {
    use rand_core::SeedableRng;
    for suite in [SignatureAlgorithm::P256, SignatureAlgorithm::Ed25519] {
        let s = setup(suite);
        let device_key = mdoc::cose_key(&s.device).unwrap();
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(5);
        let (elements, validity) = (elements(), validity());
        let document = mdoc::Document {
            doc_type: mdoc::MDL_DOC_TYPE,
            namespace: mdoc::MDL_NAMESPACE,
            elements: &elements,
            device_key: &device_key,
            validity: &validity,
        };
        let issued = mdoc::issue(&document, &s.issuer, &s.chain.ds, &mut rng).unwrap();
        let transcript = Cbor::Array(vec![Cbor::Null, Cbor::Null, Cbor::Text("nonce-1".into())]);
        let shown = [
            "attribute_00",
            "attribute_03",
            "attribute_07",
            "attribute_11",
            "attribute_19",
        ];
        let response =
            mdoc::present(&issued, mdoc::MDL_DOC_TYPE, &shown, &s.device, &transcript).unwrap();
        let check = Verification {
            now_unix: VALIDITY_NOW,
            iaca: Some(&s.chain.iaca),
            session_transcript: Some(&transcript),
        };
        let verified = mdoc::verify(&response, &check).unwrap();
        assert!(verified.device_authenticated);
        let names: Vec<&str> = verified
            .elements
            .iter()
            .map(|(_, n, _)| n.as_str())
            .collect();
        assert_eq!(names, shown);
        assert_eq!(verified.elements[1].2, Cbor::Text("value 3".into()));

        let other_transcript =
            Cbor::Array(vec![Cbor::Null, Cbor::Null, Cbor::Text("nonce-2".into())]);
        let stranger = SecretKey::from_seed(SignatureAlgorithm::P256, 99);
        let foreign = cert::generate(&stranger, &s.issuer).unwrap();
        assert_eq!(
            setup(suite).chain.iaca,
            s.chain.iaca,
            "certificates are reproducible"
        );
        let mut value = response.clone();
        let at = value.windows(7).position(|w| w == b"value 3").unwrap() + 6;
        value[at] = b'4';
        let cases: Vec<(&str, Vec<u8>, Verification, &str)> = vec![
            ("element value", value, check, "does not match"),
            (
                "session transcript",
                response.clone(),
                Verification {
                    session_transcript: Some(&other_transcript),
                    ..check
                },
                "device signature",
            ),
            (
                "untrusted IACA",
                response.clone(),
                Verification {
                    iaca: Some(&foreign.iaca),
                    ..check
                },
                "IACA",
            ),
            (
                "expired",
                response.clone(),
                Verification {
                    now_unix: VALIDITY_NOW + 2 * 365 * 86_400,
                    ..check
                },
                "not valid",
            ),
        ];
        for (what, bytes, check, reason) in cases {
            let err = mdoc::verify(&bytes, &check).expect_err(what);
            assert!(err.reason.contains(reason), "{suite:?} {what}: {err}");
        }
        assert!(mdoc::present(
            &issued,
            mdoc::MDL_DOC_TYPE,
            &["nickname"],
            &s.device,
            &transcript
        )
        .is_err());
    }
}
