#include "grp/run/round_plan.hpp"

#include "grp/model/compare/options.hpp"

#include <algorithm>

namespace grp::run {

std::string round_label(std::size_t round, std::uint64_t planned) {
    const std::string plan = std::to_string(planned);
    if (round < planned) {
        return "round " + std::to_string(round + 1) + "/" + plan;
    }
    return "round " + plan + "/" + plan + " + " + std::to_string(round - planned + 1) + " extra";
}

namespace {

/// Rounds of the case that another process did not disturb (compare sets the others aside).
std::size_t clean_rounds(const case_result& r) {
    return static_cast<std::size_t>(
        std::count_if(r.rounds.begin(), r.rounds.end(),
                      [](const auto& x) { return !x.disturbed(disturbed_cpu_wait); }));
}

} // namespace

bool extra_round_can_count(const case_result& r, const measure_options& m, std::size_t round) {
    const auto clean = clean_rounds(r);
    if (clean >= m.rounds || r.rounds.empty() || round >= m.rounds + m.extra_rounds) {
        return false;
    }
    const auto judged = compare_options{}.min_rounds;
    if (clean >= judged) {
        return true; // judged already: each undisturbed round narrows its interval
    }
    const auto left = static_cast<double>(m.rounds + m.extra_rounds - round);
    const double rate = static_cast<double>(clean) / static_cast<double>(r.rounds.size());
    return static_cast<double>(clean) + rate * left >= static_cast<double>(judged);
}

bool visits(std::size_t r, const measure_options& m, const prepared_case& c) {
    return c.active() && c.result.status != case_status::wrong &&
           (r < m.rounds || extra_round_can_count(c.result, m, r));
}

void note_stopped(case_result& r) {
    if (r.status != case_status::wrong || r.rounds.size() >= r.rounds_planned) {
        return;
    }
    r.notes.push_back("not timed further once found wrong: " + std::to_string(r.rounds.size()) +
                      " of " + std::to_string(r.rounds_planned) +
                      " planned rounds ran (every timed launch was checked)");
}

} // namespace grp::run
