#include "grp/model/measure/settle.hpp"

#include "grp/core/units.hpp"

#include <cmath>
#include <deque>

namespace grp {

namespace {

bool steady(const std::deque<double>& clocks, const settle_options& opt,
            const std::optional<double>& max_clock) {
    if (static_cast<int>(clocks.size()) < opt.steady_readings) {
        return false;
    }
    double lo = clocks.front(), hi = clocks.front();
    for (double c : clocks) {
        lo = std::min(lo, c);
        hi = std::max(hi, c);
    }
    // Steady and not parked: an idle GPU's clock is steady too, at its lowest.
    const bool high = !max_clock || hi >= 0.5 * *max_clock;
    return hi - lo <= opt.steady_share * hi && high;
}

settle_result by_time(const std::function<void()>& launch, double seconds,
                      const std::function<double()>& now, const std::string& why) {
    settle_result r;
    const double start = now();
    while (now() - start < seconds) {
        launch();
        ++r.launches;
    }
    r.seconds = now() - start;
    r.how = r.launches > 0 ? "time: " + why : "none: " + why;
    return r;
}

} // namespace

settle_result settle_clocks(sensor_source* source, const std::function<void()>& launch,
                            const settle_options& opt, const std::function<double()>& now) {
    if (!(opt.max_s > 0)) {
        return {0, 0, std::nullopt, "none: switched off (--settle 0)"};
    }
    const bool clock = source != nullptr && source->read_quick().clock_mhz.has_value();
    if (!clock) {
        return by_time(launch, std::min(opt.blind_s, opt.max_s), now, "no clock sensor");
    }
    const auto max_clock = source->description().max_clock_mhz;
    settle_result r;
    std::deque<double> clocks;
    const double start = now();
    double next = start;
    while (now() - start < opt.max_s) {
        launch();
        ++r.launches;
        if (now() < next) {
            continue;
        }
        next = now() + opt.interval_s;
        if (auto c = source->read_quick().clock_mhz) {
            r.clock_mhz = *c;
            clocks.push_back(*c);
            if (static_cast<int>(clocks.size()) > opt.steady_readings) {
                clocks.pop_front();
            }
            if (steady(clocks, opt, max_clock)) {
                r.seconds = now() - start;
                r.how = "clock steady at " + format_mhz(*c) + " MHz";
                return r;
            }
        }
    }
    r.seconds = now() - start;
    r.how = "time: the clock was not steady after " + format_fixed(opt.max_s * 1000, 0) + " ms" +
            (r.clock_mhz ? " (" + format_mhz(*r.clock_mhz) + " MHz)" : "");
    return r;
}

} // namespace grp
