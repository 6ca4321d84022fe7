use super::guard;

/// The library's version as `major << 16 | minor << 8 | patch`, equal to the header's
/// `C2D_VERSION_MAJOR`, `C2D_VERSION_MINOR` and `C2D_VERSION_PATCH`. Compare it with the header a
/// program was built against to detect a mismatched shared library.
#[no_mangle]
pub extern "C" fn c2d_version() -> u32 {
    guard(0, crate::version)
}
