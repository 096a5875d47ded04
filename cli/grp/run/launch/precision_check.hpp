// The precision check (issue #64): exact data cannot see a narrow accumulator (every partial
// sum of the timing data's small whole numbers is exact in float, so a `double` kernel adding
// in `float` reads right), so each float and double sum case also runs once, untimed, on data
// that its declared type sums exactly in any order and no narrower type can hold
// (model/host/precision_data.hpp). The bound is exactness; a result off by anything makes the
// case `wrong`, with the error, its size against Σ|x| and the precision it corresponds to in
// verification.precision.
#pragma once

#include "grp/run/launch/case_setup.hpp"
#include "grp/run/launch/input_store.hpp"

#include <vector>

namespace grp::run {

/// The precision check for the active float and double sum cases that read `input` (others are
/// left alone): one fill shared by the cases (again after a kernel that writes its input), one
/// launch each; the pristine data is restored afterwards. A driver error fails the case
/// (fail_case); an error of the tool's own fill fails every case it was for.
void verify_precision(input_store& inputs, const input_key& input,
                      const std::vector<prepared_case*>& cases);

} // namespace grp::run
