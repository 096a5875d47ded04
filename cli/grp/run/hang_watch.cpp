#include "grp/run/hang_watch.hpp"

#include "grp/model/measure/launch_timeout.hpp"
#include "grp/model/plan/cost_model.hpp"
#include "grp/ocl/device_wait.hpp"
#include "grp/run/run_options.hpp"

#include <algorithm>

namespace grp::run {

namespace {

// Set by the measuring thread before it waits, and read by the watchdog only while that thread
// is inside the wait (device_wait.cpp orders the two).
const case_key* g_watched = nullptr;
int g_device = 0;

} // namespace

launch_watch::launch_watch(const case_key& key) : m_previous(g_watched) {
    g_watched = &key;
}

launch_watch::~launch_watch() {
    g_watched = m_previous;
}

double watch_launches(const run_options& opt, const std::vector<sweep_point>& points,
                      const device_info& dev, int device_index) {
    if (!opt.on_hang) {
        return 0;
    }
    double longest = 0;
    for (const auto& p : points) {
        longest = std::max(longest, launch_cost_s(p, dev));
    }
    const double seconds =
        opt.launch_timeout_s > 0 ? opt.launch_timeout_s : default_launch_timeout_s(longest);
    g_device = device_index;
    ocl::set_wait_deadline(seconds, [on_hang = opt.on_hang](double s) {
        hang_report r;
        if (g_watched != nullptr) {
            r.key = *g_watched;
        }
        r.device = g_device;
        r.seconds = s;
        on_hang(r);
    });
    return seconds;
}

} // namespace grp::run
