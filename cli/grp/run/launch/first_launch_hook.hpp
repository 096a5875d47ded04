// A hook around each case's first launch, for `check`: the runner calls it where it would
// launch a verified case the first time, and the hook runs that launch (`launch`) inside
// whatever it observes with, then records what it saw in the case's result. The runner knows
// only this interface; the caller owns the hook. `check` implements it in
// cli/commands/check.cpp around its Oclgrind simulator (the sim/ folder), which cannot
// implement it itself: sim/ is built into grp_model, below run/ (docs/architecture.md), and
// must not include it. A run with a hook copies its inputs through the host and times nothing.
#pragma once

#include "grp/core/machine/device_info.hpp"
#include "grp/model/profile/case.hpp"
#include "grp/model/spec/kernel_spec.hpp"

#include <functional>

namespace grp::run {

class first_launch_hook {
public:
    virtual ~first_launch_hook() = default;
    first_launch_hook() = default;
    first_launch_hook(const first_launch_hook&) = delete;
    first_launch_hook& operator=(const first_launch_hook&) = delete;

    /// Runs `launch` (case `result`'s first launch chain of kernel `spec` on `device`, with its
    /// verification, which may mark `result` wrong) exactly once, and records in `result`
    /// what was observed around it. What `launch` throws passes through.
    virtual void around_first_launch(const device_info& device, const kernel_spec& spec,
                                     case_result& result, const std::function<void()>& launch) = 0;
};

} // namespace grp::run
