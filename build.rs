//! Generates the Prolog grammar parser from `grammar/` with lalrpop, and
//! makes sure the system's GMP library (linked by `src/term/gmp.rs`) is
//! there: on Debian it is installed (`libgmp-dev`) when missing and the
//! build runs as root.
use std::path::Path;
use std::process::Command;

/// Where Debian and most Linux systems keep the linker's libraries.
const LIB_DIRS: &[&str] = &[
    "/usr/lib/x86_64-linux-gnu",
    "/usr/lib/aarch64-linux-gnu",
    "/usr/lib64",
    "/usr/lib",
    "/usr/local/lib",
];

fn gmp_present() -> bool {
    LIB_DIRS
        .iter()
        .any(|d| Path::new(d).join("libgmp.so").exists() || Path::new(d).join("libgmp.a").exists())
}

fn ensure_gmp() {
    if gmp_present() {
        return;
    }
    let installed = Command::new("apt-get")
        .args(["install", "-y", "-q", "libgmp-dev"])
        .env("DEBIAN_FRONTEND", "noninteractive")
        .status()
        .is_ok_and(|s| s.success());
    if !installed || !gmp_present() {
        panic!(
            "puzzlog links the GMP library, which was not found: install it \
             (Debian/Ubuntu: apt-get install libgmp-dev; Fedora: dnf install gmp-devel)"
        );
    }
}

fn main() {
    ensure_gmp();
    lalrpop::Configuration::new()
        .set_in_dir("grammar")
        .process()
        .expect("lalrpop grammar");
    println!("cargo:rerun-if-changed=grammar");
    println!("cargo:rerun-if-changed=build.rs");
}
