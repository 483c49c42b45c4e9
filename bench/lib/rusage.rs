// Tiny helper for bench/compare: `rusage OUT PROG ARGS...` runs PROG with the helper's stdin, stdout and
// stderr, waits for it with wait4(2) and writes "STATUS UTIME_S STIME_S MAXRSS_KB" to the file OUT.
//
// Why a separate (small) process: Linux carries the parent's resident size into a forked child's
// ru_maxrss through exec, so a child forked from Python never reports less than Python's own RSS
// (about 14 MB), which hides the real peak of small runs. Forked from this ~1 MB process the floor is
// negligible. Built by bench/compare with plain rustc (no crates); 64-bit Linux only.
use std::io::Write;
use std::process::Command;

#[repr(C)]
struct Rusage {
    // struct rusage on 64-bit Linux: ru_utime, ru_stime (timeval = 2 x long each), then 14 longs.
    fields: [i64; 18],
}

extern "C" {
    fn wait4(pid: i32, status: *mut i32, options: i32, rusage: *mut Rusage) -> i32;
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.len() < 3 {
        eprintln!("usage: rusage OUT PROG [ARGS...]");
        std::process::exit(125);
    }
    let child = match Command::new(&args[2]).args(&args[3..]).spawn() {
        Ok(c) => c,
        Err(e) => {
            eprintln!("rusage: cannot run {}: {}", args[2], e);
            std::process::exit(127);
        }
    };
    let pid = child.id() as i32;
    let mut status: i32 = 0;
    let mut ru = Rusage { fields: [0; 18] };
    loop {
        let r = unsafe { wait4(pid, &mut status, 0, &mut ru) };
        if r == pid {
            break;
        }
        if std::io::Error::last_os_error().kind() != std::io::ErrorKind::Interrupted {
            eprintln!("rusage: wait4 failed");
            std::process::exit(125);
        }
    }
    std::mem::forget(child);
    let f = &ru.fields;
    let utime = f[0] as f64 + f[1] as f64 / 1e6;
    let stime = f[2] as f64 + f[3] as f64 / 1e6;
    let maxrss = f[4];
    let mut out = std::fs::File::create(&args[1]).expect("rusage: cannot write result file");
    writeln!(out, "{} {:.6} {:.6} {}", status, utime, stime, maxrss).unwrap();
    // Exit like the child did, so that a plain caller sees the same status.
    let code = if status & 0x7f == 0 { (status >> 8) & 0xff } else { 128 + (status & 0x7f) };
    std::process::exit(code);
}
