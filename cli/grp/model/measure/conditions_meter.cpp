#include "grp/model/measure/conditions_meter.hpp"

#include "grp/core/strings.hpp"
#include "grp/core/units.hpp"
#include "grp/model/stats/stats.hpp"

#include <algorithm>
#include <cmath>

namespace grp {

namespace {

void widen(std::optional<double>& lo, std::optional<double>& hi, const std::optional<double>& v) {
    if (v) {
        lo = lo ? std::min(*lo, *v) : *v;
        hi = hi ? std::max(*hi, *v) : *v;
    }
}

/// Energy over the window from the counter, where it is long enough and never went backwards
/// (beyond one wrap of its range).
std::optional<double> counted_joules(const std::vector<sensor_reading>& rs, std::uint64_t wrap) {
    if (rs.size() < 2 || !rs.front().energy_uj || !rs.back().energy_uj ||
        rs.back().t_s - rs.front().t_s < min_counter_window_s ||
        std::any_of(rs.begin(), rs.end(), [](const sensor_reading& r) { return r.energy_reset; })) {
        return std::nullopt; // a reset the sensor could not undo: the window's energy is unknown
    }
    const auto a = *rs.front().energy_uj, b = *rs.back().energy_uj;
    if (b >= a) {
        return static_cast<double>(b - a) / 1e6;
    }
    if (wrap > a) {
        return static_cast<double>(wrap - a + b) / 1e6;
    }
    return std::nullopt; // the counter was reset: no honest number
}

std::string unsteady_reason(const round_conditions& c, std::uint32_t reasons, bool judge_clock) {
    if (const auto bad = reasons & throttle_reasons; bad != 0) {
        return "throttled: " + joined(clock_reason_names(bad), ", ");
    }
    if (judge_clock && c.clock_mhz_min && c.clock_mhz_max &&
        *c.clock_mhz_min < (1 - clock_ramp_share) * *c.clock_mhz_max) {
        return "clock " + format_mhz(*c.clock_mhz_min) + "-" + format_mhz(*c.clock_mhz_max) +
               " MHz during the round";
    }
    return "";
}

} // namespace

round_conditions summarize_readings(const std::vector<sensor_reading>& rs, bool judge_clock,
                                    std::uint64_t wrap_uj) {
    round_conditions c;
    if (rs.empty()) {
        return c;
    }
    c.readings = static_cast<std::uint32_t>(rs.size());
    c.seconds = std::max(0.0, rs.back().t_s - rs.front().t_s);
    std::uint32_t reasons = 0;
    double power_sum = 0;
    std::size_t powers = 0;
    for (const auto& r : rs) {
        widen(c.clock_mhz_min, c.clock_mhz_max, r.clock_mhz);
        widen(c.mem_clock_mhz_min, c.mem_clock_mhz_max, r.mem_clock_mhz);
        if (r.temperature_c) {
            c.temperature_c = std::max(c.temperature_c.value_or(-1e9), *r.temperature_c);
        }
        if (r.power_w) {
            power_sum += *r.power_w;
            ++powers;
        }
        reasons |= r.reasons;
    }
    if (auto joules = counted_joules(rs, wrap_uj)) {
        c.energy_j = *joules;
        c.power_w = c.seconds > 0 ? *joules / c.seconds : 0.0;
        c.energy_source = "counter";
    } else if (powers > 0) {
        c.power_w = power_sum / static_cast<double>(powers);
        c.energy_j = *c.power_w * c.seconds;
        c.energy_source = "power x time";
    }
    c.reasons = clock_reason_names(reasons);
    c.unsteady = unsteady_reason(c, reasons, judge_clock);
    return c;
}

conditions_meter::conditions_meter(sensor_source* source, bool judge_clock)
    : source_(source), judge_clock_(judge_clock) {}

void conditions_meter::start(bool energy) {
    readings_.clear();
    energy_ = energy;
    if (source_ != nullptr) {
        readings_.push_back(energy ? source_->read() : source_->read_quick());
    }
}

bool counter_worth_reading(const case_result& c, std::optional<double> predicted_s) {
    if (c.rounds.empty() || !c.rounds.back().conditions) {
        return !predicted_s || *predicted_s >= min_counter_window_s / 2;
    }
    return c.rounds.back().conditions->seconds >= min_counter_window_s / 2;
}

void conditions_meter::poll() {
    if (source_ != nullptr && !readings_.empty() &&
        sensor_now_s() - readings_.back().t_s >= min_reading_interval_s) {
        readings_.push_back(source_->read_quick());
    }
}

std::optional<round_conditions> conditions_meter::finish() {
    if (source_ == nullptr || readings_.empty()) {
        return std::nullopt;
    }
    readings_.push_back(energy_ ? source_->read() : source_->read_quick());
    const auto wrap = source_->description().energy_wrap_uj.value_or(0);
    return summarize_readings(readings_, judge_clock_, wrap);
}

void mark_below_steady_clock(std::vector<case_result>& cases, int device, run_index run) {
    std::vector<round_record*> rounds;
    std::vector<double> highest;
    for (auto& c : cases) {
        for (auto& r : c.rounds) {
            if (c.device == device && r.run == run && r.conditions && r.conditions->clock_mhz_max) {
                rounds.push_back(&r);
                highest.push_back(*r.conditions->clock_mhz_max);
            }
        }
    }
    if (highest.empty()) {
        return;
    }
    std::sort(highest.begin(), highest.end());
    const double steady = percentile_sorted(highest, 0.5);
    for (auto* r : rounds) {
        auto& c = *r->conditions;
        if (c.unsteady.empty() && *c.clock_mhz_max < (1 - clock_ramp_share) * steady) {
            c.unsteady = "clock " + format_mhz(*c.clock_mhz_max) + " MHz, below the run's steady " +
                         format_mhz(steady) + " MHz";
        }
    }
}

} // namespace grp
