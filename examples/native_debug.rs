use canonprof::canon::native;
use canonprof::loader::OfflineLoader;
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let dir = std::path::Path::new("tests/data/json-ld-api");
    let (manifest, id) = args[1].split_once('#').unwrap();
    let text = std::fs::read_to_string(dir.join(format!("{manifest}-manifest.jsonld"))).unwrap();
    let m: serde_json::Value = serde_json::from_str(&text).unwrap();
    let test = m["sequence"]
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["@id"] == format!("#{id}"))
        .unwrap()
        .clone();
    println!("{}", serde_json::to_string_pretty(&test).unwrap());
    let mut loader = OfflineLoader::bundled();
    for d in ["expand", "toRdf"] {
        for e in std::fs::read_dir(dir.join(d)).unwrap() {
            let p = e.unwrap().path();
            let name = p.file_name().unwrap().to_string_lossy().to_string();
            loader = loader.with_document(
                &format!("https://w3c.github.io/json-ld-api/tests/{d}/{name}"),
                "x",
                std::fs::read_to_string(&p).unwrap(),
            );
        }
    }
    let input = test["input"].as_str().unwrap();
    let base = test["option"]["base"].as_str().map_or(
        format!("https://w3c.github.io/json-ld-api/tests/{input}"),
        str::to_string,
    );
    let doc: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join(input)).unwrap()).unwrap();
    println!("INPUT {}", serde_json::to_string_pretty(&doc).unwrap());
    match native::expand(&doc, &loader, Some(&base), false) {
        Ok(e) => {
            println!("OURS {}", serde_json::to_string_pretty(&e).unwrap());
            if manifest == "toRdf" {
                match native::to_rdf(&e, false) {
                    Ok((d, _)) => {
                        for q in d {
                            println!("{q} .")
                        }
                    }
                    Err(e) => println!("RDF ERR {e}"),
                }
            }
        }
        Err(e) => println!("ERR {e}"),
    }
    if let Some(x) = test["expect"].as_str() {
        println!("EXPECTED {}", std::fs::read_to_string(dir.join(x)).unwrap());
    }
}
