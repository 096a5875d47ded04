// Size honesty (issue #64): sweeps hold powers of two, so a kernel right only there (a float4
// loop that drops the last n % 4 elements, a tail group that is never launched) reads `ok` at
// every swept size. So each sum case also runs once, untimed, at a size the sweep did not ask
// for: odd (so neither a multiple of 4 nor of any local size above 1), between half its n and
// its n, drawn from the invocation's order seed (which no kernel sees); a kernel whose spec
// admits only whole groups (`"sizes": "whole_groups"`) gets a whole number of groups fewer
// instead, and one whose spec says `"n": {"multiple_of": K}` gets K times the odd size of n / K.
// The data is the exact check's (1s and 2s, zeros elsewhere), in one window that ends
// at the held-out size, so dropping or repeating any element near the end changes the sum.
#pragma once

#include "grp/run/launch/case_setup.hpp"
#include "grp/run/launch/input_store.hpp"

#include <cstdint>
#include <vector>

namespace grp::run {

/// The held-out size for the cases of `n` from `seed`: odd (so no multiple of 4 or of a local
/// size above 1), in [n/2, n); 0 when n < 8. The same (n, seed) always gives the same size, so
/// the cases of one input share one fill of the data and one reference.
std::uint64_t held_out_size(std::uint64_t n, std::uint64_t seed);

/// The held-out check for the active sum cases that read `input`: each is prepared again at
/// its held-out size (the program cache shares builds whose options do not depend on n), run
/// once on the exact data filled into `input`'s working buffers, and compared with the exact
/// sum; a wrong result makes the case `wrong` ("right at n = 2^20, wrong at n = 1048573, a size
/// the sweep did not ask for"). A size the kernel cannot take is a note, not a verdict. The
/// pristine data is restored afterwards.
void verify_held_out(input_store& inputs, const input_key& input,
                     const std::vector<prepared_case*>& cases);

} // namespace grp::run
