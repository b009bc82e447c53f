//! Embeds the bundled JSON-LD contexts (schemas-education/contexts/index.json) and records build metadata
//! (rustc version, git commit, versions of the canonicalization crates) for run reports.
use std::{env, fs, path::Path, process::Command};

fn main() {
    let root = env::var("CARGO_MANIFEST_DIR").unwrap();
    let dir = Path::new(&root).join("schemas-education/contexts");
    let index_path = dir.join("index.json");
    println!("cargo:rerun-if-changed={}", index_path.display());
    let index: serde_json::Value =
        serde_json::from_str(&fs::read_to_string(&index_path).unwrap()).unwrap();
    let mut code = String::from("/// (URL, file name, pinned SHA-256 hex, contents) of every bundled context.\npub static BUNDLED_CONTEXTS: &[(&str, &str, &str, &str)] = &[\n");
    for (url, entry) in index["contexts"].as_object().unwrap() {
        let file = entry["file"].as_str().unwrap();
        let sha = entry["sha256"].as_str().unwrap();
        let path = dir.join(file);
        println!("cargo:rerun-if-changed={}", path.display());
        code.push_str(&format!(
            "    ({url:?}, {file:?}, {sha:?}, include_str!({:?})),\n",
            path.display().to_string()
        ));
    }
    code.push_str("];\n");
    let out = Path::new(&env::var("OUT_DIR").unwrap()).join("bundled_contexts.rs");
    fs::write(out, code).unwrap();

    let rustc = env::var("RUSTC").unwrap_or_else(|_| "rustc".into());
    let version = Command::new(rustc)
        .arg("--version")
        .output()
        .ok()
        .and_then(|o| String::from_utf8(o.stdout).ok())
        .unwrap_or_default();
    println!("cargo:rustc-env=CANONPROF_RUSTC_VERSION={}", version.trim());
    let commit = Command::new("git")
        .args(["rev-parse", "--short=12", "HEAD"])
        .current_dir(&root)
        .output()
        .ok()
        .filter(|o| o.status.success())
        .and_then(|o| String::from_utf8(o.stdout).ok())
        .unwrap_or_else(|| "unknown".into());
    println!("cargo:rustc-env=CANONPROF_GIT_COMMIT={}", commit.trim());
    let lock = fs::read_to_string(Path::new(&root).join("Cargo.lock")).unwrap_or_default();
    let mut versions = Vec::new();
    for name in [
        // The crates doing the measured work (rdf-canon and serde_jcs are test oracles only).
        "json-ld",
        "serde_json",
        "sonic-rs",
        "ryu-js",
        "oxrdf",
        "oxttl",
        "sha2",
        "tracing",
        "tracing-subscriber",
        // The exchange's signature backends (`--signatures`): RustCrypto's and aws-lc-rs.
        "ed25519-dalek",
        "p256",
        "p384",
        "aws-lc-rs",
        // The allocator every phase allocates through.
        "mimalloc",
    ] {
        // The last entry of a name is its newest version, the one canonprof's own code uses (sha2 0.10 is in
        // the lock too, for crates that hold it back).
        let needle = format!("name = \"{name}\"\nversion = \"");
        if let Some(i) = lock.rfind(&needle) {
            let rest = &lock[i + needle.len()..];
            versions.push(format!("{name}={}", &rest[..rest.find('"').unwrap_or(0)]));
        }
    }
    println!(
        "cargo:rustc-env=CANONPROF_CRATE_VERSIONS={}",
        versions.join(",")
    );
    println!("cargo:rerun-if-changed=Cargo.lock");
    // Re-run when a commit is made (HEAD's reflog changes), so the recorded commit stays current. The git
    // directory is asked of git, so that a worktree (whose `.git` is a file) is followed too.
    let git_dir = Command::new("git")
        .args(["rev-parse", "--absolute-git-dir"])
        .current_dir(&root)
        .output()
        .ok()
        .filter(|o| o.status.success())
        .and_then(|o| String::from_utf8(o.stdout).ok());
    if let Some(git_dir) = git_dir {
        for git_file in ["HEAD", "logs/HEAD"] {
            let path = Path::new(git_dir.trim()).join(git_file);
            if path.exists() {
                println!("cargo:rerun-if-changed={}", path.display());
            }
        }
    }
}
