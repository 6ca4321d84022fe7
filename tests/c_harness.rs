//! The C test harness (`c_tests/`), run the ways C programs meet the library:
//!
//! * built as a program linked statically against the real `libcollide2d.a`;
//! * built as a program linked dynamically against the real `libcollide2d.so`, as an engine is;
//! * loaded at run time with `dlopen`, every function looked up with `dlsym`;
//! * the header compiled as C++ with warnings as errors, and the README's C demo built and run.
//!
//! It also checks the shared library itself: it exports only `c2d_*` symbols, exactly the
//! functions the header declares, and carries the SONAME `libcollide2d.so.MAJOR`.
//!
//! The compilers are `$CC` (default `cc`) and `$CXX` (default `c++`); `readelf`, `nm` and `ldd`
//! come from binutils and libc, present wherever gcc is.

#![cfg(target_os = "linux")]

use std::collections::BTreeSet;
use std::env;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::OnceLock;

/// The flags every C file of the project must build cleanly with.
const C_FLAGS: [&str; 5] = ["-std=c99", "-Wall", "-Wextra", "-Wpedantic", "-Werror"];
const CXX_FLAGS: [&str; 5] = ["-std=c++11", "-Wall", "-Wextra", "-Werror", "-pedantic"];

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// A scratch directory for the programs this test builds.
fn scratch(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("c_harness");
    fs::create_dir_all(&dir).expect("create the scratch directory");
    dir.join(name)
}

/// `target/<profile>`: this test runs as `target/<profile>/deps/c_harness-<hash>`.
fn profile_dir() -> PathBuf {
    let exe = env::current_exe().expect("the test executable's path");
    exe.parent()
        .and_then(Path::parent)
        .expect("the test executable lives in target/<profile>/deps")
        .to_path_buf()
}

/// The shared library built for this test run. `cargo test` builds the lib target's `cdylib`
/// with the rlib this test links, into `target/<profile>/deps`; only `cargo build` copies it up
/// to `target/<profile>`, so that copy may be missing or older.
fn shared_library() -> PathBuf {
    let dir = profile_dir();
    [
        dir.join("deps/libcollide2d.so"),
        dir.join("libcollide2d.so"),
    ]
    .into_iter()
    .find(|p| p.is_file())
    .unwrap_or_else(|| panic!("no libcollide2d.so in {} or its deps/", dir.display()))
}

/// The static library built for this test run, beside the shared one.
fn static_library() -> PathBuf {
    let dir = profile_dir();
    [dir.join("deps/libcollide2d.a"), dir.join("libcollide2d.a")]
        .into_iter()
        .find(|p| p.is_file())
        .unwrap_or_else(|| panic!("no libcollide2d.a in {} or its deps/", dir.display()))
}

/// What a C program linking `libcollide2d.a` also needs on Linux (the Rust standard library's
/// system libraries: `rustc --print native-static-libs`).
const STATIC_LIBS: [&str; 5] = ["-lpthread", "-ldl", "-lrt", "-lm", "-lgcc_s"];

/// A directory laid out as `target/release` is after `cargo build --release`: the library
/// under its link name (`-lcollide2d`) and its SONAME (what the loader asks for).
fn library_dir() -> &'static Path {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let so = fs::canonicalize(shared_library()).expect("the library's real path");
        let dir = scratch("lib");
        fs::create_dir_all(&dir).expect("create the library directory");
        let soname = format!("libcollide2d.so.{}", header_version().0);
        for name in ["libcollide2d.so", soname.as_str()] {
            let link = dir.join(name);
            let _ = fs::remove_file(&link);
            std::os::unix::fs::symlink(&so, &link).expect("link the library");
        }
        dir
    })
}

fn tool(var: &str, default: &str) -> String {
    env::var(var)
        .ok()
        .filter(|v| !v.trim().is_empty())
        .unwrap_or_else(|| default.to_string())
}

fn have(program: &str) -> bool {
    Command::new(program)
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success())
}

/// Says that a check could not run for want of a tool; a failure when `C2D_REQUIRE_TOOLS` is
/// set (as the CI script sets it after installing them), so no check is skipped there.
fn missing(what: &str) {
    assert!(
        env::var_os("C2D_REQUIRE_TOOLS").is_none(),
        "{what}, and C2D_REQUIRE_TOOLS asks for every tool"
    );
    eprintln!("{what}");
}

/// Runs a command to completion, failing the test with its output if it fails.
fn run(cmd: &mut Command) -> Output {
    let out = cmd
        .output()
        .unwrap_or_else(|e| panic!("cannot run {cmd:?}: {e}"));
    assert!(
        out.status.success(),
        "{cmd:?} failed ({}):\n{}\n{}",
        out.status,
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// `c_tests/*.c` but the dlopen program: the harness with its `main.c`.
fn harness_sources() -> Vec<PathBuf> {
    let mut sources: Vec<PathBuf> = fs::read_dir(root().join("c_tests"))
        .expect("read c_tests/")
        .map(|e| e.expect("a c_tests/ entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "c"))
        .filter(|p| !p.to_string_lossy().contains("dlopen"))
        .collect();
    sources.sort();
    assert!(
        sources.iter().any(|p| p.ends_with("main.c")) && sources.len() >= 9,
        "the harness sources: {sources:?}"
    );
    sources
}

fn header() -> String {
    fs::read_to_string(root().join("include/collide2d.h")).expect("read include/collide2d.h")
}

/// The functions the header declares: every `c2d_name(` outside comments.
fn header_functions() -> BTreeSet<String> {
    let mut names = BTreeSet::new();
    for line in header().lines() {
        let code = line.split("//").next().unwrap_or("");
        let mut rest = code;
        while let Some(at) = rest.find("c2d_") {
            let tail = &rest[at..];
            let len = tail
                .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                .unwrap_or(tail.len());
            if tail[len..].starts_with('(') {
                names.insert(tail[..len].to_string());
            }
            rest = &tail[len..];
        }
    }
    names
}

/// `C2D_VERSION_MAJOR/MINOR/PATCH` from the header.
fn header_version() -> (u32, u32, u32) {
    let text = header();
    let get = |name: &str| -> u32 {
        text.lines()
            .find_map(|l| l.strip_prefix(&format!("#define {name} ")))
            .unwrap_or_else(|| panic!("{name} in the header"))
            .trim()
            .parse()
            .unwrap_or_else(|e| panic!("{name}: {e}"))
    };
    (
        get("C2D_VERSION_MAJOR"),
        get("C2D_VERSION_MINOR"),
        get("C2D_VERSION_PATCH"),
    )
}

/// A C compile of `sources` with the project's flags into `out`, then `extra` (libraries).
fn compile_c(compiler: &str, sources: &[PathBuf], out: &Path, extra: &[String]) {
    let root = root();
    run(Command::new(compiler)
        .args(C_FLAGS)
        .arg("-I")
        .arg(root.join("include"))
        .arg("-I")
        .arg(root.join("c_tests"))
        .args(sources)
        .arg("-o")
        .arg(out)
        .args(extra));
}

fn link_collide2d() -> Vec<String> {
    vec![
        format!("-L{}", library_dir().display()),
        "-lcollide2d".into(),
        "-lm".into(),
    ]
}

/// Runs a program built against the shared library, the way the README says
/// (`LD_LIBRARY_PATH=target/release`), with [`library_dir`].
fn run_linked(program: &Path, args: &[&str]) -> Output {
    let dir = library_dir().to_path_buf();
    let path = match env::var_os("LD_LIBRARY_PATH") {
        Some(old) if !old.is_empty() => {
            let mut p = dir.into_os_string();
            p.push(":");
            p.push(old);
            p
        }
        _ => dir.into_os_string(),
    };
    run(Command::new(program)
        .args(args)
        .env("LD_LIBRARY_PATH", path))
}

/// The closing line of the harness: `N passed, 0 failed`, with N > 0.
fn assert_all_passed(text: &str) -> usize {
    let line = text
        .lines()
        .rev()
        .find(|l| l.ends_with(" failed") && l.contains(" passed, "))
        .unwrap_or_else(|| panic!("no closing line in the harness output:\n{text}"));
    let (passed, failed) = line
        .split_once(" passed, ")
        .expect("the closing line's shape");
    let passed: usize = passed.parse().expect("a pass count");
    assert_eq!(failed, "0 failed", "harness output:\n{text}");
    assert!(passed > 0, "harness output:\n{text}");
    passed
}

#[test]
fn harness_program_links_the_static_library() {
    let program = scratch("c2d_harness_static");
    let mut libs = vec![static_library().display().to_string()];
    libs.extend(STATIC_LIBS.iter().map(|l| l.to_string()));
    compile_c(&tool("CC", "cc"), &harness_sources(), &program, &libs);

    // The library is inside the program: no libcollide2d among the libraries it needs.
    let dynamic = stdout(&run(Command::new("readelf").arg("-d").arg(&program)));
    assert!(
        !dynamic.contains("libcollide2d"),
        "the statically linked harness still needs the shared library:\n{dynamic}"
    );
    let text = stdout(&run(&mut Command::new(&program)));
    let passed = assert_all_passed(&text);
    println!("static harness: {passed} checks passed");
}

#[test]
fn harness_program_links_the_shared_library() {
    let program = scratch("c2d_harness_dynamic");
    compile_c(
        &tool("CC", "cc"),
        &harness_sources(),
        &program,
        &link_collide2d(),
    );

    // The program needs the library by its SONAME and resolves it from the profile directory.
    let dynamic = stdout(&run(Command::new("readelf").arg("-d").arg(&program)));
    let major = header_version().0;
    assert!(
        dynamic.contains(&format!("Shared library: [libcollide2d.so.{major}]")),
        "the harness program does not need libcollide2d.so.{major}:\n{dynamic}"
    );
    let undefined = stdout(&run(Command::new("nm")
        .args(["-D", "--undefined-only"])
        .arg(&program)));
    assert!(
        undefined.contains("c2d_overlap_rect_rect") && undefined.contains("c2d_version"),
        "the library functions should come from the shared library:\n{undefined}"
    );
    let ldd = stdout(&run_linked(Path::new("ldd"), &[program.to_str().unwrap()]));
    let resolved = ldd
        .lines()
        .find(|l| l.contains(&format!("libcollide2d.so.{major}")))
        .unwrap_or_else(|| panic!("ldd does not list libcollide2d:\n{ldd}"));
    assert!(
        resolved.contains(&format!("=> {}/", library_dir().display())),
        "libcollide2d.so.{major} resolves outside {}: {resolved}",
        library_dir().display()
    );

    let out = run_linked(&program, &[]);
    let text = stdout(&out);
    let passed = assert_all_passed(&text);
    println!("dynamic harness: {passed} checks passed");
}

#[test]
fn dlopen_finds_every_function() {
    let so = fs::canonicalize(shared_library()).unwrap();
    let program = scratch("c2d_dlopen");
    compile_c(
        &tool("CC", "cc"),
        &[root().join("c_tests/test_dlopen.c")],
        &program,
        &["-ldl".to_string()],
    );
    let names = header_functions();
    let mut cmd = Command::new(&program);
    cmd.arg(&so).args(&names);
    let out = run(&mut cmd);
    let text = stdout(&out);
    assert!(
        text.contains(", 0 missing") && text.contains("\n0 failed"),
        "{text}"
    );
    println!("{}", text.trim());
}

#[test]
fn shared_library_exports_only_c2d_symbols() {
    let so = shared_library();
    let out = run(Command::new("nm").args(["-D", "--defined-only"]).arg(&so));
    let exported: BTreeSet<String> = stdout(&out)
        .lines()
        .filter_map(|l| l.split_whitespace().nth(2))
        // Symbol versions print as name@@VERSION.
        .map(|name| name.split('@').next().unwrap_or(name).to_string())
        .collect();
    let foreign: Vec<&String> = exported.iter().filter(|n| !n.starts_with("c2d_")).collect();
    assert!(foreign.is_empty(), "exported beyond c2d_*: {foreign:?}");

    let declared = header_functions();
    let undeclared: Vec<&String> = exported.difference(&declared).collect();
    let missing: Vec<&String> = declared.difference(&exported).collect();
    assert!(
        undeclared.is_empty() && missing.is_empty(),
        "the header and the library disagree: exported but not declared {undeclared:?}, \
         declared but not exported {missing:?}"
    );
    assert!(declared.len() >= 48, "{declared:?}");
}

#[test]
fn shared_library_soname_carries_the_major_version() {
    let so = shared_library();
    let (major, minor, patch) = header_version();
    assert_eq!(
        (major, minor, patch),
        (
            env!("CARGO_PKG_VERSION_MAJOR").parse().unwrap(),
            env!("CARGO_PKG_VERSION_MINOR").parse().unwrap(),
            env!("CARGO_PKG_VERSION_PATCH").parse().unwrap()
        ),
        "the header's version macros are stale"
    );
    let dynamic = stdout(&run(Command::new("readelf").arg("-d").arg(&so)));
    assert!(
        dynamic.contains(&format!("Library soname: [libcollide2d.so.{major}]")),
        "{dynamic}"
    );
    // After `cargo build`, the SONAME link build.rs leaves in target/<profile> leads to the
    // library there, so `LD_LIBRARY_PATH=target/release` is enough to run a linked program.
    let dir = profile_dir();
    let link = dir.join(format!("libcollide2d.so.{major}"));
    assert!(
        fs::symlink_metadata(&link).is_ok(),
        "build.rs leaves {} beside the library",
        link.display()
    );
    if dir.join("libcollide2d.so").is_file() {
        assert_eq!(
            fs::canonicalize(&link).unwrap(),
            fs::canonicalize(dir.join("libcollide2d.so")).unwrap()
        );
    }
}

#[test]
fn header_compiles_as_cxx() {
    let source = root().join("c_tests/header_cxx.cpp");
    let mut compilers: Vec<String> = vec![tool("CXX", "c++"), "clang++".into()];
    compilers.dedup();
    compilers.retain(|cxx| have(cxx));
    // A machine with only the C compiler (Debian's gcc without g++) cannot check this.
    assert!(
        !compilers.is_empty() || env::var_os("CXX").is_none(),
        "$CXX is set but does not run"
    );
    if compilers.is_empty() {
        missing("no C++ compiler found (c++, clang++): the C++ header check was skipped");
    }
    for (i, cxx) in compilers.iter().enumerate() {
        let program = scratch(&format!("c2d_header_cxx_{i}"));
        run(Command::new(cxx)
            .args(CXX_FLAGS)
            .arg("-I")
            .arg(root().join("include"))
            .arg(&source)
            .arg("-o")
            .arg(&program)
            .args(link_collide2d()));
        let text = stdout(&run_linked(&program, &[]));
        assert!(text.contains("C++: 0 failed"), "{cxx}: {text}");
    }
}

#[test]
fn a_filter_that_throws_aborts_the_process_instead_of_unwinding_through_the_library() {
    // A C++ engine's filter throws: the exception never comes out of c2d_world_move (which
    // would have unwound through the library's frames); the process aborts.
    let cxx = tool("CXX", "c++");
    if !have(&cxx) {
        assert!(env::var_os("CXX").is_none(), "$CXX is set but does not run");
        missing("no C++ compiler found: the throwing-filter check was skipped");
        return;
    }
    let program = scratch("c2d_filter_throws");
    run(Command::new(&cxx)
        .args(["-std=c++11", "-Wall", "-Werror"])
        .arg("-I")
        .arg(root().join("include"))
        .arg(root().join("c_tests/filter_throws.cpp"))
        .arg("-o")
        .arg(&program)
        .args(link_collide2d()));
    let out = Command::new(&program)
        .env("LD_LIBRARY_PATH", library_dir())
        .output()
        .expect("run the throwing-filter program");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("moving"), "{text}");
    assert!(
        !text.contains("came through") && !text.contains("returned"),
        "the move must not return or let the exception through: {text}"
    );
    use std::os::unix::process::ExitStatusExt;
    assert_eq!(
        out.status.signal(),
        Some(6),
        "SIGABRT expected: {:?}",
        out.status
    );
}

#[test]
fn c_sources_build_with_clang_too() {
    // gcc (cc) builds them above; clang, where present, must accept them too.
    if !have("clang") {
        missing("clang not found: only the default compiler was checked");
        return;
    }
    let mut sources = harness_sources();
    sources.push(root().join("c_tests/test_dlopen.c"));
    sources.push(root().join("examples/demo.c"));
    for source in &sources {
        run(Command::new("clang")
            .args(C_FLAGS)
            .arg("-fsyntax-only")
            .arg("-I")
            .arg(root().join("include"))
            .arg("-I")
            .arg(root().join("c_tests"))
            .arg(source));
    }
}

#[test]
fn demo_builds_and_runs_as_the_readme_says() {
    // The README's command, with a directory laid out as target/release.
    let program = scratch("c2d_demo");
    let dir = library_dir();
    run(Command::new(tool("CC", "cc"))
        .current_dir(root())
        .args(["-std=c99", "-Iinclude", "examples/demo.c"])
        .arg(format!("-L{}", dir.display()))
        .arg("-lcollide2d")
        .arg("-o")
        .arg(&program));
    // It also builds with every warning as an error.
    compile_c(
        &tool("CC", "cc"),
        &[root().join("examples/demo.c")],
        &scratch("c2d_demo_strict"),
        &link_collide2d(),
    );
    let text = stdout(&run_linked(&program, &[]));
    for expected in [
        "crate flush against the wall: overlap no, touch yes",
        "round player by the wall's corner: overlap no",
        "ball at (500, 300) hits the rotated sprite: no",
        "ball at (555, 300) hits the rotated sprite: yes",
        "integer squares side by side at x = 68 and x = 100: overlap no, touch yes",
        "contact of box and coin: normal (0.60, 0.80), depth 1.00, point (10.00, 10.00)",
        "collinear overlapping segments intersect: yes",
    ] {
        assert!(
            text.lines().any(|l| l == expected),
            "demo output lacks {expected:?}:\n{text}"
        );
    }
}
