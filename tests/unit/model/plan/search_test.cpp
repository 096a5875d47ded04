// Search strategies: --search parsing, the seeded random sample of a sweep's configurations,
// and successive halving on a fabricated cost table (no device).
#include "grp/core/error.hpp"
#include "grp/model/plan/search.hpp"
#include "grp/model/spec/kernel_catalog.hpp"

#include <algorithm>
#include <cmath>
#include <gtest/gtest.h>
#include <limits>
#include <map>
#include <random>
#include <set>

namespace grp {
namespace {

TEST(search, parses_the_three_strategies_and_refuses_the_rest) {
    EXPECT_EQ(parse_search("exhaustive").what, search_options::kind::exhaustive);
    const auto r = parse_search("random:12");
    EXPECT_EQ(r.what, search_options::kind::random);
    EXPECT_EQ(r.count, 12u);
    EXPECT_EQ(parse_search("halving").eta, 3u);
    EXPECT_EQ(parse_search("halving:2").eta, 2u);
    EXPECT_EQ(to_string(parse_search("random:5")), "random:5");
    for (const char* bad : {"random", "random:0", "random:x", "halving:1", "halving:65", "grid",
                            "exhaustive:3", ""}) {
        EXPECT_THROW(parse_search(bad), usage_error) << bad;
    }
}

TEST(search, a_colon_without_a_number_is_refused_for_both_strategies) {
    for (const char* bad : {"random:", "halving:"}) {
        try {
            (void)parse_search(bad);
            ADD_FAILURE() << bad << " was accepted";
        } catch (const usage_error& e) {
            EXPECT_NE(std::string(e.what()).find("a number must follow the colon"),
                      std::string::npos)
                << e.what();
        }
    }
    EXPECT_THROW(parse_search("halving:x"), usage_error);
}

device_info cpu() {
    device_info d;
    d.type = "CL_DEVICE_TYPE_CPU";
    d.max_work_group_size = 4096;
    return d;
}

std::vector<sweep_point> plan(std::uint64_t configs, std::uint64_t seed,
                              const std::vector<kernel_spec>& kernels) {
    sweep_options o;
    o.local_sizes = "1,8,64";
    o.sizes = {1024, 4096};
    o.types = {element_type::int32};
    o.random_configs = configs;
    o.seed = seed;
    return plan_sweep(kernels, o, cpu());
}

std::set<std::string> chosen(const std::vector<sweep_point>& pts,
                             const std::vector<kernel_spec>& kernels) {
    std::set<std::string> out;
    for (const auto& p : pts) {
        out.insert(describe_config(kernels[p.kernel].tuning, kernels[p.kernel].config) + "/" +
                   std::to_string(p.local_size) + "/" + std::to_string(p.n));
    }
    return out;
}

TEST(search, exhaustive_expands_every_configuration_and_local_size) {
    const auto kernels = instantiate_kernels(resolve_kernels({"tunable", "reduce2"}, {}));
    // 42 configurations x 3 local sizes x 2 sizes, plus reduce2's 3 x 2.
    EXPECT_EQ(plan(0, 1, kernels).size(), 42u * 3u * 2u + 3u * 2u);
}

TEST(search, random_takes_n_configurations_per_kernel_and_size_reproducibly_by_seed) {
    const auto kernels = instantiate_kernels(resolve_kernels({"tunable", "reduce2"}, {}));
    const auto a = plan(10, 7, kernels);
    // 10 configurations per (kernel, type, layout, n) for tunable, each at the 3 local sizes;
    // reduce2 is one configuration (no parameters) at its 3 local sizes.
    EXPECT_EQ(a.size(), 2u * 10u * 3u + 2u * 3u);
    std::map<std::uint64_t, std::set<std::string>> configs_per_n;
    for (const auto& p : a) {
        configs_per_n[p.n].insert(
            kernels[p.kernel].name + " " +
            describe_config(kernels[p.kernel].tuning, kernels[p.kernel].config));
    }
    EXPECT_EQ(configs_per_n[1024].size(), 11u); // 10 of tunable, reduce2's one
    EXPECT_EQ(chosen(a, kernels), chosen(plan(10, 7, kernels), kernels));
    EXPECT_NE(chosen(a, kernels), chosen(plan(10, 8, kernels), kernels));
    // Plan order (kernel-major) is kept.
    for (std::size_t i = 1; i < a.size(); ++i) {
        EXPECT_LE(a[i - 1].kernel, a[i].kernel);
    }
}

// A cost table: the true cost of each configuration, seen through noise that shrinks with the
// rung (few samples early, full sampling last); some configurations are wrong (infinite).
class table_cost : public config_cost {
public:
    table_cost(std::vector<double> truth, double noise)
        : m_truth(std::move(truth)), m_noise(noise) {}
    std::vector<double> measure(const std::vector<std::size_t>& configs,
                                std::size_t rung) override {
        std::vector<double> out;
        const double scale = m_noise / static_cast<double>(1U << rung);
        for (auto c : configs) {
            ++measured[c];
            out.push_back(m_truth[c] * (1.0 + scale * m_jitter(m_rng)));
        }
        return out;
    }
    std::map<std::size_t, int> measured;

private:
    std::vector<double> m_truth;
    double m_noise;
    std::mt19937 m_rng{42};
    std::uniform_real_distribution<double> m_jitter{-1.0, 1.0};
};

TEST(search, successive_halving_keeps_the_true_best_of_a_cost_table) {
    // 81 configurations whose costs differ by >= 5 %; early rungs see +-4 % noise.
    std::vector<double> truth;
    for (int i = 0; i < 81; ++i) {
        truth.push_back(1000.0 * std::pow(1.05, (i * 37) % 81)); // best is index 0
    }
    table_cost cost(truth, 0.04);
    const auto r = successive_halving(truth.size(), cost, 3);
    ASSERT_TRUE(r.found);
    EXPECT_EQ(r.best, 0u);
    // 81 -> 27 -> 9 -> 3 -> 1: five rungs, far fewer measurements than 81 x 5.
    ASSERT_EQ(r.rungs.size(), 5u);
    EXPECT_EQ(r.rungs[1].size(), 27u);
    EXPECT_EQ(r.rungs.back(), std::vector<std::size_t>{0});
    EXPECT_EQ(cost.measured[0], 5);
    const auto once = std::count_if(cost.measured.begin(), cost.measured.end(),
                                    [](const auto& m) { return m.second == 1; });
    EXPECT_EQ(once, 81 - 27); // left after the first rung
}

TEST(search, a_wrong_configuration_is_never_kept_or_best) {
    const double inf = std::numeric_limits<double>::infinity();
    // The "fastest" configuration is wrong: the runner reports it with an infinite cost.
    table_cost cost({inf, 5.0, 3.0, 9.0, inf, 4.0}, 0.0);
    const auto r = successive_halving(6, cost, 2);
    ASSERT_TRUE(r.found);
    EXPECT_EQ(r.best, 2u);
    for (const auto& rung : r.rungs) {
        if (&rung != &r.rungs.front()) {
            EXPECT_EQ(std::count(rung.begin(), rung.end(), 0u), 0);
            EXPECT_EQ(std::count(rung.begin(), rung.end(), 4u), 0);
        }
    }
    table_cost all_wrong({inf, inf, inf}, 0.0);
    EXPECT_FALSE(successive_halving(3, all_wrong, 3).found);
    table_cost one({7.0}, 0.0);
    const auto single = successive_halving(1, one, 3);
    EXPECT_TRUE(single.found);
    EXPECT_EQ(single.rungs.size(), 1u);
}

} // namespace
} // namespace grp
