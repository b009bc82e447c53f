//! No import circle among the library's files (`src/**/*.rs`, without `src/main.rs`, which is its own crate).
//!
//! What counts as "file A imports from file B":
//! - A names a path that starts with `crate::`, `super::` or `self::` (in a `use` line or in code), or with the
//!   name of a module A itself declares (`mod b;`, then `b::f()`), and that path resolves to B: the longest
//!   leading part of the path that is a module kept in its own file names B (a module written inline, such as
//!   `mod tests { … }`, belongs to the file it is written in).
//! - When the next segment names an item B re-exports by name (`pub use x::Item;`, `pub use x::{a, b as c}`),
//!   the path follows the re-export to the file the item comes from, so importing through a `mod.rs` counts as
//!   importing from the file that defines the item.
//! - Not counted: a file naming itself; a file's `mod b;` (declaring a child is not importing); and a file's
//!   `pub use` of its own descendants' items (a `mod.rs` re-exporting what its children define).
//!
//! A circle is a set of two or more files each of which imports (transitively, through the others) from each
//! of the others: a strongly connected component of the import graph. A parent may use its children's items,
//! and a child its parent's, but not both.
//!
//! The scanner is lexical (comments, strings and character literals are skipped; braces are counted to know
//! which inline module a line is in); it does not expand macros, and glob re-exports (`pub use x::*`) are not
//! followed.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

#[test]
fn no_import_circle_among_src_files() {
    let graph = Graph::of(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src"));
    let circles = graph.circles();
    let edges = graph.edges();
    let described: Vec<String> = circles
        .iter()
        .map(|circle| {
            let inside: Vec<String> = circle
                .iter()
                .flat_map(|from| {
                    edges[from]
                        .iter()
                        .filter(|to| circle.contains(to))
                        .map(move |to| format!("  {from} -> {to}"))
                })
                .collect();
            format!("{}\n{}", circle.join(" <-> "), inside.join("\n"))
        })
        .collect();
    assert!(
        circles.is_empty(),
        "import circles among src/ files (each: the files, then who imports from whom):\n{}",
        described.join("\n")
    );
}

/// The scanner itself: a sibling circle, one through a parent's re-export, and a child using its parent's item
/// while the parent uses the child's are found; a test module's `use super::*` and a `mod.rs` re-exporting its
/// children are not circles.
#[test]
fn layout_scanner_finds_circles() {
    let files = [
        ("lib.rs", "pub mod a;\npub mod b;\npub mod p;\npub mod q;\n"),
        ("a.rs", "use crate::b::Thing; // crate::c::Not\npub struct Other;\n"),
        ("b.rs", "pub struct Thing;\nfn f() -> crate::a::Other { let s = \"crate::x\"; todo!() }\n"),
        ("p/mod.rs", "mod kid;\npub use kid::Kid;\npub struct Top;\nfn g() { kid::run(); }\n"),
        ("p/kid.rs", "pub struct Kid;\npub fn run() { let _ = super::Top; }\n#[cfg(test)]\nmod tests {\n    use super::*;\n}\n"),
        ("q/mod.rs", "mod one;\nmod two;\npub use one::One;\n"),
        ("q/one.rs", "pub struct One;\nfn h() -> super::two::Two { todo!() }\n"),
        ("q/two.rs", "use crate::q::One;\npub struct Two(One);\n"),
    ];
    let graph = Graph::from_sources(
        files
            .iter()
            .map(|(path, text)| (PathBuf::from(path), text.to_string())),
    );
    assert_eq!(
        graph.circles(),
        vec![
            vec!["a.rs".to_string(), "b.rs".to_string()],
            vec!["p/kid.rs".to_string(), "p/mod.rs".to_string()],
            vec!["q/one.rs".to_string(), "q/two.rs".to_string()],
        ]
    );
}

/// The files of a crate and who imports from whom.
struct Graph {
    /// Each file's module path (`["exchange", "leg"]`) and its file (relative to `src/`).
    files: BTreeMap<Vec<String>, String>,
    /// Per file: its `use` and code paths, each already made absolute, and its re-exports.
    scans: BTreeMap<String, Scan>,
}

#[derive(Default)]
struct Scan {
    /// Absolute paths this file names.
    paths: Vec<Vec<String>>,
    /// Names this file re-exports (`pub use`), each as its path inside the file (`["Item"]`, or
    /// `["inline_module", "Item"]`) with the absolute path it re-exports.
    reexports: BTreeMap<Vec<String>, Vec<String>>,
}

impl Graph {
    fn of(src: &Path) -> Graph {
        let mut sources = Vec::new();
        collect(src, src, &mut sources);
        Graph::from_sources(sources)
    }

    fn from_sources(sources: impl IntoIterator<Item = (PathBuf, String)>) -> Graph {
        let sources: Vec<(String, Vec<String>, String)> = sources
            .into_iter()
            .filter(|(path, _)| path != Path::new("main.rs"))
            .map(|(path, text)| {
                let name = path.to_string_lossy().replace('\\', "/");
                (name.clone(), module_path(&name), text)
            })
            .collect();
        let files: BTreeMap<Vec<String>, String> = sources
            .iter()
            .map(|(name, module, _)| (module.clone(), name.clone()))
            .collect();
        let scans = sources
            .iter()
            .map(|(name, module, text)| (name.clone(), scan(module, text, &files)))
            .collect();
        Graph { files, scans }
    }

    /// The file an absolute path leads to, following named re-exports.
    fn resolve(&self, path: &[String], seen: &mut BTreeSet<Vec<String>>) -> Option<String> {
        let (module, file) = (0..=path.len()).rev().find_map(|n| {
            self.files
                .get(&path[..n])
                .map(|file| (&path[..n], file.clone()))
        })?;
        let inside = &path[module.len()..];
        let reexports = &self.scans[&file].reexports;
        if let Some((n, target)) = (1..=inside.len())
            .rev()
            .find_map(|n| reexports.get(&inside[..n]).map(|t| (n, t)))
        {
            let mut onward = target.clone();
            onward.extend_from_slice(&inside[n..]);
            if seen.insert(onward.clone()) {
                return self.resolve(&onward, seen).or(Some(file));
            }
        }
        Some(file)
    }

    /// Who imports from whom, by file.
    fn edges(&self) -> BTreeMap<String, BTreeSet<String>> {
        let mut edges: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
        for (file, scan) in &self.scans {
            let targets = edges.entry(file.clone()).or_default();
            for path in &scan.paths {
                if let Some(target) = self.resolve(path, &mut BTreeSet::new()) {
                    if &target != file {
                        targets.insert(target);
                    }
                }
            }
        }
        edges
    }

    /// The strongly connected components of two or more files (Tarjan's algorithm), each sorted, in file order.
    fn circles(&self) -> Vec<Vec<String>> {
        let edges = self.edges();
        let names: Vec<&String> = edges.keys().collect();
        let index_of: BTreeMap<&String, usize> =
            names.iter().enumerate().map(|(i, n)| (*n, i)).collect();
        let successors: Vec<Vec<usize>> = names
            .iter()
            .map(|n| {
                edges[*n]
                    .iter()
                    .filter_map(|t| index_of.get(t).copied())
                    .collect()
            })
            .collect();
        let mut tarjan = Tarjan {
            successors: &successors,
            index: vec![None; names.len()],
            low: vec![0; names.len()],
            on_stack: vec![false; names.len()],
            stack: Vec::new(),
            next: 0,
            components: Vec::new(),
        };
        for v in 0..names.len() {
            if tarjan.index[v].is_none() {
                tarjan.visit(v);
            }
        }
        let mut circles: Vec<Vec<String>> = tarjan
            .components
            .into_iter()
            .filter(|c| c.len() > 1)
            .map(|c| {
                let mut files: Vec<String> = c.into_iter().map(|i| names[i].clone()).collect();
                files.sort();
                files
            })
            .collect();
        circles.sort();
        circles
    }
}

struct Tarjan<'a> {
    successors: &'a [Vec<usize>],
    index: Vec<Option<usize>>,
    low: Vec<usize>,
    on_stack: Vec<bool>,
    stack: Vec<usize>,
    next: usize,
    components: Vec<Vec<usize>>,
}

impl Tarjan<'_> {
    fn visit(&mut self, v: usize) {
        self.index[v] = Some(self.next);
        self.low[v] = self.next;
        self.next += 1;
        self.stack.push(v);
        self.on_stack[v] = true;
        for &w in &self.successors[v] {
            match self.index[w] {
                None => {
                    self.visit(w);
                    self.low[v] = self.low[v].min(self.low[w]);
                }
                Some(index) if self.on_stack[w] => self.low[v] = self.low[v].min(index),
                Some(_) => {}
            }
        }
        if Some(self.low[v]) == self.index[v] {
            let mut component = Vec::new();
            while let Some(w) = self.stack.pop() {
                self.on_stack[w] = false;
                component.push(w);
                if w == v {
                    break;
                }
            }
            self.components.push(component);
        }
    }
}

fn collect(root: &Path, dir: &Path, out: &mut Vec<(PathBuf, String)>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("src/ is readable")
        .map(|e| e.expect("a directory entry").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            collect(root, &path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            let text = std::fs::read_to_string(&path).expect("a source file is UTF-8");
            out.push((
                path.strip_prefix(root).expect("under src/").to_path_buf(),
                text,
            ));
        }
    }
}

/// `lib.rs` → `[]`, `a/mod.rs` → `["a"]`, `a/b.rs` → `["a", "b"]`.
fn module_path(file: &str) -> Vec<String> {
    let mut parts: Vec<String> = file
        .trim_end_matches(".rs")
        .split('/')
        .map(str::to_string)
        .collect();
    if matches!(parts.last().map(String::as_str), Some("mod" | "lib")) {
        parts.pop();
    }
    parts
}

#[derive(Debug, Clone, PartialEq)]
enum Token {
    Ident(String),
    /// `::`
    PathSep,
    Punct(char),
}

/// A file's paths made absolute, and its re-exports.
fn scan(file_module: &[String], text: &str, files: &BTreeMap<Vec<String>, String>) -> Scan {
    let tokens = tokens(text);
    let mut result = Scan::default();
    // The inline modules the scanner is in (`None` for any other brace).
    let mut scopes: Vec<Option<String>> = Vec::new();
    let mut i = 0;
    let current = |scopes: &[Option<String>]| -> Vec<String> {
        let mut module = file_module.to_vec();
        module.extend(scopes.iter().flatten().cloned());
        module
    };
    while i < tokens.len() {
        match &tokens[i] {
            Token::Ident(word) if word == "mod" => {
                if let (Some(Token::Ident(name)), Some(Token::Punct('{'))) =
                    (tokens.get(i + 1), tokens.get(i + 2))
                {
                    scopes.push(Some(name.clone()));
                    i += 3;
                    continue;
                }
            }
            Token::Ident(word) if word == "use" && tokens.get(i + 1) != Some(&Token::PathSep) => {
                let public = is_public(&tokens[..i]);
                let end = tokens[i..]
                    .iter()
                    .position(|t| *t == Token::Punct(';'))
                    .map_or(tokens.len(), |n| i + n);
                let module = current(&scopes);
                for (path, name) in use_tree(&tokens[i + 1..end]) {
                    let Some(absolute) = absolute(&module, &path, files) else {
                        continue;
                    };
                    let descendant =
                        absolute.len() > file_module.len() && absolute.starts_with(file_module);
                    if public {
                        if let Some(name) = name {
                            let mut inside = module[file_module.len()..].to_vec();
                            inside.push(name);
                            result.reexports.insert(inside, absolute.clone());
                        }
                        if descendant {
                            continue;
                        }
                    }
                    result.paths.push(absolute);
                }
                i = end + 1;
                continue;
            }
            Token::Ident(_)
                if tokens.get(i + 1) == Some(&Token::PathSep)
                    && tokens.get(i.wrapping_sub(1)) != Some(&Token::PathSep) =>
            {
                let mut path = Vec::new();
                let mut j = i;
                while let Some(Token::Ident(segment)) = tokens.get(j) {
                    path.push(segment.clone());
                    if tokens.get(j + 1) != Some(&Token::PathSep) {
                        break;
                    }
                    j += 2;
                }
                if let Some(absolute) = absolute(&current(&scopes), &path, files) {
                    result.paths.push(absolute);
                }
                i = j + 1;
                continue;
            }
            Token::Punct('{') => scopes.push(None),
            Token::Punct('}') => {
                scopes.pop();
            }
            _ => {}
        }
        i += 1;
    }
    result
}

/// Whether the tokens before a `use` make it `pub` (any visibility).
fn is_public(before: &[Token]) -> bool {
    let mut rest = before;
    if let [head @ .., Token::Punct(')')] = rest {
        match head.iter().rposition(|t| *t == Token::Punct('(')) {
            Some(open) => rest = &head[..open],
            None => return false,
        }
    }
    matches!(rest.last(), Some(Token::Ident(word)) if word == "pub")
}

/// A crate-relative path for a path written in `module`, or `None` for another crate's.
fn absolute(
    module: &[String],
    path: &[String],
    files: &BTreeMap<Vec<String>, String>,
) -> Option<Vec<String>> {
    let first = path.first()?;
    let (mut base, rest) = match first.as_str() {
        "crate" => (Vec::new(), &path[1..]),
        "self" => (module.to_vec(), &path[1..]),
        "super" => {
            let supers = path.iter().take_while(|s| *s == "super").count();
            (
                module[..module.len().checked_sub(supers)?].to_vec(),
                &path[supers..],
            )
        }
        _ => {
            let mut child = module.to_vec();
            child.push(first.clone());
            if !files.contains_key(&child) {
                return None;
            }
            (module.to_vec(), path)
        }
    };
    base.extend(rest.iter().filter(|s| *s != "self").cloned());
    Some(base)
}

/// The paths of a `use` tree, each with the name it brings into scope (`None` for a glob).
fn use_tree(tokens: &[Token]) -> Vec<(Vec<String>, Option<String>)> {
    let mut out = Vec::new();
    let mut i = 0;
    expand(tokens, &mut i, Vec::new(), &mut out);
    out
}

fn expand(
    tokens: &[Token],
    i: &mut usize,
    prefix: Vec<String>,
    out: &mut Vec<(Vec<String>, Option<String>)>,
) {
    let mut path = prefix;
    while *i < tokens.len() {
        match &tokens[*i] {
            Token::Ident(word) if word == "as" => {
                if let Some(Token::Ident(alias)) = tokens.get(*i + 1) {
                    out.push((path.clone(), Some(alias.clone())));
                }
                *i += 2;
                return;
            }
            Token::Ident(segment) => {
                path.push(segment.clone());
                *i += 1;
                if tokens.get(*i) != Some(&Token::PathSep) {
                    let name = if segment == "self" {
                        path.iter().rev().nth(1).cloned()
                    } else {
                        Some(segment.clone())
                    };
                    if tokens.get(*i) != Some(&Token::Ident("as".into())) {
                        out.push((path.clone(), name));
                        return;
                    }
                }
            }
            Token::PathSep => *i += 1,
            Token::Punct('*') => {
                out.push((path.clone(), None));
                *i += 1;
                return;
            }
            Token::Punct('{') => {
                *i += 1;
                loop {
                    match tokens.get(*i) {
                        None => return,
                        Some(Token::Punct('}')) => {
                            *i += 1;
                            return;
                        }
                        Some(Token::Punct(',')) => *i += 1,
                        Some(_) => expand(tokens, i, path.clone(), out),
                    }
                }
            }
            _ => {
                *i += 1;
                return;
            }
        }
    }
}

/// Identifiers, `::` and punctuation; comments, strings, character literals, lifetimes and numbers are dropped.
fn tokens(text: &str) -> Vec<Token> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        if c.is_whitespace() {
            i += 1;
        } else if c == '/' && next == Some('/') {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            let mut depth = 0;
            while i < chars.len() {
                if chars[i] == '/' && chars.get(i + 1) == Some(&'*') {
                    depth += 1;
                    i += 2;
                } else if chars[i] == '*' && chars.get(i + 1) == Some(&'/') {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    i += 1;
                }
            }
        } else if c == '"' {
            i += 1;
            while i < chars.len() && chars[i] != '"' {
                i += if chars[i] == '\\' { 2 } else { 1 };
            }
            i += 1;
        } else if c == '\'' {
            if next == Some('\\') {
                i += 2;
                while i < chars.len() && chars[i] != '\'' {
                    i += 1;
                }
                i += 1;
            } else if chars.get(i + 2) == Some(&'\'') {
                i += 3;
            } else {
                i += 1;
                while i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '_') {
                    i += 1;
                }
            }
        } else if c.is_alphabetic() || c == '_' {
            let start = i;
            while i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '_') {
                i += 1;
            }
            let word: String = chars[start..i].iter().collect();
            let raw_prefix = word == "r" || word == "br";
            if raw_prefix && matches!(chars.get(i), Some('"' | '#')) {
                let hashes = chars[i..].iter().take_while(|c| **c == '#').count();
                if chars.get(i + hashes) == Some(&'"') {
                    i += hashes + 1;
                    loop {
                        if i >= chars.len() {
                            break;
                        }
                        if chars[i] == '"'
                            && chars[i + 1..]
                                .iter()
                                .take(hashes)
                                .filter(|c| **c == '#')
                                .count()
                                == hashes
                        {
                            i += 1 + hashes;
                            break;
                        }
                        i += 1;
                    }
                    continue;
                }
                if word == "r" && hashes == 1 {
                    // A raw identifier (`r#type`).
                    i += 1;
                    continue;
                }
            }
            out.push(Token::Ident(word));
        } else if c.is_ascii_digit() {
            while i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '_') {
                i += 1;
            }
        } else if c == ':' && next == Some(':') {
            out.push(Token::PathSep);
            i += 2;
        } else {
            out.push(Token::Punct(c));
            i += 1;
        }
    }
    out
}
