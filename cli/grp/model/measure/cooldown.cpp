#include "grp/model/measure/cooldown.hpp"

namespace grp {

namespace {

bool too_hot(const thermal_reading& r, double margin_c) {
    return r.temperature_c && r.slowdown_c && *r.temperature_c >= *r.slowdown_c - margin_c;
}

} // namespace

std::optional<double> cool_down(const std::function<thermal_reading()>& read,
                                const cooldown_options& opt,
                                const std::function<void(double)>& sleep,
                                const std::function<double()>& now) {
    if (opt.max_s <= 0 || !too_hot(read(), opt.margin_c)) {
        return std::nullopt;
    }
    const double start = now();
    do {
        sleep(opt.interval_s);
    } while (now() - start < opt.max_s && too_hot(read(), opt.margin_c));
    return now() - start;
}

std::optional<round_conditions> with_cooldown(std::optional<round_conditions> c,
                                              std::optional<double> waited) {
    if (waited) {
        c = c.value_or(round_conditions{});
        c->cooldown_s = waited;
    }
    return c;
}

} // namespace grp
