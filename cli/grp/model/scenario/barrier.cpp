#include "grp/model/scenario/barrier.hpp"

#include <cmath>
#include <cstdlib>

namespace grp {

void barrier_tally::add(std::int64_t got, std::int64_t expected) {
    ++m_runs;
    m_last_got = got;
    m_last_expected = expected;
    if (got != expected) {
        ++m_wrong;
        if (!m_example) {
            m_example = got;
            m_example_expected = expected;
        }
    }
}

double barrier_tally::wrong_fraction() const {
    return m_runs == 0 ? 0.0 : static_cast<double>(m_wrong) / static_cast<double>(m_runs);
}

void apply_barrier_tally(case_result& c, const barrier_tally& t, bool with_barrier) {
    const std::int64_t got = t.example_wrong().value_or(t.last_got());
    const std::int64_t expected = t.example_expected().value_or(t.last_expected());
    c.extra["runs"] = t.runs();
    c.extra["wrong_runs"] = t.wrong_runs();
    c.extra["wrong_fraction"] = t.wrong_fraction();
    c.extra["example_wrong"] =
        t.example_wrong() ? nlohmann::ordered_json(*t.example_wrong()) : nullptr;
    c.extra["expected"] = expected;
    if (t.runs() == 0) {
        c.status = case_status::skipped;
        c.reason = "no launch finished (interrupted)";
        return;
    }
    c.result = {static_cast<double>(got)};
    c.reference = {static_cast<double>(expected)};
    c.abs_error = static_cast<double>(std::llabs(got - expected));
    c.rel_error = expected == 0 ? (got == 0 ? 0.0 : INFINITY)
                                : *c.abs_error / std::fabs(static_cast<double>(expected));
    c.tolerance = 0; // integer sums: exact
    const std::string tally =
        std::to_string(t.wrong_runs()) + " of " + std::to_string(t.runs()) + " runs wrong";
    const std::string example = t.example_wrong()
                                    ? ", e.g. " + std::to_string(*t.example_wrong()) +
                                          " instead of " + std::to_string(*t.example_expected())
                                    : "";
    if (t.wrong_runs() == 0) {
        c.status = case_status::ok;
        c.reason.clear();
    } else if (with_barrier) {
        c.status = case_status::wrong;
        c.reason = tally + example + " although the kernel has its barriers";
    } else {
        c.status = case_status::race_observed;
        c.reason = tally + example +
                   ": without barrier(CLK_LOCAL_MEM_FENCE) work-items read "
                   "__local values before their neighbours wrote them";
    }
}

std::int64_t barrier_run_offset(std::uint64_t run) {
    return 1 + static_cast<std::int64_t>(run % 1000);
}

} // namespace grp
