#include "commands/run/run_processes.hpp"

#include "grp/core/error.hpp"
#include "grp/core/text_safe.hpp"
#include "grp/core/units.hpp"
#include "grp/model/compare/sequential_design.hpp"

#include <string>

namespace grp::cli {

namespace {

constexpr std::size_t max_runs = max_run_processes;

} // namespace

std::size_t parse_small_count(const std::string& text, const std::string& what) {
    std::uint64_t v = 0;
    try {
        v = parse_count(text, what);
    } catch (const error&) {
        v = 0;
    }
    if (v < 1 || v > max_runs) {
        throw usage_error(what + " takes a count from 1 to " + std::to_string(max_runs) +
                          ", got '" + terminal_escape(text) + "'");
    }
    return static_cast<std::size_t>(v);
}

namespace {

/// Said with every --part error: a user who found the option in the source needs --runs.
const char* const part_is_internal =
    " (--part and --part-output are internal: run --runs N starts N processes and gives each "
    "its part; use --runs)";

} // namespace

parts::run_part parse_part(const std::string& text) {
    const auto slash = text.find('/');
    if (slash == std::string::npos) {
        throw usage_error("--part takes I/K, got '" + terminal_escape(text) + "'" +
                          part_is_internal);
    }
    parts::run_part part;
    part.index = parse_small_count(text.substr(0, slash), "--part");
    part.count = parse_small_count(text.substr(slash + 1), "--part");
    if (part.index > part.count) {
        throw usage_error("--part " + terminal_escape(text) + ": I must be at most K" +
                          part_is_internal);
    }
    return part;
}

std::size_t planned_runs(const run_cli_options& o, const run::run_options& r) {
    if (!o.part.empty() || r.kernels.empty()) {
        return 1;
    }
    const bool automatic = o.runs == "auto";
    const bool halving = o.search.rfind("halving", 0) == 0;
    if (halving) { // each process would screen its own configurations on its own rounds
        if ((!automatic && o.runs != "1") || o.gate) {
            throw usage_error("--search halving runs in one process: it drops configurations "
                              "round by round; leave out --runs and --gate, or give --runs 1");
        }
        return 1;
    }
    std::size_t k =
        automatic ? (o.gate || !o.duet.empty() ? 3 : 1) : parse_small_count(o.runs, "--runs");
    if (k > r.measure.rounds) {
        if (!automatic) {
            throw usage_error("--runs " + std::to_string(k) + " needs --rounds " +
                              std::to_string(k) + " or more: every process measures a round");
        }
        k = static_cast<std::size_t>(r.measure.rounds);
    }
    if (o.gate && k < 2) {
        throw usage_error("--gate needs several processes, each measuring a round (compare tests "
                          "timing against the spread between them): give --runs 2 or more and "
                          "at least as many --rounds");
    }
    return k;
}

void resolve_round_spacing(const run_cli_options& o, run::run_options& r, std::size_t processes) {
    if (!o.spacing_given) {
        r.measure.round_spacing_s = processes > 1 ? run::gate_round_spacing_s : 0.0;
    }
}

} // namespace grp::cli
