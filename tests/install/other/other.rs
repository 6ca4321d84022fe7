//! A second Rust static library for a C program that also links libcollide2d.a: it brings its
//! own copy of Rust's standard library and runtime (rust_eh_personality, the allocator shims,
//! panics), which must not clash with collide2d's.

/// `a + b`, computed behind a panic boundary so that the unwinding machinery is linked in.
#[no_mangle]
pub extern "C" fn other_sum(a: i32, b: i32) -> i32 {
    std::panic::catch_unwind(|| a.checked_add(b).expect("no overflow")).unwrap_or(i32::MIN)
}
