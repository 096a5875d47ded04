// `run --search halving[:ETA]`: successive halving (model/plan/search.hpp) over each
// (kernel, type, layout, n) of a group of points. Rung 0 builds, verifies and briefly times every
// configuration; each later rung re-measures the best 1/ETA with more rounds; the last
// measures the survivor with the run's full sampling. A configuration that is wrong or failed
// is out at once and never best. Configurations left at an earlier rung stay in the profile
// with that rung's rounds and a note saying so.
#pragma once

#include "grp/run/group_pipeline.hpp"

namespace grp::run {

/// The sampling of rung `rung` of `rungs`: the last rung samples as `full`; each earlier one
/// has ETA times fewer rounds and time than the next (at least one round), and no extra rounds.
measure_options rung_measure(const measure_options& full, std::size_t rung, std::size_t rungs,
                             std::uint64_t eta);

/// Number of rungs successive halving takes for `configs` configurations (1 for 0 or 1).
std::size_t halving_rungs(std::size_t configs, std::uint64_t eta);

/// Measures `points` by successive halving into `p` (its cases appended).
void measure_halving(ocl::session& s, int device_index, const run_options& opt,
                     const std::vector<measure_point>& points, profile& p,
                     const progress_sink& progress);

} // namespace grp::run
