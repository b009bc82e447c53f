//! Regenerates the RSA keys bundled in `keys/jws/` (see keys/jws/README.md): the keys `canonprof jws` would
//! generate for its default seed, stored because 8192-bit prime generation is slow.
//! Run: `cargo run --release --example bundle_rsa_keys`.

fn main() {
    use rsa::pkcs8::EncodePrivateKey;
    let seed = canonprof::jws::algorithms::DEFAULT_SEED;
    for bits in [4096, 6144, 8192] {
        let key = canonprof::jws::algorithms::generate_rsa_key(bits, seed).expect("key generation");
        let der = key.to_pkcs8_der().expect("PKCS#8");
        let path = format!("keys/jws/rsa-{bits}-seed-{seed}.der");
        std::fs::write(&path, der.as_bytes()).expect("write");
        println!("{path}");
    }
}
