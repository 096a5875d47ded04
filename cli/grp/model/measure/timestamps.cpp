#include "grp/model/measure/timestamps.hpp"

namespace grp {

std::string check_stamps(const launch_stamps& s, std::uint64_t timer_resolution_ns) {
    if (s.end < s.start) {
        return "END before START";
    }
    if (s.start < s.submit) {
        return "START before SUBMIT";
    }
    if (s.submit < s.queued) {
        return "SUBMIT before QUEUED";
    }
    if (s.end - s.start < timer_resolution_ns || s.end == s.start) {
        return "duration under timer resolution (" + std::to_string(timer_resolution_ns) + " ns)";
    }
    return "";
}

chain_timing chain_span(const std::vector<launch_stamps>& passes,
                        std::uint64_t timer_resolution_ns) {
    chain_timing t;
    if (passes.empty()) {
        t.flag = "no launches";
        return t;
    }
    const auto& first = passes.front();
    t.overhead_ns = first.start >= first.queued ? first.start - first.queued : 0;
    for (std::size_t i = 0; i < passes.size(); ++i) {
        const auto& st = passes[i];
        if (t.flag.empty()) {
            t.flag = check_stamps(st, timer_resolution_ns);
            if (!t.flag.empty() && passes.size() > 1) {
                t.flag = "pass " + std::to_string(i + 1) + ": " + t.flag;
            }
        }
        if (i > 0 && t.flag.empty() && st.start < passes[i - 1].end) {
            t.flag = "pass " + std::to_string(i + 1) + " STARTs before the previous pass ENDs";
        }
        t.pass_sum_ns += st.end >= st.start ? st.end - st.start : 0;
    }
    const std::uint64_t last_end = passes.back().end;
    t.span_ns = last_end >= first.start ? last_end - first.start : 0;
    if (t.flag.empty() && t.span_ns < t.pass_sum_ns) {
        t.flag = "the chain's span is shorter than the sum of its passes";
    }
    return t;
}

} // namespace grp
