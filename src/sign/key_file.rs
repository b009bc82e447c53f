//! Secret key files for `canonprof sign`: read a JWK with its private `d` (RFC 7517, RFC 7518 §6.2.2, RFC 8037
//! §2), a Multikey secret (`secretKeyMultibase`, Controller Documents §2.2.2) or a PEM key (RFC 7468: PKCS#8
//! `PRIVATE KEY`, RFC 5958; SEC 1 `EC PRIVATE KEY`, RFC 5915); write a generated key as a JWK whose `kid` is
//! its `did:key` verification method, readable by its owner only.

use crate::document::Limits;
use crate::error::{Error, ErrorKind, Result};
use crate::integrity::multikey;
use crate::keys::{SecretKey, SignatureAlgorithm};
use base64ct::{Base64UrlUnpadded, Encoding};
use serde_json::Value;
use std::io::Read;
use std::path::Path;

/// The largest key file read: every supported form fits in a few hundred bytes, a DID document in a few KiB.
const MAX_KEY_FILE: u64 = 64 << 10;

/// A secret key read from a file, with the verification method id it names, if any.
#[derive(Debug, Clone)]
pub(crate) struct KeyFile {
    /// The key.
    pub key: SecretKey,
    /// The JWK's `kid` or the Multikey's `id` when it is an absolute URL or DID URL (it contains `:`): the
    /// verification method a proof made with the key names by default.
    pub id: Option<String>,
}

/// Reads the secret key in `path`. Errors: [`ErrorKind::Io`] (unreadable), [`ErrorKind::Limit`] (over
/// 64 KiB), [`ErrorKind::Key`] naming the file for anything that is not exactly one of the forms, or whose
/// public part does not match its secret.
pub(crate) fn read(path: &Path, limits: &Limits) -> Result<KeyFile> {
    let label = path.display().to_string();
    parse(&read_text(path)?, limits).map_err(|e| e.in_source(label))
}

/// A key file's text, read up to its bound (64 KiB). Errors: [`ErrorKind::Io`], [`ErrorKind::Limit`],
/// [`ErrorKind::Key`] for text that is not UTF-8, each naming the file.
pub(crate) fn read_text(path: &Path) -> Result<String> {
    let label = path.display().to_string();
    let file = std::fs::File::open(path).map_err(|e| Error::io(&label, e))?;
    let mut bytes = Vec::new();
    file.take(MAX_KEY_FILE + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| Error::io(&label, e))?;
    if bytes.len() as u64 > MAX_KEY_FILE {
        return Err(Error::new(
            ErrorKind::Limit,
            format!("a key file is at most {MAX_KEY_FILE} bytes"),
        )
        .in_source(label));
    }
    String::from_utf8(bytes)
        .map_err(|_| Error::key("the key file is not UTF-8 text").in_source(label))
}

/// The secret key in `text` (see [`read`]); errors carry no file name.
pub(crate) fn parse(text: &str, limits: &Limits) -> Result<KeyFile> {
    let trimmed = text.trim();
    if trimmed.starts_with("-----BEGIN") {
        return pem(trimmed).map(|key| KeyFile { key, id: None });
    }
    let value: Value = crate::document::check("key", trimmed, limits)
        .and_then(|_| {
            serde_json::from_str(trimmed).map_err(|e| Error::key(e.to_string()).caused_by(e))
        })
        .map_err(|e| {
            Error::key(format!(
                "not a JWK, a Multikey or a PEM private key: {}",
                e.reason()
            ))
        })?;
    let id_field = |name: &str| {
        value
            .get(name)
            .and_then(Value::as_str)
            .filter(|id| id.contains(':'))
            .map(str::to_string)
    };
    let (key, id) = if value.get("kty").is_some() {
        (jwk(&value)?, id_field("kid"))
    } else if let Some(secret) = value.get("secretKeyMultibase") {
        (multikey_secret(&value, secret)?, id_field("id"))
    } else {
        return Err(Error::key(
            "no secret key in it: expected a JWK with `d`, a Multikey with `secretKeyMultibase`, or a PEM \
             `PRIVATE KEY` / `EC PRIVATE KEY`",
        ));
    };
    if let Some(method) = id.as_deref() {
        named_key_is(method, &key, limits)
            .map_err(|e| Error::key(format!("its id {}", e.reason())).caused_by(e))?;
    }
    Ok(KeyFile { key, id })
}

/// A self-certifying `method` (did:key, did:jwk, resolved as the verifier resolves it, fragment included) must
/// name `key`: a proof under another key's method would verify nowhere. Any other method names nothing here.
/// Errors: [`ErrorKind::Key`](crate::ErrorKind::Key) saying so.
pub(crate) fn named_key_is(method: &str, key: &SecretKey, limits: &Limits) -> Result<()> {
    match crate::verify::keys::self_certifying(method, limits) {
        Some(Ok((named, _))) if named == key.public_key() => Ok(()),
        Some(Ok(_)) => Err(Error::key(format!(
            "`{}` names another key (its did:key or did:jwk is not this key's)",
            crate::error::excerpt(method)
        ))),
        Some(Err(e)) => Err(e),
        None => Ok(()),
    }
}

/// A private JWK: `OKP` / `Ed25519` (RFC 8037 §2) or `EC` / `P-256` / `P-384` (RFC 7518 §6.2), `d` the secret
/// in base64url without padding, its public `x` (and `y`) present and the secret's; or `AKP` (RFC 9964 §6) with
/// `alg`, `priv` (ML-DSA-44: the 32-byte seed, or the 2,560-byte expanded key; SLH-DSA-SHA2-128s 64 bytes;
/// FALCON-512 1,281) and `pub`, the secret's.
fn jwk(value: &Value) -> Result<SecretKey> {
    let text = |name: &str| value.get(name).and_then(Value::as_str);
    if text("kty") == Some("AKP") {
        let algorithm = crate::verify::keys::akp_algorithm(value)
            .map_err(|e| Error::key(format!("JWK: {}", e.reason())))?;
        let private = text("priv").ok_or_else(|| {
            Error::key("JWK: no `priv`: this is a public key, and signing needs the private one")
        })?;
        let secret = Base64UrlUnpadded::decode_vec(private)
            .map_err(|_| Error::key("JWK: `priv` is not base64url without padding"))?;
        let key = SecretKey::from_bytes(algorithm, &secret)
            .map_err(|e| Error::key(format!("JWK: `priv`: {}", e.reason())).caused_by(e))?;
        let public = crate::verify::keys::from_jwk(value)?;
        if public != key.public_key() {
            return Err(Error::key("JWK: `pub` is not the public key of `priv`"));
        }
        return Ok(key);
    }
    let algorithm = match (text("kty"), text("crv")) {
        (Some("OKP"), Some("Ed25519")) => SignatureAlgorithm::Ed25519,
        (Some("OKP"), Some(crate::verify::keys::BLS12381G2_CRV)) => SignatureAlgorithm::Bls12381G2,
        (Some("EC"), Some("P-256")) => SignatureAlgorithm::P256,
        (Some("EC"), Some("P-384")) => SignatureAlgorithm::P384,
        (kty, crv) => {
            return Err(Error::key(format!(
                "JWK: kty {} / crv {} (Ed25519, Bls12381G2, P-256, P-384 and AKP ML-DSA-44, SLH-DSA-SHA2-128s, FN-DSA-512 are supported)",
                kty.unwrap_or("?"),
                crv.unwrap_or("?")
            )))
        }
    };
    let d = text("d").ok_or_else(|| {
        Error::key("JWK: no `d`: this is a public key, and signing needs the private one")
    })?;
    let secret = Base64UrlUnpadded::decode_vec(d)
        .map_err(|_| Error::key("JWK: `d` is not base64url without padding"))?;
    let key = SecretKey::from_bytes(algorithm, &secret)
        .map_err(|e| Error::key(format!("JWK: `d`: {}", e.reason())).caused_by(e))?;
    let public = crate::verify::keys::from_jwk(value)?;
    if public != key.public_key() {
        return Err(Error::key("JWK: `x`/`y` are not the public key of `d`"));
    }
    Ok(key)
}

/// A Multikey document's `secretKeyMultibase`, checked against its `publicKeyMultibase` when it has one.
fn multikey_secret(value: &Value, secret: &Value) -> Result<SecretKey> {
    let secret = secret
        .as_str()
        .ok_or_else(|| Error::key("Multikey: `secretKeyMultibase` is not a string"))?;
    let key = multikey::secret_key(secret)
        .map_err(|e| Error::key(format!("Multikey: {}", e.reason())).caused_by(e))?;
    if let Some(public) = value.get("publicKeyMultibase") {
        let public = public
            .as_str()
            .ok_or_else(|| Error::key("Multikey: `publicKeyMultibase` is not a string"))?;
        if multikey::public_key(public)? != key.public_key() {
            return Err(Error::key(
                "Multikey: `publicKeyMultibase` is not the public key of `secretKeyMultibase`",
            ));
        }
    }
    Ok(key)
}

/// A PEM private key: exactly one block, `PRIVATE KEY` (PKCS#8) or `EC PRIVATE KEY` (SEC 1).
fn pem(text: &str) -> Result<SecretKey> {
    let first = text.lines().next().unwrap_or("").trim_end();
    let blocks = text
        .lines()
        .filter(|l| l.starts_with("-----BEGIN "))
        .count();
    if blocks != 1 {
        return Err(Error::key(format!(
            "PEM: {blocks} blocks; a key file holds one private key"
        )));
    }
    type Decoder = fn(&[u8]) -> Result<SecretKey>;
    let (label, decode): (&str, Decoder) =
        match first {
            "-----BEGIN PRIVATE KEY-----" => ("PRIVATE KEY", SecretKey::from_pkcs8_der),
            "-----BEGIN EC PRIVATE KEY-----" => ("EC PRIVATE KEY", SecretKey::from_sec1_der),
            "-----BEGIN ENCRYPTED PRIVATE KEY-----" => return Err(Error::key(
                "PEM: an encrypted private key; decrypt it first (openssl pkey -in KEY -out PLAIN)",
            )),
            other => {
                return Err(Error::key(format!(
                    "PEM: `{}` is not a PRIVATE KEY or EC PRIVATE KEY block",
                    other.chars().take(40).collect::<String>()
                )))
            }
        };
    let end = format!("-----END {label}-----");
    if text.lines().last().map(str::trim_end) != Some(end.as_str()) {
        return Err(Error::key(format!(
            "PEM: the block does not end with {end}"
        )));
    }
    let der = crate::keys::pem_der(text, label)
        .ok_or_else(|| Error::key(format!("PEM: the {label} block is not base64")))?;
    decode(&der).map_err(|e| Error::key(format!("PEM: {}", e.reason())).caused_by(e))
}

/// The private JWK of `key` (RFC 7517; `d` per RFC 7518 §6.2.2.1 / RFC 8037 §2; `priv` of an `AKP` JWK, RFC
/// 9964 §6, for a post-quantum key) with its `did:key` verification method (did:key Method §3.1.1,
/// `did:key:z…#z…`, `u…` for a post-quantum key) as `kid`.
pub(crate) fn to_private_jwk(key: &SecretKey) -> Value {
    let public = key.public_key();
    let mut jwk = crate::verify::keys::to_jwk(&public);
    let (_, method) = multikey::did_key(&public);
    let member = if key.algorithm().is_post_quantum() {
        "priv"
    } else {
        "d"
    };
    if let Some(object) = jwk.as_object_mut() {
        object.insert(
            member.into(),
            Base64UrlUnpadded::encode_string(&key.to_bytes()).into(),
        );
        object.insert("kid".into(), method.into());
    }
    jwk
}

/// A new key of `algorithm`: from a ChaCha20 RNG seeded with `seed` ([`SecretKey::from_seed`], reproducible),
/// or from the operating system's RNG. Errors: [`ErrorKind::Internal`] if the OS has no randomness to give.
pub(crate) fn generate(algorithm: SignatureAlgorithm, seed: Option<u64>) -> Result<SecretKey> {
    Ok(match seed {
        Some(seed) => SecretKey::from_seed(algorithm, seed),
        None => SecretKey::from_rng(algorithm, &mut super::os_rng()?),
    })
}

/// Writes a secret key file: created with mode 0600 (owner read and write) before any byte is written, then
/// renamed into place, so it is never readable by others nor half-written. Refuses to replace an existing file:
/// a secret key overwritten is lost. Errors: [`ErrorKind::Io`] naming the path.
pub(crate) fn write_secret(path: &Path, contents: &str) -> Result<()> {
    use std::io::Write;
    let label = path.display().to_string();
    if path.exists() {
        return Err(Error::new(
            ErrorKind::Io,
            "the file exists; a secret key is not overwritten (remove it first)",
        )
        .in_source(label));
    }
    let tmp = crate::export::temporary_path(path);
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(0o600);
    }
    let written = options.open(&tmp).and_then(|mut file| {
        file.write_all(contents.as_bytes())?;
        file.sync_all()
    });
    if let Err(e) = written.and_then(|()| std::fs::rename(&tmp, path)) {
        let _ = std::fs::remove_file(&tmp);
        return Err(Error::io(&label, e));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generated_jwks_read_back_with_their_did_key() {
        for algorithm in SignatureAlgorithm::ALL {
            let key = generate(algorithm, Some(7)).unwrap();
            let jwk = to_private_jwk(&key);
            let read = parse(&jwk.to_string(), &Limits::DEFAULT).unwrap();
            assert_eq!(read.key.public_key(), key.public_key());
            assert_eq!(read.key.to_bytes(), key.to_bytes());
            let (_, method) = multikey::did_key(&key.public_key());
            assert_eq!(read.id.as_deref(), Some(method.as_str()));
        }
    }

    #[test]
    fn a_jwk_whose_public_part_is_another_keys_is_refused() {
        let key = to_private_jwk(&generate(SignatureAlgorithm::P256, Some(1)).unwrap());
        let other = to_private_jwk(&generate(SignatureAlgorithm::P256, Some(2)).unwrap());
        let mut mixed = key.clone();
        mixed["x"] = other["x"].clone();
        let e = parse(&mixed.to_string(), &Limits::DEFAULT).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::Key);
        let mut kid = key.clone();
        kid["kid"] = other["kid"].clone();
        assert!(parse(&kid.to_string(), &Limits::DEFAULT)
            .unwrap_err()
            .reason()
            .contains("another key"));
        let mut public = key;
        public.as_object_mut().unwrap().remove("d");
        assert!(parse(&public.to_string(), &Limits::DEFAULT)
            .unwrap_err()
            .reason()
            .contains("no `d`"));
    }

    fn fixture(name: &str) -> String {
        let path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/data/sign")
            .join(name);
        std::fs::read_to_string(path).unwrap()
    }

    /// OpenSSL's PKCS#8 and SEC 1 forms of one key read as the same key; a PEM file that is not exactly one
    /// private key block is refused, whatever is wrong with it.
    #[test]
    fn pem_files_are_one_exact_private_key_block() {
        let pkcs8 = parse(&fixture("p256.pkcs8.pem"), &Limits::DEFAULT)
            .unwrap()
            .key;
        let sec1 = parse(&fixture("p256.sec1.pem"), &Limits::DEFAULT)
            .unwrap()
            .key;
        assert_eq!(pkcs8.to_bytes(), sec1.to_bytes());
        assert_eq!(pkcs8.algorithm(), SignatureAlgorithm::P256);
        assert_eq!(
            parse(&fixture("p384.sec1.pem"), &Limits::DEFAULT)
                .unwrap()
                .key
                .algorithm(),
            SignatureAlgorithm::P384
        );
        assert_eq!(
            parse(&fixture("ed25519.pkcs8.pem"), &Limits::DEFAULT)
                .unwrap()
                .key
                .algorithm(),
            SignatureAlgorithm::Ed25519
        );
        let good = fixture("p256.pkcs8.pem");
        let body: Vec<&str> = good.lines().collect();
        let cases = [
            (format!("{good}{good}"), "2 blocks"),
            (format!("{good}trailing\n"), "does not end with"),
            (
                good.replace("PRIVATE KEY", "PUBLIC KEY"),
                "is not a PRIVATE KEY",
            ),
            (
                format!("{}\n{}!\n{}", body[0], body[1], body[body.len() - 1]),
                "not base64",
            ),
            (
                format!("{}\n{}\n{}", body[0], &body[1][..20], body[body.len() - 1]),
                "PKCS#8",
            ),
            (
                good.replace("BEGIN PRIVATE KEY", "BEGIN EC PRIVATE KEY")
                    .replace("END PRIVATE KEY", "END EC PRIVATE KEY"),
                "SEC 1",
            ),
            (fixture("p256.encrypted.pem"), "encrypted"),
        ];
        for (text, reason) in cases {
            let e = parse(&text, &Limits::DEFAULT).unwrap_err();
            assert_eq!(e.kind(), ErrorKind::Key, "{reason}");
            assert!(e.reason().contains(reason), "{reason}: {}", e.reason());
        }
    }

    #[test]
    fn multikey_secrets_read_and_mismatches_are_refused() {
        let key = generate(SignatureAlgorithm::P384, Some(4)).unwrap();
        let secret = multikey::encode_base58btc(&[&[0x87u8, 0x26][..], &key.to_bytes()].concat());
        let public = multikey::public_key_multibase(&key.public_key());
        let document = serde_json::json!({"type": "Multikey", "publicKeyMultibase": public, "secretKeyMultibase": secret});
        let read = parse(&document.to_string(), &Limits::DEFAULT).unwrap();
        assert_eq!(read.key.to_bytes(), key.to_bytes());
        assert_eq!(read.id, None);
        let other = generate(SignatureAlgorithm::P384, Some(5)).unwrap();
        let mut mixed = document.clone();
        mixed["publicKeyMultibase"] = multikey::public_key_multibase(&other.public_key()).into();
        assert!(parse(&mixed.to_string(), &Limits::DEFAULT)
            .unwrap_err()
            .reason()
            .contains("is not the public key"));
        let mut wrong = document;
        wrong["secretKeyMultibase"] = Value::from(public);
        assert_eq!(
            parse(&wrong.to_string(), &Limits::DEFAULT)
                .unwrap_err()
                .kind(),
            ErrorKind::Key
        );
        assert!(
            parse("{\"kty\": \"OKP\", \"kty\": \"EC\"}", &Limits::DEFAULT)
                .unwrap_err()
                .reason()
                .contains("duplicate")
        );
    }
}
