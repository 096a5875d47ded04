// How a run walks a tuning space: every configuration (exhaustive, the default), a seeded
// random sample of N configurations per (kernel, type, layout, n), each at every local size, or
// successive halving (all candidates measured briefly, the better fraction again with more
// samples, until the best few get the full measurement; there a candidate is a kernel instance
// and a local size).
#pragma once

#include "grp/model/plan/sweep_plan.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace grp {

struct search_options {
    enum class kind { exhaustive, random, halving } what = kind::exhaustive;
    std::uint64_t count = 0; ///< random: configurations per (kernel, type, layout, n)
    std::uint64_t eta = 3;   ///< halving: keep 1 in eta at each rung
};

/// "exhaustive", "random:N" (N >= 1) or "halving[:ETA]" (ETA >= 2, default 3). Throws
/// usage_error naming --search.
search_options parse_search(const std::string& text);
std::string to_string(const search_options& s);

/// The points of a random search: per (kernel name, type, op, layout, n), `count` of its
/// configurations (kernel instances, parameter values) chosen with `seed`, each with all of its
/// points (local sizes, cache states), in plan order; all when there are fewer.
std::vector<sweep_point> sample_points(const std::vector<sweep_point>& points,
                                       const std::vector<kernel_spec>& kernels, std::uint64_t count,
                                       std::uint64_t seed);

/// What successive halving measures: the cost (lower is better, e.g. median ns) of each of
/// `configs` (indices into the space) at rung `rung` (0 = briefest). A configuration that is
/// wrong or failed has cost +infinity (never kept over a finite one, never best).
class config_cost {
public:
    virtual ~config_cost() = default;
    virtual std::vector<double> measure(const std::vector<std::size_t>& configs,
                                        std::size_t rung) = 0;
};

struct halving_result {
    std::vector<std::vector<std::size_t>> rungs; ///< the configurations measured at each rung
    std::vector<double> final_costs;             ///< costs at the last rung, as rungs.back()
    std::size_t best = 0;                        ///< the best configuration (valid if found)
    bool found = false;                          ///< false: every configuration was wrong
};

/// Successive halving over configurations 0..configs-1: measure all at rung 0, keep the
/// ceil(1/eta) best finite ones, measure those at rung 1, ... until at most `final_size`
/// remain; they are measured at the last rung, and the best of that measurement wins.
halving_result successive_halving(std::size_t configs, config_cost& cost, std::uint64_t eta,
                                  std::size_t final_size = 1);

} // namespace grp
