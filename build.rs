//! Generates the Prolog grammar parser from `grammar/` with lalrpop.
fn main() {
    lalrpop::Configuration::new()
        .set_in_dir("grammar")
        .process()
        .expect("lalrpop grammar");
    println!("cargo:rerun-if-changed=grammar");
}
