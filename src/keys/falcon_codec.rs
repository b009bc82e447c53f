//! FALCON-512 key encodings between the round-3 submission's and fn-dsa's. Round 3 (specification §3.11.3–
//! §3.11.5, and PQClean's `falcon-padded-512`, which the Quantum-Safe Cryptosuites vectors use) packs each
//! coefficient most significant bit first, and the public key h = g/f as its coefficients; fn-dsa (the FIPS 206
//! draft's FN-DSA) packs the same values in the same widths least significant bit first, writes h in its NTT
//! representation, and appends a 64-byte hash of the verifying key to the signing key. The bit order is
//! translated here; h's NTT is undone by fn-dsa-comm's own `mq` functions (no arithmetic of canonprof's), so
//! that fn-dsa can generate canonprof's seeded FALCON-512 keys and derive a round-3 secret key's public key.

/// Coefficients per FALCON-512 polynomial.
const N: usize = 512;
/// Bits per coefficient of f and g (logn = 9), of F, and of the public key's h (mod q = 12289).
const FG_BITS: u32 = 6;
const BIG_F_BITS: u32 = 8;
const H_BITS: u32 = 14;

/// Bit orders of a packed coefficient sequence.
#[derive(Clone, Copy)]
enum Order {
    /// Round 3: most significant bit first.
    MsbFirst,
    /// fn-dsa: least significant bit first.
    LsbFirst,
}

/// The `N` values of `bits` bits each in `bytes` (exactly `N · bits / 8` of them), read in `order`.
fn unpack(bytes: &[u8], bits: u32, order: Order) -> Vec<u32> {
    let total = N * bits as usize;
    let bit = |i: usize| -> u32 {
        let byte = bytes[i / 8];
        match order {
            Order::MsbFirst => u32::from(byte >> (7 - i % 8)) & 1,
            Order::LsbFirst => u32::from(byte >> (i % 8)) & 1,
        }
    };
    (0..total)
        .step_by(bits as usize)
        .map(|start| match order {
            Order::MsbFirst => (0..bits as usize).fold(0, |v, k| (v << 1) | bit(start + k)),
            Order::LsbFirst => (0..bits as usize).fold(0, |v, k| v | (bit(start + k) << k)),
        })
        .collect()
}

/// `values` packed in `bits` bits each, in `order`.
fn pack(values: &[u32], bits: u32, order: Order) -> Vec<u8> {
    let mut out = vec![0u8; values.len() * bits as usize / 8];
    for (i, value) in values.iter().enumerate() {
        for k in 0..bits as usize {
            let (position, set) = match order {
                Order::MsbFirst => (
                    i * bits as usize + k,
                    (value >> (bits as usize - 1 - k)) & 1,
                ),
                Order::LsbFirst => (i * bits as usize + k, (value >> k) & 1),
            };
            if set == 1 {
                out[position / 8] |= match order {
                    Order::MsbFirst => 0x80 >> (position % 8),
                    Order::LsbFirst => 1 << (position % 8),
                };
            }
        }
    }
    out
}

/// `bytes` (sections of `N` coefficients, `widths` bits each, after a 1-byte header) with each section's bit
/// order turned from `from` to `to`.
fn reorder(bytes: &[u8], widths: &[u32], from: Order, to: Order) -> Vec<u8> {
    let mut out = vec![bytes[0]];
    let mut at = 1;
    for &bits in widths {
        let len = N * bits as usize / 8;
        out.extend(pack(&unpack(&bytes[at..at + len], bits, from), bits, to));
        at += len;
    }
    out
}

/// A round-3 FALCON-512 secret key (1,281 bytes: header, f, g, F) in fn-dsa's signing key layout, with 64 zero
/// bytes where fn-dsa keeps the verifying key's hash (decoding only copies it).
pub(super) fn secret_to_fn_dsa(round3: &[u8]) -> Vec<u8> {
    let mut key = reorder(
        round3,
        &[FG_BITS, FG_BITS, BIG_F_BITS],
        Order::MsbFirst,
        Order::LsbFirst,
    );
    key.extend([0u8; 64]);
    key
}

/// fn-dsa's FALCON-512 signing key as round 3's 1,281-byte secret key.
pub(super) fn secret_from_fn_dsa(fn_dsa: &[u8]) -> Vec<u8> {
    reorder(
        &fn_dsa[..1 + N * (2 * FG_BITS + BIG_F_BITS) as usize / 8],
        &[FG_BITS, FG_BITS, BIG_F_BITS],
        Order::LsbFirst,
        Order::MsbFirst,
    )
}

/// fn-dsa's FALCON-512 verifying key (h in NTT representation, least significant bit first) as round 3's
/// 897-byte public key (h's coefficients, most significant bit first); `None` if it does not decode.
pub(super) fn public_from_fn_dsa(fn_dsa: &[u8]) -> Option<Vec<u8>> {
    use fn_dsa_comm::mq;
    const LOGN: u32 = 9;
    let mut h = [0u16; N];
    fn_dsa_comm::codec::modq_decode(&fn_dsa[1..], &mut h)?;
    mq::mqpoly_ext_to_int(LOGN, &mut h);
    mq::mqpoly_NTT_to_int(LOGN, &mut h);
    mq::mqpoly_int_to_ext(LOGN, &mut h);
    let values: Vec<u32> = h.iter().map(|&c| u32::from(c)).collect();
    let mut out = vec![0x09];
    out.extend(pack(&values, H_BITS, Order::MsbFirst));
    Some(out)
}

/// Whether a 897-byte round-3 public key is well formed: header 0x09 (logn = 9), then 512 values of h below
/// q = 12289 (§3.11.4).
pub(super) fn public_is_valid(round3: &[u8]) -> bool {
    round3.len() == 1 + N * H_BITS as usize / 8
        && round3[0] == 0x09
        && unpack(&round3[1..], H_BITS, Order::MsbFirst)
            .iter()
            .all(|&h| h < 12289)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bit_orders_round_trip() {
        let values: Vec<u32> = (0..N as u32).map(|i| (i * 7919) % 12289).collect();
        for order in [Order::MsbFirst, Order::LsbFirst] {
            assert_eq!(unpack(&pack(&values, H_BITS, order), H_BITS, order), values);
        }
        // MSB first: 0b000001 then 0b000010 … in the first bits.
        assert_eq!(pack(&[1, 2, 3, 4], 6, Order::MsbFirst), [0x04, 0x20, 0xc4]);
        assert_eq!(pack(&[1, 2, 3, 4], 6, Order::LsbFirst), [0x81, 0x30, 0x10]);
    }
}
