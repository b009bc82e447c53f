//! Whether two presentations of one credential can be linked by what carries their signatures: the holder
//! presents twice, and the longest run of bytes the signatures of the first share with those of the second is
//! measured. A format whose verifier receives the issuer's signature itself (SD-JWT VC's issuer-signed JWT,
//! mdoc's `issuerAuth`, a Data Integrity proof value that carries the base signature) repeats it whole; a BBS
//! proof (bbs-2023) is a fresh zero-knowledge proof each time, so only the few bytes of its framing repeat.
//! From `LINKABLE_RUN` (results::exchange) bytes on, a run is a signature seen twice.

use std::collections::HashMap;

/// The longest run of bytes that appears both in one of `first` and in one of `second` (0 when either is
/// empty). Binary search on the run length with a rolling hash of every window of `second`, each hit checked
/// byte for byte, so the cost stays near-linear in the bytes even for SLH-DSA's 7,856-byte signatures.
pub(crate) fn longest_shared_run(first: &[Vec<u8>], second: &[Vec<u8>]) -> usize {
    let longest_possible = first
        .iter()
        .map(Vec::len)
        .max()
        .unwrap_or(0)
        .min(second.iter().map(Vec::len).max().unwrap_or(0));
    // Invariant: a run of `low` bytes is shared, none of `high + 1`.
    let (mut low, mut high) = (0, longest_possible);
    while low < high {
        let length = (low + high).div_ceil(2);
        if shares_run_of(first, second, length) {
            low = length;
        } else {
            high = length - 1;
        }
    }
    low
}

const BASE: u64 = 0x100_0000_01b3;

/// The rolling hashes of every window of `length` bytes of `bytes`, with each window's start.
fn window_hashes(bytes: &[u8], length: usize) -> impl Iterator<Item = (u64, usize)> + '_ {
    let top = BASE.wrapping_pow(length.saturating_sub(1) as u32);
    let mut hash = 0u64;
    bytes.iter().enumerate().filter_map(move |(i, &b)| {
        if i >= length {
            hash = hash.wrapping_sub(top.wrapping_mul(u64::from(bytes[i - length])));
        }
        hash = hash.wrapping_mul(BASE).wrapping_add(u64::from(b));
        (i + 1 >= length).then(|| (hash, i + 1 - length))
    })
}

fn shares_run_of(first: &[Vec<u8>], second: &[Vec<u8>], length: usize) -> bool {
    if length == 0 {
        return true;
    }
    let mut seen: HashMap<u64, Vec<&[u8]>> = HashMap::new();
    for blob in second {
        for (hash, start) in window_hashes(blob, length) {
            seen.entry(hash)
                .or_default()
                .push(&blob[start..start + length]);
        }
    }
    first.iter().any(|blob| {
        window_hashes(blob, length).any(|(hash, start)| {
            seen.get(&hash)
                .is_some_and(|windows| windows.iter().any(|&w| w == &blob[start..start + length]))
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_the_longest_shared_run() {
        let a = vec![b"xxabcdefgyy".to_vec(), b"123".to_vec()];
        let b = vec![b"zzz".to_vec(), b"qqcdefgabc".to_vec()];
        assert_eq!(longest_shared_run(&a, &b), 5); // "cdefg"
        assert_eq!(longest_shared_run(&a, &[]), 0);
        assert_eq!(
            longest_shared_run(&[b"abc".to_vec()], &[b"xyz".to_vec()]),
            0
        );
    }

    #[test]
    fn a_repeated_signature_is_found_whole() {
        let signature: Vec<u8> = (0..7856u32)
            .map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8)
            .collect();
        let mut other = vec![9u8; 100];
        other.extend_from_slice(&signature);
        assert_eq!(
            longest_shared_run(std::slice::from_ref(&signature), &[other]),
            signature.len()
        );
    }
}
