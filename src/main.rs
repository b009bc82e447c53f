fn main() {
    std::process::exit(canonprof::cli::main());
}
