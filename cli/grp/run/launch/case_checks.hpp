// Every check of a case's results. Before timing: the first launch on the timing data (within
// the tolerance of the summation depth), the input left untouched, and the exact check on
// integer-valued windows that catches one dropped, duplicated or double-counted element at any
// n and type. During timing: the final value of every timed launch, so intermittent races are
// counted (launches checked, wrong launches). Any failure makes the case `wrong` with the
// first reason; the others go to its notes.
#pragma once

#include "grp/run/launch/case_setup.hpp"
#include "grp/run/launch/input_store.hpp"

#include <optional>
#include <vector>

namespace grp::run {

/// Marks the case wrong: the first reason becomes `reason`, later ones are added to notes.
void mark_wrong(case_result& r, const std::string& why);

/// Runs the case once on its input's working buffers and checks the result within tolerance,
/// the counter (finish "last_group") and that the input is unchanged (restoring it when not).
void verify_first_launch(ocl::session& s, prepared_case& c, input_store& inputs);

/// verify_first_launch, where a launch above the kernel's reported work-group limit that the
/// driver refuses is a skip (the device cannot run it), not a failure; any other refusal fails
/// the case; a refused case's chain is dropped.
void first_launch(ocl::session& s, input_store& inputs, prepared_case& c);

/// The exact check for the active cases that read `input` (one fill per window, shared by
/// the cases); the pristine data is restored afterwards. Integer types have no windows: their
/// timing data is already checked exactly.
/// Then the precision check (precision_check.hpp) for the float and double sums among them,
/// and the held-out size check (held_out_check.hpp) for every sum.
void verify_exact(input_store& inputs, const input_key& input,
                  const std::vector<prepared_case*>& cases);

/// A driver error while checking the case (`doing`, e.g. "the exact check of K"): an ok case
/// becomes `failed` with the error named, a wrong one keeps its verdict with the error in its
/// notes; either way it runs no further launch.
void fail_case(prepared_case& c, const std::string& doing, const cl::Error& e);

/// Checks one timed launch's result (and counter); returns false and counts it when wrong.
bool check_launch(prepared_case& c, const std::vector<double>& values,
                  std::optional<std::uint32_t> counter);

} // namespace grp::run
