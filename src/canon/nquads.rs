//! N-Quads input (`--input-format nquads`, the W3C RDFC-1.0 test suite's format) parsed into an oxrdf dataset.

use crate::error::{Error, ErrorKind, Result};
use oxrdf::Dataset;
use oxttl::NQuadsParser;

/// Parses N-Quads `text` into a dataset. Errors: [`ErrorKind::NQuads`] with the `line:column` (1-based) and
/// the parser's reason; `label` names the input.
pub fn parse(label: &str, text: &str) -> Result<Dataset> {
    let mut dataset = Dataset::new();
    for quad in NQuadsParser::new().for_slice(text.as_bytes()) {
        match quad {
            Ok(quad) => {
                dataset.insert(&quad);
            }
            Err(e) => {
                let start = e.location().start;
                return Err(Error::new(
                    ErrorKind::NQuads,
                    format!("invalid N-Quads: {}", e.message()),
                )
                .in_source(label)
                .at(format!("{}:{}", start.line + 1, start.column + 1)));
            }
        }
    }
    Ok(dataset)
}
