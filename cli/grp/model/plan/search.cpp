#include "grp/model/plan/search.hpp"

#include "grp/core/error.hpp"
#include "grp/core/units.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <numeric>
#include <random>
#include <tuple>

namespace grp {

search_options parse_search(const std::string& text) {
    search_options s;
    const auto colon = text.find(':');
    const std::string head = text.substr(0, colon);
    const std::string arg = colon == std::string::npos ? "" : text.substr(colon + 1);
    if (head == "exhaustive" && colon == std::string::npos) {
        return s;
    }
    // A colon promises a number: "halving:" is refused like "random:", never read as "halving".
    if ((head == "random" || head == "halving") && colon != std::string::npos && arg.empty()) {
        throw usage_error("--search '" + text +
                          "': a number must follow the colon (random:N, or halving:ETA; "
                          "halving alone keeps 1 in 3)");
    }
    if (head == "random" && !arg.empty()) {
        s.what = search_options::kind::random;
        s.count = parse_count(arg, "--search random:N");
        if (s.count == 0) {
            throw usage_error("--search random:N needs N >= 1");
        }
        return s;
    }
    if (head == "halving") {
        s.what = search_options::kind::halving;
        s.eta = arg.empty() ? 3 : parse_count(arg, "--search halving:ETA");
        if (s.eta < 2 || s.eta > 64) {
            throw usage_error("--search halving:ETA needs ETA from 2 to 64");
        }
        return s;
    }
    throw usage_error("--search '" + text + "': use exhaustive, random:N or halving[:ETA]");
}

std::string to_string(const search_options& s) {
    switch (s.what) {
    case search_options::kind::exhaustive:
        return "exhaustive";
    case search_options::kind::random:
        return "random:" + std::to_string(s.count);
    case search_options::kind::halving:
        return "halving:" + std::to_string(s.eta);
    }
    return "exhaustive";
}

std::vector<sweep_point> sample_points(const std::vector<sweep_point>& points,
                                       const std::vector<kernel_spec>& kernels, std::uint64_t count,
                                       std::uint64_t seed) {
    // A configuration is a kernel instance (one value per parameter); its local sizes, types
    // and cache states go with it, so "random:2" measures 2 configurations at every local size.
    using group = std::tuple<std::string, element_type, std::string, data_layout, std::uint64_t>;
    std::map<group, std::vector<param_values>> configs;
    for (const auto& p : points) {
        auto& list = configs[{kernels[p.kernel].name, p.type, p.op, p.layout, p.n}];
        if (std::find(list.begin(), list.end(), kernels[p.kernel].config) == list.end()) {
            list.push_back(kernels[p.kernel].config);
        }
    }
    std::mt19937_64 rng(seed);
    for (auto& [g, list] : configs) {
        std::shuffle(list.begin(), list.end(), rng);
        list.resize(std::min<std::uint64_t>(list.size(), count));
    }
    std::vector<sweep_point> out;
    for (const auto& p : points) {
        const auto& kept = configs.at({kernels[p.kernel].name, p.type, p.op, p.layout, p.n});
        if (std::find(kept.begin(), kept.end(), kernels[p.kernel].config) != kept.end()) {
            out.push_back(p);
        }
    }
    return out;
}

halving_result successive_halving(std::size_t configs, config_cost& cost, std::uint64_t eta,
                                  std::size_t final_size) {
    halving_result r;
    std::vector<std::size_t> alive(configs);
    std::iota(alive.begin(), alive.end(), 0);
    final_size = std::max<std::size_t>(1, final_size);
    eta = std::max<std::uint64_t>(2, eta);
    for (std::size_t rung = 0; !alive.empty(); ++rung) {
        const auto costs = cost.measure(alive, rung);
        r.rungs.push_back(alive);
        std::vector<std::size_t> order(alive.size());
        std::iota(order.begin(), order.end(), 0);
        // Stable: equal costs keep the space's order, so a run is reproducible.
        std::stable_sort(order.begin(), order.end(),
                         [&](std::size_t a, std::size_t b) { return costs[a] < costs[b]; });
        if (alive.size() <= final_size) {
            r.final_costs = costs;
            r.found = std::isfinite(costs[order.front()]);
            r.best = alive[order.front()];
            return r;
        }
        const std::size_t keep =
            std::max(final_size, (alive.size() + static_cast<std::size_t>(eta) - 1) /
                                     static_cast<std::size_t>(eta));
        std::vector<std::size_t> next;
        for (std::size_t i = 0; i < keep && std::isfinite(costs[order[i]]); ++i) {
            next.push_back(alive[order[i]]);
        }
        std::sort(next.begin(), next.end());
        alive = std::move(next);
    }
    return r; // every configuration was wrong: found stays false
}

} // namespace grp
