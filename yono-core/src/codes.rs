//! The error codes' machinery, a leaf every error module uses: `error_codes!` declares a
//! type's `code()` and the list of its codes from one table, and [`distinct`] joins
//! the lists into the crate's one table, `ERROR_CODES` (`error.rs`).

/// Declares, from one list per error type, the inherent `code()` of the type and the
/// list of its codes, so that a code cannot be added to one and forgotten in the other.
macro_rules! error_codes {
    ($(#[$doc:meta])* $ty:ident => $list:ident { $($pat:pat => $code:literal,)* }) => {
        impl $ty {
            /// A stable, language-neutral `snake_case` name of the kind of error (e.g.
            /// `"rank_length"`), used by the test vectors and the bindings; every code is
            /// listed in [`crate::ERROR_CODES`].
            pub fn code(&self) -> &'static str {
                match self {
                    $($pat => $code,)*
                }
            }
        }
        $(#[$doc])*
        pub(crate) const $list: &[&str] = &[$($code),*];
    };
}
pub(crate) use error_codes;

const fn same(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

/// The codes of `lists` in order, each once (a code such as `cannot_promote` names one
/// kind of mistake in two error types), padded with `""` to `N`; and how many there are.
pub(crate) const fn distinct<const N: usize>(
    lists: &[&[&'static str]],
) -> ([&'static str; N], usize) {
    let mut out = [""; N];
    let (mut i, mut n) = (0, 0);
    while i < lists.len() {
        let mut j = 0;
        while j < lists[i].len() {
            let code = lists[i][j];
            let mut k = 0;
            while k < n && !same(out[k], code) {
                k += 1;
            }
            if k == n && n < N {
                out[n] = code;
                n += 1;
            }
            j += 1;
        }
        i += 1;
    }
    (out, n)
}
