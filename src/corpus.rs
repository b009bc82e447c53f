//! The benchmark corpus: credentials bundled in the binary (`schemas-education/simple/` and `edu/`) and the
//! user's own files (`--credential FILE`).

use crate::document::Document;
use crate::document::Limits;
use crate::error::Result;
use std::path::Path;

/// Which credential set to profile (`--schema`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Schema {
    /// Simple credentials: alumni (vc-di-eddsa), vcdm2-simple (VCDM 2.0 spec), person-20 (20 attributes).
    Simple,
    /// Production education credentials: Open Badges 3.0 (basic, full), CLR 2.0, European Learning Model.
    Edu,
    /// Both sets.
    All,
}

/// The simple credential edu credentials are compared with, and the one the three-format exchange runs on by
/// default (the study's 20-attribute credential).
pub const SIMPLE_REFERENCE: &str = "person-20";

/// A credential to profile.
#[derive(Debug, Clone)]
pub struct Credential {
    /// Short name, e.g. `ob3-full` (file stem for user files).
    pub name: String,
    /// `simple`, `edu` or `user`.
    pub set: &'static str,
    /// The document (label and text).
    pub document: Document,
    /// Measured only as the simple baseline of the edu/simple ratio (shown compactly).
    pub baseline: bool,
}

impl Credential {
    /// Whether this is the bundled simple reference credential ([`SIMPLE_REFERENCE`]).
    pub fn is_simple_reference(&self) -> bool {
        self.set == "simple" && self.name == SIMPLE_REFERENCE
    }
}

macro_rules! bundled {
    ($set:literal, $name:literal) => {
        (
            $set,
            $name,
            include_str!(concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/schemas-education/",
                $set,
                "/",
                $name,
                ".json"
            )),
        )
    };
}

/// (set, name, text) of every bundled credential, simple first.
pub static BUNDLED: &[(&str, &str, &str)] = &[
    bundled!("simple", "alumni"),
    bundled!("simple", "vcdm2-simple"),
    bundled!("simple", "person-20"),
    bundled!("edu", "ob3-basic"),
    bundled!("edu", "ob3-full"),
    bundled!("edu", "clr2"),
    bundled!("edu", "elm-edc-annex1"),
];

/// The bundled credentials of `schema`, in a fixed order.
pub fn bundled(schema: Schema) -> Vec<Credential> {
    BUNDLED
        .iter()
        .filter(|(set, _, _)| match schema {
            Schema::Simple => *set == "simple",
            Schema::Edu => *set == "edu",
            Schema::All => true,
        })
        .map(|(set, name, text)| Credential {
            name: name.to_string(),
            set,
            document: Document {
                label: format!("schemas-education/{set}/{name}.json"),
                text: text.to_string(),
            },
            baseline: false,
        })
        .collect()
}

/// The simple reference credential ([`SIMPLE_REFERENCE`]) alone: the three-format exchange's default.
pub fn simple_reference() -> Vec<Credential> {
    bundled(Schema::Simple)
        .into_iter()
        .filter(Credential::is_simple_reference)
        .collect()
}

/// The simple reference credential, then the edu set: `canonprof exchange --format vcdm`'s default.
pub fn reference_and_edu() -> Vec<Credential> {
    bundled(Schema::All)
        .into_iter()
        .filter(|c| c.set == "edu" || c.is_simple_reference())
        .collect()
}

/// The credentials the main job measures for `schema`: with `edu` alone, the simple set is added as a baseline so
/// the edu/simple cost ratio (the study's 31–49x) is measured in the same run.
pub fn for_main_job(schema: Schema) -> Vec<Credential> {
    let mut credentials = bundled(schema);
    if schema == Schema::Edu {
        credentials.extend(bundled(Schema::Simple).into_iter().map(|c| Credential {
            baseline: true,
            ..c
        }));
    }
    credentials
}

/// Gives every credential a distinct name: where file stems collide, the colliding ones are named by their path.
fn disambiguate(credentials: &mut [Credential]) {
    let mut counts = std::collections::HashMap::new();
    for c in credentials.iter() {
        *counts.entry(c.name.clone()).or_insert(0usize) += 1;
    }
    let mut seen = std::collections::HashMap::new();
    for c in credentials.iter_mut() {
        if counts[&c.name] > 1 {
            let n = seen.entry(c.document.label.clone()).or_insert(0usize);
            *n += 1;
            c.name = if *n == 1 {
                c.document.label.clone()
            } else {
                format!("{}#{n}", c.document.label)
            };
        }
    }
}

/// The user's credential files, with distinct names (`disambiguate`). Errors: see [`user_file`].
pub fn user_files(paths: &[std::path::PathBuf], limits: &Limits) -> Result<Vec<Credential>> {
    let mut files = paths
        .iter()
        .map(|p| user_file(p, limits))
        .collect::<Result<Vec<_>>>()?;
    disambiguate(&mut files);
    Ok(files)
}

/// A user's credential file, read within `limits`. Errors: unreadable, too large or not UTF-8 (see
/// [`Limits::read_document`]).
pub fn user_file(path: &Path, limits: &Limits) -> Result<Credential> {
    let document = limits.read_document(path)?;
    let name = path.file_stem().map_or_else(
        || document.label.clone(),
        |s| s.to_string_lossy().into_owned(),
    );
    Ok(Credential {
        name,
        set: "user",
        document,
        baseline: false,
    })
}
