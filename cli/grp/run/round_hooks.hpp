// What a device's rounds do besides launching: the wait for a hot GPU to cool before each round,
// the in-round read of the device's best read shape, the CPUs launches are submitted from in
// turn, and a duet's one family (every kernel of a sweep point alternates with every other).
// Set on the round context before run_rounds (group_pipeline.cpp's sample_all).
#pragma once

#include "grp/run/launch/peak.hpp"
#include "grp/run/rounds.hpp"
#include "grp/run/run_options.hpp"
#include "grp/run/sensing.hpp"

namespace grp::run {

/// Sets `ctx`'s cool-down (where `sensors` read the GPU's temperature), in-round read (where
/// there is a `probe`), CPU rotation (--rotate-cpus) and, for run --duet, one family of every
/// kernel. Null `sensors` or `probe`: that hook stays off.
void add_round_hooks(round_context& ctx, const run_options& opt, device_sensors* sensors,
                     peak_probe* probe);

} // namespace grp::run
