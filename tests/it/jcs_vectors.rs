//! RFC 8785 conformance: the cyberphone/json-canonicalization input/output pairs and the first 10,000 lines of
//! its ES6 number-serialization file (tests/data/jcs, see its SOURCES.md).

use crate::common::*;
use canonprof::document::Limits;

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
        // The JCS path parses text (sonic-rs): the shortest form, an exponent form and a 17-digit form of the
        // same double must all come back as `expected`.
        for text in [
            expected.to_string(),
            format!("{value:e}"),
            format!("{value:.16e}"),
        ] {
            let parsed = canonprof::canon::jcs::canonicalize("number", &text, &Limits::DEFAULT)
                .unwrap_or_else(|e| panic!("bits {bits}, `{text}`: {e}"));
            assert_eq!(
                parsed.canonical, expected,
                "bits {bits}, parsed from `{text}`"
            );
        }
        count += 1;
    }
    assert_eq!(count, 10_000);
}

#[test]
fn the_jcs_path_refuses_what_i_json_forbids_without_crashing() {
    use canonprof::canon::jcs::canonicalize;
    use canonprof::ErrorKind;
    // sonic-rs has no nesting limit: the input check in front of it must stop this before it overflows the stack.
    let deep = "[".repeat(200_000) + &"]".repeat(200_000);
    assert_eq!(
        canonicalize("deep", &deep, &Limits::DEFAULT)
            .unwrap_err()
            .kind(),
        ErrorKind::Limit
    );
    let duplicate =
        canonicalize("dup", r#"{"a": {"b": 1, "b": 2}}"#, &Limits::DEFAULT).unwrap_err();
    assert_eq!(duplicate.kind(), ErrorKind::DuplicateKey);
    assert_eq!(duplicate.source_name(), Some("dup"));
    let range = canonicalize("big", "[1e400]", &Limits::DEFAULT).unwrap_err();
    assert_eq!(range.kind(), ErrorKind::NonFiniteNumber);
    let syntax = canonicalize("syntax", "{\"a\": 1,\n \"b\": tru }", &Limits::DEFAULT).unwrap_err();
    assert_eq!(syntax.kind(), ErrorKind::Json);
    assert_eq!(syntax.position().map(|p| &p[..2]), Some("2:"));
    // A lone surrogate escape is not a Unicode string (I-JSON, RFC 7493 §2.1).
    assert!(canonicalize("surrogate", r#"["\ud800"]"#, &Limits::DEFAULT).is_err());
    // Escapes that are fine come out minimal (RFC 8785 §3.2.2.2).
    assert_eq!(
        canonicalize(
            "escapes",
            r#"["\u0041\u00e9\/\u001f\ud83d\ude00"]"#,
            &Limits::DEFAULT
        )
        .unwrap()
        .canonical,
        "[\"Aé/\\u001f😀\"]"
    );
}
