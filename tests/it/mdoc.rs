//! ISO/IEC 18013-5 mdoc: the Annex D DeviceResponse (tests/data/mdoc, see its SOURCES.md) parses, its six value
//! digests match the MSO and its issuer signature verifies with the DS certificate; case 026 (digest over the
//! received tag-24 bytes); tampered responses fail with a reason; issue → present → verify round trips with
//! ES256 and EdDSA, with the IACA → DS chain and the device signature checked.

use crate::common;
use canonprof::keys::{SecretKey, SignatureAlgorithm};
use canonprof::mdoc::cbor::{self, Item};
use canonprof::mdoc::{self, cert, Validity, Verification};
use canonprof::ErrorKind;
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
    assert!(err.reason().contains("family_name does not match"), "{err}");
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
        .reason()
        .contains("not valid"));
    let transcript = Cbor::Null;
    let with_device = Verification {
        session_transcript: Some(&transcript),
        ..check
    };
    assert!(mdoc::verify(&response, &with_device)
        .unwrap_err()
        .reason()
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
    // The typed item keeps the received bytes, wrapper included.
    let item = mdoc::IssuerSignedItem::from_tag24(Item::whole(&received, "item").unwrap()).unwrap();
    assert_eq!(item.bytes, &received[..]);
    assert_eq!(item.content, inner);
    assert_eq!(item.value.digest_id, 7);
    assert_eq!(item.value.element_identifier, "birth_date");
    assert_eq!(
        item.value.element_value,
        Cbor::Tag(1004, Box::new(Cbor::Text("2001-02-03".into())))
    );
    // The same item with a non-minimal byte-string length (59 00 5b instead of 58 5b) has another digest, and
    // is refused: ISO/IEC 18013-5 §8.1 asks for the shortest heads.
    let mut long_header = vec![0xd8, 0x18, 0x59, 0x00, 0x5b];
    long_header.extend_from_slice(inner);
    assert_ne!(
        mdoc::item_digest(&long_header),
        mdoc::item_digest(item.bytes),
        "the same item re-encoded has another digest"
    );
    let err = Item::whole(&long_header, "item").unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Mdoc);
    assert_eq!(
        err.reason(),
        "item is not in the preferred CBOR serialization ISO/IEC 18013-5 §8.1 requires: a head longer than its value needs at byte 2"
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
    for suite in [SignatureAlgorithm::P256, SignatureAlgorithm::Ed25519] {
        let s = setup(suite);
        let issued = issue(&s);
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
            assert!(err.reason().contains(reason), "{suite:?} {what}: {err}");
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

/// The test elements and validity issued with `s`'s keys (the RNG of the random salts seeded with 5).
fn issue(s: &Setup) -> Vec<u8> {
    use rand_core::SeedableRng;
    let device_key = mdoc::cose_key(&s.device).unwrap();
    let (elements, validity) = (elements(), validity());
    let document = mdoc::Document {
        doc_type: mdoc::MDL_DOC_TYPE,
        namespace: mdoc::MDL_NAMESPACE,
        elements: &elements,
        device_key: &device_key,
        validity: &validity,
    };
    let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(5);
    mdoc::issue(&document, &s.issuer, &s.chain.ds, &mut rng).unwrap()
}

/// A fresh ES256 presentation of three elements (issuer, device and IACA keys from fixed seeds).
fn presented() -> (Vec<u8>, Setup, Cbor) {
    let (_, response, s, transcript) = issued_and_presented(SignatureAlgorithm::P256);
    (response, s, transcript)
}

/// The issued `IssuerSigned` and a fresh presentation of three of its elements with `algorithm`'s keys (fixed
/// seeds), with the setup and the session transcript.
fn issued_and_presented(algorithm: SignatureAlgorithm) -> (Vec<u8>, Vec<u8>, Setup, Cbor) {
    let s = setup(algorithm);
    let issued = issue(&s);
    let transcript = Cbor::Array(vec![Cbor::Null, Cbor::Null, Cbor::Text("nonce-1".into())]);
    let shown = ["attribute_00", "attribute_03", "attribute_19"];
    let response =
        mdoc::present(&issued, mdoc::MDL_DOC_TYPE, &shown, &s.device, &transcript).unwrap();
    (issued, response, s, transcript)
}

#[test]
fn typed_decoding_keeps_the_received_items() {
    let (response, s, transcript) = presented();
    let decoded = mdoc::DeviceResponse::decode(&response).unwrap();
    assert_eq!((decoded.version.as_str(), decoded.status), ("1.0", 0));
    let document = &decoded.documents[0];
    assert_eq!(document.doc_type, mdoc::MDL_DOC_TYPE);
    let (namespace, items) = &document.issuer_signed.name_spaces[0];
    assert_eq!(namespace, mdoc::MDL_NAMESPACE);
    let names: Vec<&str> = items
        .iter()
        .map(|i| i.value.element_identifier.as_str())
        .collect();
    assert_eq!(names, ["attribute_00", "attribute_03", "attribute_19"]);
    let mso = mdoc::MobileSecurityObject::from_issuer_auth(
        &document.issuer_signed.issuer_auth().unwrap(),
    )
    .unwrap();
    assert_eq!(
        (mso.version.as_str(), mso.digest_algorithm.as_str()),
        ("1.0", "SHA-256")
    );
    assert_eq!(mso.validity_info.valid_until, 1_798_761_600);
    assert_eq!(
        mso.value_digests[0].1.len(),
        20,
        "the MSO has every element's digest"
    );
    for item in items {
        // Each item's bytes are a slice of the received response, and its digest the MSO's.
        let at = item.bytes.as_ptr() as usize - response.as_ptr() as usize;
        assert_eq!(&response[at..at + item.bytes.len()], item.bytes);
        assert_eq!(
            mso.digest(namespace, item.value.digest_id).unwrap(),
            mdoc::item_digest(item.bytes)
        );
    }
    let device_signed = document.device_signed.as_ref().unwrap();
    assert!(matches!(
        device_signed.device_auth,
        mdoc::DeviceAuth::Signature(_)
    ));
    assert_eq!(device_signed.name_spaces.value, Cbor::Map(Vec::new()));
    let check = Verification {
        now_unix: VALIDITY_NOW,
        iaca: Some(&s.chain.iaca),
        session_transcript: Some(&transcript),
    };
    assert_eq!(mdoc::verify(&response, &check).unwrap().elements.len(), 3);
}

#[test]
fn tampered_and_reencoded_items_fail_against_their_digests() {
    let (response, s, transcript) = presented();
    let check = Verification {
        now_unix: VALIDITY_NOW,
        iaca: Some(&s.chain.iaca),
        session_transcript: Some(&transcript),
    };
    // A tampered element value.
    let mut tampered = response.clone();
    let at = tampered.windows(7).position(|w| w == b"value 3").unwrap() + 6;
    tampered[at] = b'4';
    let err = mdoc::verify(&tampered, &check).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Digest);
    assert_eq!(
        err.reason(),
        "the value digest of org.iso.18013.5.1/attribute_03 does not match the MSO"
    );
    // The same item with its tag-24 byte string re-encoded with a longer length head (58 LL → 59 00 LL): the
    // same item in another encoding, refused before any digest (ISO/IEC 18013-5 §8.1).
    let decoded = mdoc::DeviceResponse::decode(&response).unwrap();
    let item = &decoded.documents[0].issuer_signed.name_spaces[0].1[1];
    let start = item.bytes.as_ptr() as usize - response.as_ptr() as usize;
    assert_eq!(&item.bytes[..3], &[0xd8, 0x18, 0x58]);
    let mut reencoded = response[..start].to_vec();
    reencoded.extend_from_slice(&[0xd8, 0x18, 0x59, 0x00]);
    reencoded.extend_from_slice(&item.bytes[3..]);
    reencoded.extend_from_slice(&response[start + item.bytes.len()..]);
    let err = mdoc::verify(&reencoded, &check).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Mdoc);
    assert!(
        err.reason().contains("a head longer than its value needs"),
        "{err}"
    );
    // A wrong signature is a signature error.
    let other = Cbor::Text("another transcript".into());
    let err = mdoc::verify(
        &response,
        &Verification {
            session_transcript: Some(&other),
            ..check
        },
    )
    .unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Signature);
}

#[test]
fn malformed_structures_fail_with_one_clear_line() {
    let text = |t: &str| cbor::encode(&Cbor::Text(t.into()));
    let uint = |n: u64| cbor::encode(&Cbor::from(n));
    let check = Verification {
        now_unix: VALIDITY_NOW,
        iaca: None,
        session_transcript: None,
    };
    let (response, _, _) = presented();
    let no_status = cbor::text_map_of(&[
        ("version", &text("1.0")),
        ("documents", &cbor::array_of(&[])),
    ]);
    let item_without_id = cbor::tag24_of(&cbor::text_map_of(&[
        ("random", &cbor::encode(&Cbor::Bytes(vec![0; 16]))),
        ("elementIdentifier", &text("family_name")),
        ("elementValue", &text("Doe")),
    ]));
    // A DeviceResponse with one mDL document whose issuer-signed namespace holds `item`.
    let response_with_item = |item: &[u8]| {
        cbor::text_map_of(&[
            ("version", &text("1.0")),
            (
                "documents",
                &cbor::array_of(&[&cbor::text_map_of(&[
                    ("docType", &text(mdoc::MDL_DOC_TYPE)),
                    (
                        "issuerSigned",
                        &cbor::text_map_of(&[(
                            "nameSpaces",
                            &cbor::map_of(&[(
                                &text(mdoc::MDL_NAMESPACE),
                                &cbor::array_of(&[item]),
                            )]),
                        )]),
                    ),
                ])]),
            ),
            ("status", &uint(0)),
        ])
    };
    let no_digest_id = response_with_item(&item_without_id);
    let not_tagged = response_with_item(&text("x"));
    let mut trailing = response.clone();
    trailing.push(0);
    let deep = [vec![0x81; 100], vec![0]].concat();
    let cases: Vec<(&str, Vec<u8>, &str)> = vec![
        (
            "truncated",
            response[..response.len() - 1].to_vec(),
            "the DeviceResponse is not CBOR: the data ends inside an item",
        ),
        (
            "trailing",
            trailing,
            "the DeviceResponse has 1 bytes after its CBOR item",
        ),
        (
            "empty",
            Vec::new(),
            "the DeviceResponse is not CBOR: the data ends inside an item",
        ),
        (
            "deep",
            deep,
            "the DeviceResponse nests deeper than 64 levels",
        ),
        (
            "huge count",
            vec![0x9b, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff],
            "the DeviceResponse is not CBOR: the data ends inside an item",
        ),
        ("no status", no_status, "the DeviceResponse has no `status`"),
        (
            "no digestID",
            no_digest_id,
            "an IssuerSignedItem has no `digestID`",
        ),
        (
            "not tag 24",
            not_tagged,
            "an IssuerSignedItemBytes is not tag 24 (encoded CBOR)",
        ),
    ];
    for (what, bytes, reason) in cases {
        let err = mdoc::verify(&bytes, &check).expect_err(what);
        assert_eq!(err.kind(), ErrorKind::Mdoc, "{what}");
        assert_eq!(err.reason(), reason, "{what}");
        assert!(!err.to_string().contains('\n'), "{what}: one line");
    }
    // An MSO without validityInfo (decoded from an issuerAuth payload).
    let mso = cbor::tag24_of(&cbor::text_map_of(&[
        ("version", &text("1.0")),
        ("digestAlgorithm", &text("SHA-256")),
    ]));
    let sign1 = coset::CoseSign1Builder::new().payload(mso).build();
    let err = mdoc::MobileSecurityObject::from_issuer_auth(&sign1).unwrap_err();
    assert_eq!(err.reason(), "the MSO has no `validityInfo`");
}

/// Seeded keys, certificates, issued and presented bytes are reproducible, byte for byte (SHA-256 of each
/// pinned): a change of key-generation, X.509 or CBOR crate must not move them.
#[test]
fn issued_and_presented_bytes_are_pinned() {
    use sha2::Digest;
    let pinned = [
        (
            SignatureAlgorithm::P256,
            "a2e165e491fe68a5e93bddbe0054a5f6d851353e968358be9d36730fe204e8b7",
            "c29fc49faf7b89cd526f4372b538378e0ac76044ad9a676414837c20f96f49a7",
            "f3f035dbb8a28aabf8f4aa59d9c516b75dcc33551e9525dd4efbf865ce010868",
        ),
        (
            SignatureAlgorithm::Ed25519,
            "0e4fe0b287cd3c422fe6a0ce9cae08c078983f768c62c0b917119eb677fda08a",
            "f65640eb27fe42da9a9420fde4541937ec090e7664fdbee0fbcd2a76fb83e32c",
            "fbc81540e72dac65ef49c3802848a52fb2edc7e104ee58c3992bfd983bd87405",
        ),
    ];
    let sha = |bytes: &[u8]| hex::encode(sha2::Sha256::digest(bytes));
    for (algorithm, ds, issued_hash, presented_hash) in pinned {
        let (issued, response, s, _) = issued_and_presented(algorithm);
        assert_eq!(
            sha(&s.chain.iaca),
            "00aaf5341dd7e25973a3aada6c3bae803d8ac58bd96c162c2a90d0032c8efa6b"
        );
        assert_eq!(sha(&s.chain.ds), ds, "{algorithm:?} DS certificate");
        assert_eq!(sha(&issued), issued_hash, "{algorithm:?} IssuerSigned");
        assert_eq!(
            sha(&response),
            presented_hash,
            "{algorithm:?} DeviceResponse"
        );
    }
}

/// A COSE header `kid` (label 4) that is not a byte string (RFC 9052 §3.1) makes the structure malformed, in the
/// issuer's `issuerAuth` and in the device's `deviceSignature` alike: @auth0/mdl 3.0.1 writes `kid: null` when
/// a key has none (docs/interop.md), and canonprof names the structure instead of verifying it.
#[test]
fn a_null_kid_in_either_cose_header_is_refused_by_name() {
    let (response, s, transcript) = presented();
    let check = Verification {
        now_unix: VALIDITY_NOW,
        iaca: Some(&s.chain.iaca),
        session_transcript: Some(&transcript),
    };
    mdoc::verify(&response, &check).unwrap();
    let with_null_kid = |path: &[&str], index: usize| {
        let mut value: Cbor = ciborium::from_reader(response.as_slice()).unwrap();
        let Cbor::Map(top) = &mut value else { panic!() };
        let (_, Cbor::Array(documents)) = top
            .iter_mut()
            .find(|(k, _)| k.as_text() == Some("documents"))
            .unwrap()
        else {
            panic!()
        };
        let mut node = &mut documents[0];
        for key in path {
            let Cbor::Map(map) = node else {
                panic!("{key}")
            };
            node = &mut map
                .iter_mut()
                .find(|(k, _)| k.as_text() == Some(key))
                .unwrap()
                .1;
        }
        let Cbor::Array(sign1) = node else { panic!() };
        let Cbor::Map(unprotected) = &mut sign1[index] else {
            panic!()
        };
        unprotected.push((Cbor::Integer(4.into()), Cbor::Null));
        cbor::encode(&value)
    };
    for (path, what) in [
        (&["issuerSigned", "issuerAuth"][..], "issuerAuth"),
        (
            &["deviceSigned", "deviceAuth", "deviceSignature"][..],
            "deviceSignature",
        ),
    ] {
        let err = mdoc::verify(&with_null_kid(path, 1), &check).unwrap_err();
        assert_eq!(err.kind(), ErrorKind::Mdoc, "{what}: {err}");
        assert!(
            err.to_string()
                .contains(&format!("{what} is not a COSE_Sign1")),
            "{err}"
        );
    }
}

/// RFC 9964 with mdoc: ML-DSA-44 issuer and device keys under an ML-DSA-44 IACA. The MSO's COSE_Sign1 and the
/// device signature name COSE alg -48 and carry 2,420-byte signatures; the device key in the MSO is an AKP
/// COSE_Key (kty 7, alg -48, pub -1 of 1,312 bytes); both certificates are `id-ml-dsa-44` (RFC 9881) in key and
/// signature. Issue → present → verify round trips; a changed element, another transcript, another IACA, a
/// changed MSO signature and a device signature by another key type all fail with their reason.
#[test]
fn ml_dsa_44_round_trip_with_a_post_quantum_chain() {
    use x509_cert::der::Decode;
    let iaca = SecretKey::from_seed(SignatureAlgorithm::MlDsa44, 40);
    let issuer = SecretKey::from_seed(SignatureAlgorithm::MlDsa44, 41);
    let device = SecretKey::from_seed(SignatureAlgorithm::MlDsa44, 42);
    let chain = cert::generate(&iaca, &issuer).unwrap();
    let id_ml_dsa_44 = "2.16.840.1.101.3.4.3.17";
    for der in [&chain.iaca, &chain.ds] {
        let certificate = x509_cert::Certificate::from_der(der).unwrap();
        assert_eq!(
            certificate.signature_algorithm().oid.to_string(),
            id_ml_dsa_44
        );
        assert!(certificate.signature_algorithm().parameters.is_none());
        assert_eq!(certificate.signature().raw_bytes().len(), 2420);
        let spki = certificate.tbs_certificate().subject_public_key_info();
        assert_eq!(spki.algorithm.oid.to_string(), id_ml_dsa_44);
        assert_eq!(spki.subject_public_key.raw_bytes().len(), 1312);
    }
    let s = Setup {
        issuer,
        device,
        chain,
    };
    let device_key = mdoc::cose_key(&s.device).unwrap();
    assert_eq!(
        device_key.kty,
        coset::KeyType::Assigned(coset::iana::KeyType::AKP)
    );
    assert_eq!(
        device_key.alg,
        Some(coset::Algorithm::Assigned(
            coset::iana::Algorithm::ML_DSA_44
        ))
    );
    assert_eq!(coset::iana::Algorithm::ML_DSA_44 as i64, -48);
    assert_eq!(coset::iana::KeyType::AKP as i64, 7);
    assert_eq!(device_key.params.len(), 1);
    assert_eq!(device_key.params[0].0, coset::Label::Int(-1));
    assert_eq!(
        device_key.params[0].1.as_bytes().unwrap(),
        &s.device.public_key().to_bytes(false)
    );
    let issued = issue(&s);
    let transcript = Cbor::Array(vec![Cbor::Null, Cbor::Null, Cbor::Text("nonce-1".into())]);
    let shown = ["attribute_00", "attribute_03", "attribute_19"];
    let response =
        mdoc::present(&issued, mdoc::MDL_DOC_TYPE, &shown, &s.device, &transcript).unwrap();
    let check = Verification {
        now_unix: VALIDITY_NOW,
        iaca: Some(&s.chain.iaca),
        session_transcript: Some(&transcript),
    };
    let verified = mdoc::verify(&response, &check).unwrap();
    assert!(verified.device_authenticated);
    assert_eq!(verified.elements.len(), 3);
    // The MSO's COSE_Sign1: protected alg -48, a 2,420-byte signature.
    let issuer_signed = Item::whole(&issued, "IssuerSigned").unwrap();
    let sign1 = mdoc::IssuerSigned::decode(issuer_signed)
        .unwrap()
        .issuer_auth()
        .unwrap();
    assert_eq!(
        sign1.protected.header.alg,
        Some(coset::Algorithm::Assigned(
            coset::iana::Algorithm::ML_DSA_44
        ))
    );
    assert_eq!(sign1.signature.len(), 2420);

    let other_transcript = Cbor::Array(vec![Cbor::Null, Cbor::Null, Cbor::Text("nonce-2".into())]);
    let stranger = cert::generate(
        &SecretKey::from_seed(SignatureAlgorithm::MlDsa44, 99),
        &s.issuer,
    )
    .unwrap();
    let mut value = response.clone();
    let at = value.windows(7).position(|w| w == b"value 3").unwrap() + 6;
    value[at] = b'4';
    let mut mso_signature = response.clone();
    let at = mso_signature
        .windows(sign1.signature.len())
        .position(|w| w == sign1.signature.as_slice())
        .unwrap();
    mso_signature[at + 100] ^= 1;
    // The device signs with Ed25519 while the MSO binds an ML-DSA-44 device key.
    let ed25519_device = SecretKey::from_seed(SignatureAlgorithm::Ed25519, 42);
    let foreign_device = mdoc::present(
        &issued,
        mdoc::MDL_DOC_TYPE,
        &shown,
        &ed25519_device,
        &transcript,
    )
    .unwrap();
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
            "untrusted ML-DSA-44 IACA",
            response.clone(),
            Verification {
                iaca: Some(&stranger.iaca),
                ..check
            },
            "IACA",
        ),
        ("MSO signature", mso_signature, check, "MSO signature"),
        (
            "device signature by another key type",
            foreign_device,
            check,
            "names COSE alg -8 in its protected header, but the key is ML-DSA-44 (COSE alg -48)",
        ),
    ];
    for (what, bytes, check, reason) in cases {
        let err = mdoc::verify(&bytes, &check).expect_err(what);
        assert!(err.reason().contains(reason), "{what}: {err}");
    }
    // The chain is reproducible, and a P-256 IACA still signs an ML-DSA-44 DS certificate (mixed chain).
    assert_eq!(
        cert::generate(
            &SecretKey::from_seed(SignatureAlgorithm::MlDsa44, 40),
            &s.issuer
        )
        .unwrap()
        .iaca,
        s.chain.iaca
    );
    let mixed = cert::generate(
        &SecretKey::from_seed(SignatureAlgorithm::P256, 40),
        &s.issuer,
    )
    .unwrap();
    let spki = cert::verify_chain(
        &mixed.ds,
        &mixed.iaca,
        VALIDITY_NOW as u64,
        Default::default(),
    )
    .unwrap();
    assert_eq!(spki.algorithm.oid.to_string(), id_ml_dsa_44);
}

/// RFC 9964 Appendix A.2 (tests/data/rfc9964): canonprof's COSE_Key of the all-zeros seed key is the example's
/// (kty AKP 7, alg ML-DSA-44 -48, pub -1; the example adds kid and priv), and the example COSE_Sign1 (protected
/// alg -48) verifies with it; a changed payload does not.
#[test]
fn rfc_9964_cose_example() {
    use coset::{CborSerializable, CoseKey};
    let example: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(common::data("rfc9964/ML_DSA_44.cose.json")).unwrap(),
    )
    .unwrap();
    let hex_of = |name: &str| hex::decode(example[name].as_str().unwrap()).unwrap();
    let published = CoseKey::from_slice(&hex_of("key")).unwrap();
    let secret = SecretKey::from_bytes(SignatureAlgorithm::MlDsa44, &[0u8; 32]).unwrap();
    let ours = mdoc::cose_key(&secret).unwrap();
    assert_eq!(ours.kty, published.kty);
    assert_eq!(ours.alg, published.alg);
    let param = |key: &CoseKey, label: i64| {
        key.params
            .iter()
            .find(|(l, _)| *l == coset::Label::Int(label))
            .map(|(_, v)| v.clone())
    };
    assert_eq!(param(&ours, -1), param(&published, -1));
    assert_eq!(param(&ours, -2), None, "a public key carries no priv");
    assert_eq!(
        param(&published, -1).unwrap().as_bytes().unwrap(),
        &hex_of("raw_public_key")
    );
    // The example is tagged (COSE_Sign1_Tagged, tag 18).
    let sign1 =
        <coset::CoseSign1 as coset::TaggedCborSerializable>::from_tagged_slice(&hex_of("sign1"))
            .unwrap();
    assert_eq!(
        sign1.protected.header.alg,
        Some(coset::Algorithm::Assigned(
            coset::iana::Algorithm::ML_DSA_44
        ))
    );
    let public = secret.public_key();
    assert!(sign1
        .verify_signature(&[], |sig, tbs| public
            .verify(tbs, sig)
            .then_some(())
            .ok_or(()))
        .is_ok());
    let mut changed = sign1.clone();
    changed.payload = Some(b"hello pre-quantum signatures".to_vec());
    assert!(changed
        .verify_signature(&[], |sig, tbs| public
            .verify(tbs, sig)
            .then_some(())
            .ok_or(()))
        .is_err());
}
