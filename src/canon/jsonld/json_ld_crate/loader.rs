//! The offline loader as the json-ld crate's document loader (JSON-LD 1.1 API §9.4 LoadDocumentCallback): each
//! context is parsed once by the crate's JSON parser (with what safe mode needs to know of it, `Remote`) and
//! cloned per load, under the loader's bounds. The crate
//! reports only that loading failed; the loader keeps the reason ([`OfflineLoader::record_failure`]) for
//! [`super::expand`] to report.

use super::safe_mode::Remote;
use crate::loader::OfflineLoader;
use json_ld::{Iri, IriBuf, LoadError, RemoteDocument};

impl json_ld::Loader for OfflineLoader {
    async fn load(&self, url: &Iri) -> std::result::Result<RemoteDocument<IriBuf>, LoadError> {
        match self.dereference_as(url.as_str(), Remote::parse) {
            Ok(remote) => Ok(RemoteDocument::new(
                Some(url.to_owned()),
                Some("application/ld+json".parse().expect("valid MIME type")),
                remote.value.clone(),
            )),
            Err(error) => {
                let message = error.to_string();
                self.record_failure(error);
                Err(LoadError::new(
                    url.to_owned(),
                    std::io::Error::other(message),
                ))
            }
        }
    }
}
