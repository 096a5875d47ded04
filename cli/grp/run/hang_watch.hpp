// Which case a hung launch belongs to. The device waits have a deadline (ocl/device_wait.hpp);
// when one passes it, the handler the command set (run_options::on_hang) is told the case whose
// launch chain was waiting (launch_watch, set around launch_chain's waits) on the device being
// measured, or none when the tool's own work hung (the peak probe, an input copy).
#pragma once

#include "grp/core/machine/device_info.hpp"
#include "grp/model/plan/sweep_plan.hpp"
#include "grp/model/profile/case_key.hpp"

#include <functional>
#include <optional>
#include <vector>

namespace grp::run {

struct run_options;

/// A wait that passed --launch-timeout.
struct hang_report {
    std::optional<case_key> key; ///< the case whose launch hung; none: the tool's own work
    int device = 0;              ///< the device's index in the profile
    double seconds = 0;          ///< the deadline it passed
};

/// Called on the watchdog thread while the waiting thread is inside the driver; it should not
/// return (the launch cannot be cancelled).
using on_hang_fn = std::function<void(const hang_report&)>;

/// Marks the case `key` as the one whose launches the device runs until this object ends.
class launch_watch {
public:
    explicit launch_watch(const case_key& key);
    ~launch_watch();
    launch_watch(const launch_watch&) = delete;
    launch_watch& operator=(const launch_watch&) = delete;

private:
    const case_key* m_previous;
};

/// Gives every device wait of this process a deadline for device `device_index`: --launch-timeout,
/// or default_launch_timeout_s of the longest launch of `points` on `dev`. Nothing when
/// `opt.on_hang` is empty (check, whose simulator is slow by design). Returns the deadline (s).
double watch_launches(const run_options& opt, const std::vector<sweep_point>& points,
                      const device_info& dev, int device_index);

} // namespace grp::run
