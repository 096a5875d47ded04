#include "grp/run/round_plan.hpp"

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

bool visits(std::size_t r, const measure_options& m, const prepared_case& c) {
    return c.active() && c.result.status != case_status::wrong &&
           (r < m.rounds || clean_rounds(c.result) < m.rounds);
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
