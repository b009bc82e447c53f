//! RFC 8785 conformance: the cyberphone/json-canonicalization input/output pairs and the first 10,000 lines of
//! its ES6 number-serialization file (tests/data/jcs, see its SOURCES.md).

mod common;

use common::*;

#[test]
fn cyberphone_input_output_pairs_are_byte_identical() {
    let mut names: Vec<String> = std::fs::read_dir(data("jcs/input"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(names.len(), 6);
    for name in names {
        let input = std::fs::read_to_string(data(&format!("jcs/input/{name}"))).unwrap();
        let expected = std::fs::read(data(&format!("jcs/output/{name}"))).unwrap();
        let got = jcs(&input).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(got.as_bytes(), expected.as_slice(), "{name}");
        let hex: String = std::fs::read_to_string(data(&format!(
            "jcs/outhex/{}",
            name.replace(".json", ".txt")
        )))
        .unwrap()
        .split_whitespace()
        .collect();
        assert_eq!(hex::encode(got.as_bytes()), hex, "{name} (hex)");
    }
}

#[test]
fn es6_number_serialization_first_10000_lines() {
    let text = std::fs::read_to_string(data("jcs/es6-numbers/es6testfile-first10000.txt")).unwrap();
    let mut count = 0;
    for line in text.lines() {
        let (bits, expected) = line.split_once(',').unwrap();
        let value = f64::from_bits(u64::from_str_radix(bits, 16).unwrap());
        let number = serde_json::Number::from_f64(value).expect("the file has only finite values");
        let got =
            canonprof::canon::jcs::canonical_string(&serde_json::Value::Number(number)).unwrap();
        assert_eq!(got, expected, "bits {bits}");
        count += 1;
    }
    assert_eq!(count, 10_000);
}
