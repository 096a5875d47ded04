#include "grp/model/measure/timer_verdict.hpp"

#include <algorithm>
#include <array>
#include <cstdio>
#include <utility>

namespace grp {

namespace {

using ojson = nlohmann::ordered_json;

constexpr std::array<std::pair<timer_kind, const char*>, 6> kind_names{{
    {timer_kind::trusted, "trusted"},
    {timer_kind::scaled, "scaled"},
    {timer_kind::zero, "zero"},
    {timer_kind::out_of_order, "out-of-order"},
    {timer_kind::host, "host"},
    {timer_kind::unchecked, "unchecked"},
}};

std::string three_digits(double v) {
    std::array<char, 32> buf{};
    std::snprintf(buf.data(), buf.size(), "%.3g", v);
    return buf.data();
}

std::string ms(double ns) {
    return three_digits(ns * 1e-6) + " ms";
}

bool all_zero(const launch_stamps& s) {
    return s.queued == 0 && s.submit == 0 && s.start == 0 && s.end == 0;
}

bool same_stamps(const launch_stamps& a, const launch_stamps& b) {
    return a.queued == b.queued && a.submit == b.submit && a.start == b.start && a.end == b.end;
}

// The first ordering fault of a sample, or "".
std::string order_fault(const timer_probe_sample& s) {
    if (s.first.end < s.first.start || s.second.end < s.second.start) {
        return "END before START";
    }
    if (s.second.start < s.first.end) {
        return "a launch STARTs before the previous one of an in-order queue ENDs";
    }
    return "";
}

double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    const std::size_t n = v.size();
    return n % 2 == 1 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

} // namespace

std::string timer_kind_name(timer_kind k) {
    for (const auto& [kind, name] : kind_names) {
        if (kind == k) {
            return name;
        }
    }
    return "unchecked";
}

std::string describe(const timer_verdict& v) {
    std::string out = timer_kind_name(v.kind);
    if ((v.kind == timer_kind::scaled || v.kind == timer_kind::trusted) && v.ratio) {
        out += " (events " + three_digits(*v.ratio) + "x the host clock)";
    }
    return v.cause.empty() ? out : out + ": " + v.cause;
}

timer_verdict judge_timer(const std::vector<timer_probe_sample>& samples) {
    if (samples.empty()) {
        return {timer_kind::unchecked, std::nullopt, "the probe took no samples"};
    }
    if (std::all_of(samples.begin(), samples.end(), [](const timer_probe_sample& s) {
            return all_zero(s.first) && all_zero(s.second);
        })) {
        return {timer_kind::zero, std::nullopt, "every profiling stamp is 0"};
    }
    if (std::all_of(samples.begin(), samples.end(),
                    [](const timer_probe_sample& s) { return same_stamps(s.first, s.second); })) {
        const auto& f = samples.front().first;
        return {timer_kind::zero, std::nullopt,
                "every launch carries the same stamps (QUEUED " + std::to_string(f.queued) +
                    ", SUBMIT " + std::to_string(f.submit) + ", START " + std::to_string(f.start) +
                    ", END " + std::to_string(f.end) +
                    "): the driver does not implement profiling"};
    }
    for (const auto& s : samples) {
        if (auto fault = order_fault(s); !fault.empty()) {
            return {timer_kind::out_of_order, std::nullopt, fault};
        }
    }
    std::vector<double> ratios;
    for (const auto& s : samples) {
        const auto span = static_cast<double>(s.second.end - s.first.start);
        ratios.push_back(span / static_cast<double>(std::max<std::uint64_t>(1, s.host_ns)));
    }
    const double r = median(ratios);
    const auto [lo, hi] = std::minmax_element(ratios.begin(), ratios.end());
    const auto& mid = samples[samples.size() / 2];
    if (r == 0.0) {
        return {timer_kind::zero, 0.0,
                "the stamps do not advance over a " + ms(static_cast<double>(mid.host_ns)) +
                    " launch pair"};
    }
    // Every sample must agree: a busy host stretches one bracket now and then (a low ratio), a
    // wrong clock is wrong in all of them.
    if (*lo > max_event_share || *hi < min_event_share) {
        return {timer_kind::scaled, r,
                "two launches the host clock saw take " + ms(static_cast<double>(mid.host_ns)) +
                    " span " + ms(static_cast<double>(mid.second.end - mid.first.start)) +
                    " by their events"};
    }
    return {timer_kind::trusted, *hi, ""}; // the quietest pair: waits only lower a ratio
}

std::optional<timer_verdict> judge_rounds(std::uint64_t event_ns, std::uint64_t host_ns) {
    constexpr double slack_ns = 1e6;
    const auto event = static_cast<double>(event_ns);
    const auto host = static_cast<double>(host_ns);
    if (host_ns == 0 || event <= max_event_share * host + slack_ns) {
        return std::nullopt;
    }
    return timer_verdict{timer_kind::scaled, event / host,
                         "the timed launches' events span " + ms(event) +
                             " where the host clock around them saw " + ms(host)};
}

ojson to_json(const timer_verdict& v) {
    return {{"verdict", timer_kind_name(v.kind)},
            {"ratio", v.ratio ? ojson(*v.ratio) : ojson(nullptr)},
            {"timing", v.host_timing() ? "host" : "events"},
            {"cause", v.cause}};
}

timer_verdict timer_from_json(const ojson& j) {
    timer_verdict v;
    if (!j.is_object()) {
        return v;
    }
    if (auto k = j.find("verdict"); k != j.end() && k->is_string()) {
        for (const auto& [kind, name] : kind_names) {
            v.kind = *k == name ? kind : v.kind;
        }
    }
    if (auto r = j.find("ratio"); r != j.end() && r->is_number()) {
        v.ratio = r->get<double>();
    }
    if (auto c = j.find("cause"); c != j.end() && c->is_string()) {
        v.cause = c->get<std::string>();
    }
    return v;
}

} // namespace grp
