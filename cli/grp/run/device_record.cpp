#include "grp/run/device_record.hpp"

#include <numeric>

namespace grp::run {

void record_timer(profile_device& d, const timer_verdict& probed,
                  std::optional<std::uint64_t> loop_limit, const progress_sink& progress) {
    d.timer = probed;
    d.loop_limit = loop_limit;
    if (progress.timer_judged) {
        progress.timer_judged(d.info, d.timer);
    }
    if (loop_limit && progress.loop_limited) {
        progress.loop_limited(d.info, *loop_limit);
    }
}

void cross_check_timer(profile& p, int device_index, const progress_sink& progress) {
    std::uint64_t event_ns = 0;
    std::uint64_t host_ns = 0;
    for (const auto& c : p.cases) {
        for (const auto& r : c.rounds) {
            if (c.device == device_index && r.host_ns) {
                host_ns += *r.host_ns;
                event_ns +=
                    std::accumulate(r.samples_ns.begin(), r.samples_ns.end(), std::uint64_t{0});
            }
        }
    }
    auto& d = p.devices.at(static_cast<std::size_t>(device_index));
    if (d.timer.host_timing()) {
        return;
    }
    if (auto v = judge_rounds(event_ns, host_ns)) {
        d.timer = *v;
        if (progress.timer_judged) {
            progress.timer_judged(d.info, d.timer);
        }
    }
}

bool is_device_failure(const error& e) {
    return e.code() == exit_code::opencl || e.code() == exit_code::kernel_build;
}

void record_failure(profile& p, const device_info& info, int device_index, const error& e,
                    const progress_sink& progress) {
    if (p.devices.size() <= static_cast<std::size_t>(device_index)) {
        p.devices.emplace_back().info = info;
    }
    p.devices.back().failure = e.what();
    if (progress.device_failed) {
        progress.device_failed(info, e.what());
    }
}

} // namespace grp::run
