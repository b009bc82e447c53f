//! Frame names of sampled flamegraphs as a reader of the specifications wants them: `module::function`, no crate
//! path, no file (`iri::expand`, `label::hash_first_degree_quads`), with the specification step a function
//! implements appended (`iri::expand (IRI Expansion §5.2)`), and recursion collapsed so that the engine's
//! recursive descent reads as one frame per function instead of a 60-deep tower.
//!
//! Why names need work at all: release builds carry `line-tables-only` debug info, whose subprogram entries have
//! the bare function name (`expand`, `value`) and no linkage name, so the symbolizer reports bare names for
//! every frame it finds in the debug info, and full paths (`canonprof::canon::label::Labeler::issue`) only for
//! the few it finds in the symbol table alone. Both forms are reduced to `module::function` here: the module
//! from the source file (`…/canonprof/iri.rs` → `iri`) or from the path's last lowercase segment.

/// The module a Rust source file is: its stem, or for `mod.rs` / `lib.rs` / `main.rs` the directory (or crate, without
/// its version) holding it: `…/src/canon/label.rs` → `label`, `alloc/src/vec/mod.rs` → `vec`,
/// `digest-0.11.3/src/lib.rs` → `digest`.
pub(crate) fn module_of_file(path: &std::path::Path) -> Option<String> {
    // C and assembly sources (the allocator, libc's memcpy) have no modules: their symbol is the name.
    if path.extension()? != "rs" {
        return None;
    }
    let stem = path.file_stem()?.to_string_lossy().into_owned();
    if !matches!(stem.as_str(), "mod" | "lib" | "main") {
        return Some(stem);
    }
    let mut parent = path.parent()?;
    if parent.file_name()? == "src" {
        parent = parent.parent()?;
    }
    let dir = parent.file_name()?.to_string_lossy().into_owned();
    // A registry crate directory is `name-1.2.3`: drop the version.
    let crate_name = match dir.rsplit_once('-') {
        Some((name, version)) if version.starts_with(|c: char| c.is_ascii_digit()) => name,
        _ => dir.as_str(),
    };
    Some(crate_name.replace('-', "_"))
}

/// The library a frame's source file belongs to, for [`compact_library_runs`]: `None` for canonprof's own code
/// (never compacted), `std` for the standard library (core, alloc, std), the crate (without version) for a
/// registry crate, C sources included (`libmimalloc-sys-0.1.43/c_src/…` → `libmimalloc-sys`), and `?` for a frame
/// without a file (a system library's symbol).
pub(crate) fn library_of_file(path: Option<&std::path::Path>) -> Option<String> {
    let Some(path) = path else {
        return Some("?".to_string());
    };
    if path.starts_with(env!("CARGO_MANIFEST_DIR")) {
        return None;
    }
    let parts: Vec<String> = path
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    if let Some(i) = parts.iter().position(|p| p == "library") {
        if parts.get(i + 2).is_some_and(|p| p == "src") {
            return Some("std".to_string());
        }
    }
    // A registry crate: the first directory named `name-1.2.3`.
    let versioned = parts.iter().find_map(|p| {
        let (name, version) = p.rsplit_once('-')?;
        version
            .starts_with(|c: char| c.is_ascii_digit())
            .then(|| name.to_string())
    });
    Some(versioned.unwrap_or_else(|| "?".to_string()))
}

/// Shortens every run of three or more consecutive frames of one library (outside canonprof's code) to its first
/// frame (the call canonprof made, e.g. `fmt::format`) and its last (where the time went, e.g. `mimalloc::alloc`):
/// the standard library's and dependencies' inlined internals otherwise make 40-frame stacks that say nothing
/// about the specifications. `libraries` gives each frame's library ([`library_of_file`]).
pub(crate) fn compact_library_runs(frames: Vec<(String, Option<String>)>) -> Vec<String> {
    let mut out: Vec<String> = Vec::with_capacity(frames.len());
    let mut i = 0;
    while i < frames.len() {
        let library = &frames[i].1;
        let mut end = i + 1;
        if library.is_some() {
            while end < frames.len() && frames[end].1 == *library {
                end += 1;
            }
        }
        out.push(frames[i].0.clone());
        if end - i >= 2 {
            out.push(frames[end - 1].0.clone());
        }
        i = end;
    }
    out
}

/// `module::function` for a simplified symbol name (generics already dropped): a path keeps its last segment
/// and the nearest module (lowercase) segment before it, skipping type and impl segments
/// (`canonprof::canon::label::Labeler::issue` → `label::issue`); a qualified-self name keeps its types'
/// last segments (`<json_ld_core::Context as core::clone::Clone>::clone` → `<Context as Clone>::clone`); a bare
/// name takes `module` from its source file.
pub(crate) fn short_name(name: &str, module: Option<&str>) -> String {
    if name.starts_with('<') {
        return qualified_self(name);
    }
    let segments = split_path(name);
    let Some((function, before)) = segments.split_last() else {
        return name.to_string();
    };
    let from_path = before.iter().rev().find(|s| is_module_segment(s)).copied();
    match from_path.or(module) {
        Some(m) => format!("{m}::{function}"),
        None => function.to_string(),
    }
}

/// Splits on `::` outside `<…>`.
fn split_path(name: &str) -> Vec<&str> {
    let (mut segments, mut depth, mut start) = (Vec::new(), 0usize, 0);
    let bytes = name.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'<' => depth += 1,
            b'>' => depth = depth.saturating_sub(1),
            b':' if depth == 0 && bytes.get(i + 1) == Some(&b':') => {
                segments.push(&name[start..i]);
                i += 2;
                start = i;
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    segments.push(&name[start..]);
    segments
}

fn is_module_segment(segment: &str) -> bool {
    segment
        .chars()
        .next()
        .is_some_and(|c| c.is_ascii_lowercase() || c == '_')
}

/// `<a::B as c::D>::f` → `<B as D>::f`: every path inside the angle brackets cut to its last segment.
fn qualified_self(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    let mut word = String::new();
    let flush = |word: &mut String, out: &mut String| {
        out.push_str(word.rsplit("::").next().unwrap_or(word));
        word.clear();
    };
    let close = name.rfind(">::").unwrap_or(name.len());
    for c in name[..close].chars() {
        if c == '<' || c == '>' || c == ' ' {
            flush(&mut word, &mut out);
            out.push(c);
        } else {
            word.push(c);
        }
    }
    flush(&mut word, &mut out);
    out.push_str(&name[close..]);
    out
}

/// The frame name with its step: `iri::expand` → `iri::expand (IRI Expansion §5.2)` when `steps` (function →
/// step title) has it.
pub(crate) fn with_step(name: &str, steps: &[(&str, &str)]) -> String {
    match steps.iter().find(|(function, _)| *function == name) {
        Some((_, step)) => format!("{name} ({step})"),
        None => name.to_string(),
    }
}

/// Collapses recursion in one stack (root first): a frame already on the stack cuts the stack back to its
/// earlier occurrence, so `a;b;a;b;c` → `a;b;c` (the calls in between are the same functions again) and
/// consecutive repeats `a;a;a` → `a`.
pub(crate) fn collapse_recursion<'a>(frames: impl IntoIterator<Item = &'a str>) -> Vec<&'a str> {
    let mut out: Vec<&str> = Vec::new();
    for frame in frames {
        match out.iter().position(|f| *f == frame) {
            Some(i) => out.truncate(i + 1),
            None => out.push(frame),
        }
    }
    out
}

/// Folded stacks with steps named ([`with_step`]) and, unless `keep_recursion`, recursion collapsed
/// ([`collapse_recursion`]); stacks that become equal are summed. The root frame is left as it is.
pub(crate) fn relabel(
    stacks: &super::folded::Folded,
    steps: &[(&str, &str)],
    keep_recursion: bool,
) -> super::folded::Folded {
    let mut out = super::folded::Folded::new();
    for (stack, count) in stacks {
        let named: Vec<String> = stack
            .split(';')
            .enumerate()
            .map(|(i, f)| {
                if i == 0 {
                    f.to_string()
                } else {
                    with_step(f, steps)
                }
            })
            .collect();
        let frames: Vec<&str> = if keep_recursion {
            named.iter().map(String::as_str).collect()
        } else {
            collapse_recursion(named.iter().map(String::as_str))
        };
        *out.entry(frames.join(";")).or_default() += count;
    }
    out
}

/// Frames (root excluded) of the deepest stack.
#[cfg(test)]
fn max_depth(stacks: &super::folded::Folded) -> usize {
    stacks
        .keys()
        .map(|s| s.split(';').count().saturating_sub(1))
        .max()
        .unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    #[test]
    fn names_frames_by_module_and_function_without_paths() {
        let file = |p: &str| module_of_file(Path::new(p));
        assert_eq!(
            file("/w/canonprof/src/canon/jsonld/canonprof/iri.rs").as_deref(),
            Some("iri")
        );
        assert_eq!(file("alloc/src/vec/mod.rs").as_deref(), Some("vec"));
        assert_eq!(
            file("/r/json-ld-core-0.21.4/src/context/mod.rs").as_deref(),
            Some("context")
        );
        assert_eq!(
            file("/r/digest-0.11.3/src/lib.rs").as_deref(),
            Some("digest")
        );
        assert_eq!(
            file("/g/sysdeps/x86_64/multiarch/memcmp-evex-movbe.S"),
            None
        );
        assert_eq!(short_name("expand", Some("iri")), "iri::expand");
        assert_eq!(
            short_name("canonprof::canon::label::Labeler::issue", Some("x")),
            "label::issue"
        );
        assert_eq!(
            short_name(
                "canonprof::canon::jsonld::canonprof::value_expansion::value_expansion_as",
                None
            ),
            "value_expansion::value_expansion_as"
        );
        assert_eq!(
            short_name(
                "<json_ld_core::context::Context as core::clone::Clone>::clone",
                None
            ),
            "<Context as Clone>::clone"
        );
        assert_eq!(
            short_name("{closure#0}", Some("label")),
            "label::{closure#0}"
        );
        assert_eq!(short_name("malloc", None), "malloc");
        let steps = [("iri::expand", "IRI Expansion §5.2")];
        assert_eq!(
            with_step("iri::expand", &steps),
            "iri::expand (IRI Expansion §5.2)"
        );
        assert_eq!(with_step("iri::expansion", &steps), "iri::expansion");
    }

    #[test]
    fn compacts_library_internals_to_entry_and_leaf() {
        let own = env!("CARGO_MANIFEST_DIR").to_string() + "/src/canon/jsonld/rdf.rs";
        let lib = |p: &str| library_of_file(Some(Path::new(p)));
        assert_eq!(lib(&own), None);
        assert_eq!(
            lib("/rustc/abc/library/alloc/src/vec/mod.rs").as_deref(),
            Some("std")
        );
        assert_eq!(
            lib("/c/registry/src/index/libmimalloc-sys-0.1.43/c_src/mimalloc/src/alloc.c")
                .as_deref(),
            Some("libmimalloc-sys")
        );
        assert_eq!(library_of_file(None).as_deref(), Some("?"));
        let frame =
            |name: &str, library: Option<&str>| (name.to_string(), library.map(String::from));
        let stack = vec![
            frame("to_rdf::value", None),
            frame("rdf::xsd_integer", None),
            frame("fmt::format", Some("std")),
            frame("fmt::write", Some("std")),
            frame("<Vec>::reserve", Some("std")),
            frame("alloc::alloc", Some("std")),
            frame("mimalloc::alloc", Some("mimalloc")),
            frame("page::mi_find_page", Some("libmimalloc-sys")),
            frame("page::mi_page_fresh", Some("libmimalloc-sys")),
            frame("arena::mi_arenas_page_alloc", Some("libmimalloc-sys")),
        ];
        assert_eq!(
            compact_library_runs(stack),
            [
                "to_rdf::value",
                "rdf::xsd_integer",
                "fmt::format",
                "alloc::alloc",
                "mimalloc::alloc",
                "page::mi_find_page",
                "arena::mi_arenas_page_alloc"
            ]
        );
    }

    #[test]
    fn collapses_recursion_unless_kept() {
        assert_eq!(
            collapse_recursion(["a", "b", "a", "b", "c"]),
            ["a", "b", "c"]
        );
        assert_eq!(collapse_recursion(["a", "a", "a", "b"]), ["a", "b"]);
        assert_eq!(collapse_recursion(["a", "b", "c"]), ["a", "b", "c"]);
        // A constructed engine tower: expansion recursing through map, entries and property 3 times.
        let mut tower = vec!["rdfc-1.0".to_string(), "mod::expand".to_string()];
        for _ in 0..3 {
            for f in [
                "expand::expand_as",
                "expand::expand_map",
                "expand::entries",
                "expand::property",
            ] {
                tower.push(f.to_string());
            }
        }
        tower.push("iri::expand".to_string());
        let stacks = super::super::folded::Folded::from([
            (tower.join(";"), 3),
            (
                "rdfc-1.0;mod::expand;expand::expand_as;iri::expand".to_string(),
                2,
            ),
        ]);
        let steps = [
            ("iri::expand", "IRI Expansion §5.2"),
            ("expand::expand_as", "Expansion §5.1"),
        ];
        let collapsed = relabel(&stacks, &steps, false);
        assert_eq!(
            super::super::folded::to_text(&collapsed),
            "rdfc-1.0;mod::expand;expand::expand_as (Expansion §5.1);expand::expand_map;expand::entries;\
             expand::property;iri::expand (IRI Expansion §5.2) 3\n\
             rdfc-1.0;mod::expand;expand::expand_as (Expansion §5.1);iri::expand (IRI Expansion §5.2) 2\n"
        );
        assert_eq!(max_depth(&collapsed), 6);
        let kept = relabel(&stacks, &steps, true);
        assert_eq!(max_depth(&kept), 14);
        assert_eq!(kept.values().sum::<u64>(), 5);
        assert!(kept.keys().all(|s| !s.contains(".rs") && !s.contains('[')));
    }
}
