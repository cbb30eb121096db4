//! The line ends of a buffer of lines, found 64 bytes at a time.
//!
//! A file of FENs has a line end every 60 bytes or so. A search that stops at each one (such as
//! `memchr`'s iterator) starts again for every line, at a cost of about 45 instructions a
//! line; this one compares a block of 64 bytes with `\n` in four SSE2 steps (part of every
//! x86-64 processor), keeps the matches as the bits of a `u64` and hands them out one by one:
//! about 20 instructions a line. Elsewhere `memchr`'s iterator does the work.

/// The offsets of the `\n`s of `bytes`, in order.
pub(crate) fn positions(bytes: &[u8]) -> impl Iterator<Item = usize> + '_ {
    #[cfg(target_arch = "x86_64")]
    return Newlines {
        bytes,
        block: 0,
        matches: block_matches(bytes, 0),
    };
    #[cfg(not(target_arch = "x86_64"))]
    return memchr::memchr_iter(b'\n', bytes);
}

/// The iterator of [`positions`]: the block of 64 bytes being read, from its offset `block`,
/// and the `\n`s in it not handed out yet, as bits (bit `n` for the byte at `block + n`).
#[cfg(target_arch = "x86_64")]
struct Newlines<'b> {
    bytes: &'b [u8],
    block: usize,
    matches: u64,
}

#[cfg(target_arch = "x86_64")]
impl Iterator for Newlines<'_> {
    type Item = usize;

    #[inline]
    fn next(&mut self) -> Option<usize> {
        while self.matches == 0 {
            // The offsets stay below the length of `bytes`, a `usize`, plus 64.
            self.block = self.block.wrapping_add(BLOCK);
            if self.block >= self.bytes.len() {
                return None;
            }
            self.matches = block_matches(self.bytes, self.block);
        }
        let at = self
            .block
            .wrapping_add(self.matches.trailing_zeros() as usize);
        self.matches &= self.matches.wrapping_sub(1);
        Some(at)
    }
}

/// The bytes compared at once.
#[cfg(target_arch = "x86_64")]
const BLOCK: usize = 64;

/// The `\n`s among the (up to) 64 bytes of `bytes` from `start`, as bits.
#[cfg(target_arch = "x86_64")]
#[inline]
fn block_matches(bytes: &[u8], start: usize) -> u64 {
    use safe_arch::{cmp_eq_mask_i8_m128i, load_unaligned_m128i, move_mask_i8_m128i};
    let Some(block) = bytes
        .get(start..)
        .and_then(|rest| rest.first_chunk::<BLOCK>())
    else {
        // The last bytes, fewer than a block: one at a time.
        let rest = bytes.get(start..).unwrap_or_default();
        return rest
            .iter()
            .enumerate()
            .filter(|&(_, &byte)| byte == b'\n')
            .fold(0, |matches, (at, _)| matches | 1u64 << at);
    };
    let newline = safe_arch::set_splat_i8_m128i(b'\n' as i8);
    let (parts, _) = block.as_chunks::<16>();
    parts.iter().enumerate().fold(0, |matches, (index, part)| {
        let equal = cmp_eq_mask_i8_m128i(load_unaligned_m128i(part), newline);
        // Sixteen bits, one for each byte (the mask's sign bits).
        let bits = u64::from(move_mask_i8_m128i(equal) as u16);
        matches | bits << (16 * index)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every length around the blocks, with line ends at every place, in runs and alone, as
    /// `memchr` finds them.
    #[test]
    fn the_line_ends_are_those_memchr_finds() {
        let mut rng = fastrand_like(7);
        for len in 0..300 {
            for density in [0, 1, 8, 60, 255] {
                let bytes: Vec<u8> = (0..len)
                    .map(|_| {
                        let roll = rng();
                        if (roll & 0xff) < density {
                            b'\n'
                        } else {
                            [b'a', b'/', b'\r', 0x8a, 0x0a ^ 0x80][(roll >> 8) as usize % 5]
                        }
                    })
                    .collect();
                let found: Vec<usize> = positions(&bytes).collect();
                let expected: Vec<usize> = memchr::memchr_iter(b'\n', &bytes).collect();
                assert_eq!(found, expected, "{len} {density}");
            }
        }
    }

    /// A small generator of pseudo-random numbers (xorshift), so that the test needs no crate.
    fn fastrand_like(seed: u64) -> impl FnMut() -> u64 {
        let mut state = seed;
        move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        }
    }
}
