//! The offline document loader: every context of canonprof's bundle (schemas-education/contexts/index.json,
//! URL → {"file": …}), read once into memory; any other URL is an error naming it, as canonprof never fetches.

use oxjsonld::{JsonLdLoadDocumentOptions, JsonLdRemoteDocument};
use std::collections::HashMap;
use std::error::Error;
use std::path::Path;
use std::sync::Arc;

pub type Contexts = Arc<HashMap<String, Vec<u8>>>;

/// Reads every bundled context (bytes, as oxjsonld's callback returns them).
pub fn load_contexts(root: &Path) -> Result<Contexts, String> {
    let dir = root.join("schemas-education/contexts");
    let index_path = dir.join("index.json");
    let text = std::fs::read_to_string(&index_path)
        .map_err(|e| format!("{}: {e}", index_path.display()))?;
    let index: serde_json::Value =
        serde_json::from_str(&text).map_err(|e| format!("{}: {e}", index_path.display()))?;
    let entries = index["contexts"]
        .as_object()
        .ok_or("index.json has no \"contexts\" object")?;
    let mut map = HashMap::new();
    for (url, entry) in entries {
        let file = entry["file"]
            .as_str()
            .ok_or_else(|| format!("index.json: {url} has no \"file\""))?;
        let bytes = std::fs::read(dir.join(file)).map_err(|e| format!("{file}: {e}"))?;
        map.insert(url.clone(), bytes);
    }
    Ok(Arc::new(map))
}

/// oxjsonld's load-document callback over the bundle. The API wants an owned `Vec<u8>` per load, and oxjsonld
/// keeps its remote-context cache per parser, so every parse copies and re-parses each context it uses.
pub fn callback(
    contexts: Contexts,
) -> impl Fn(
    &str,
    &JsonLdLoadDocumentOptions,
) -> Result<JsonLdRemoteDocument, Box<dyn Error + Send + Sync>>
       + Send
       + Sync
       + std::panic::UnwindSafe
       + std::panic::RefUnwindSafe
       + 'static {
    move |url, _options| match contexts.get(url) {
        Some(bytes) => Ok(JsonLdRemoteDocument {
            document: bytes.clone(),
            document_url: url.to_owned(),
        }),
        None => Err(format!("unknown context URL <{url}> (offline)").into()),
    }
}
