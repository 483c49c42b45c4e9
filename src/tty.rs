//! The terminal: one key read without waiting for Enter (the toplevel's
//! answer prompt, the debugger's port prompt), or one line when standard
//! input is not a terminal.

use std::io::{IsTerminal, Read};

/// Calls `show` (which prints a prompt) and reads one key without waiting for
/// Enter when stdin is a terminal. The terminal leaves line mode before the
/// prompt is shown, so a key typed as soon as the prompt appears is not lost.
/// When stdin is not a terminal, reads a line and returns its first
/// non-blank byte (`\n` for an empty line). `None` at end of input.
pub fn read_key(show: &mut dyn FnMut()) -> Option<u8> {
    let stdin = std::io::stdin();
    if !stdin.is_terminal() {
        show();
        let mut line = String::new();
        return match stdin.read_line(&mut line) {
            Ok(0) | Err(_) => None,
            Ok(_) => Some(line.trim().bytes().next().unwrap_or(b'\n')),
        };
    }
    // SAFETY: plain termios calls on file descriptor 0, restored before returning.
    unsafe {
        let mut old: libc::termios = std::mem::zeroed();
        if libc::tcgetattr(0, &mut old) != 0 {
            show();
            return None;
        }
        let mut raw = old;
        raw.c_lflag &= !(libc::ICANON | libc::ECHO);
        raw.c_cc[libc::VMIN] = 1;
        raw.c_cc[libc::VTIME] = 0;
        libc::tcsetattr(0, libc::TCSANOW, &raw);
        show();
        let mut b = [0u8; 1];
        let r = std::io::stdin().lock().read(&mut b);
        libc::tcsetattr(0, libc::TCSANOW, &old);
        match r {
            Ok(1) => Some(b[0]),
            _ => None,
        }
    }
}
