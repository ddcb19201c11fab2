//! Third-party checkers written in Python (icalendar, feedparser, schemathesis, the
//! Prometheus client's text parser, python-chess), run as
//! child processes. Without them a test that needs them is skipped with a message, except
//! under `CI=true` (as `.ci/run` sets, after installing them), where it fails.

use std::io::Write;
use std::process::{Command, Stdio};

/// What to install when a checker is missing.
pub const INSTALL: &str = "pip install icalendar feedparser schemathesis prometheus_client chess";

/// Whether the checkers are installed. Missing: `false` with a message, or a panic under
/// `CI=true`.
pub fn checkers_available() -> bool {
    let modules = Command::new("python3")
        .args([
            "-c",
            "import icalendar, feedparser, prometheus_client, chess",
        ])
        .output()
        .is_ok_and(|out| out.status.success());
    let schemathesis = Command::new("schemathesis")
        .arg("--version")
        .output()
        .is_ok_and(|out| out.status.success());
    if modules && schemathesis {
        return true;
    }
    if std::env::var("CI").is_ok_and(|v| v == "true") {
        panic!("icalendar, feedparser and schemathesis are needed when CI=true: {INSTALL}");
    }
    eprintln!("skipped: {INSTALL} to run this test");
    false
}

/// Runs `script` with `python3`, `input` on its standard input; returns standard output.
/// Panics, with both outputs, when the script fails.
pub fn run(script: &str, input: &str) -> String {
    let mut child = Command::new("python3")
        .arg("-c")
        .arg(script)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("python3 is needed for this test ({e}); then {INSTALL}"));
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(input.as_bytes())
        .expect("write to python3");
    let out = child.wait_with_output().expect("python3 output");
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success(),
        "python3 failed ({}); if a module is missing: {INSTALL}\nstdout:\n{stdout}\nstderr:\n{stderr}",
        out.status
    );
    stdout
}
