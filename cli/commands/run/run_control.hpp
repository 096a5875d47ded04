// `run --clocks` / `--power-limit` for the length of an invocation: the parent process (never a
// part of --runs or a device's process) first restores any stale lock an earlier run left
// (control_lock.hpp), then, when asked, forks the watchdog (control_watchdog.hpp), writes each
// GPU's lock, applies the settings through NVML and, at the end, puts them back and records the
// receipt in the profile (devices[].control). Where a setting cannot be applied (no permission,
// not supported, no NVML, a CPU device) the run goes on without it and the receipt says why.
#pragma once

#include "commands/run/run_options.hpp"
#include "grp/core/machine/control/control_lock.hpp"
#include "grp/core/machine/control/control_request.hpp"
#include "grp/core/machine/control/control_watchdog.hpp"
#include "grp/core/machine/control/nvml_control.hpp"
#include "grp/model/profile/profile.hpp"

#include <memory>
#include <vector>

namespace grp::cli {

class run_control {
public:
    /// Before any thread starts: restores stale locks (said on stderr) and, when `o` asks for
    /// control, forks the watchdog and applies the request to each device `opts` selects,
    /// saying on stderr what was applied or why not. Throws usage_error for a malformed
    /// --clocks/--power-limit, and what ocl::select throws.
    run_control(const run_cli_options& o, const run::run_options& opts);
    run_control(const run_control&) = delete;
    run_control& operator=(const run_control&) = delete;
    run_control(run_control&&) = delete;
    run_control& operator=(run_control&&) = delete;
    /// Restores whatever finish() did not (an error ended the run).
    ~run_control();

    /// Puts every setting back and records the receipts in the matching p.devices.
    void finish(profile& p);

private:
    struct held {
        device_info device;
        std::unique_ptr<nvml_control> gpu;
        control_lock lock;
        control_record record;
    };
    void apply(const run::run_options& opts);
    void apply_one(const device_info& d);
    void refuse(held&& h, const std::string& why); ///< kept unapplied, said why
    void set(held& h);                             ///< the NVML set calls, each recorded
    void finish_apply(held& h, bool clocks, bool memory, bool power);
    void restore(held& h);
    control_request request_;
    std::unique_ptr<control_watchdog> watchdog_;
    std::string no_watchdog_; ///< why there is none, when control was asked for
    std::vector<held> devices_;
};

} // namespace grp::cli
