// The four scenarios on the OpenCL device the tests run on (PoCL in CI): each writes
// well-formed cases (the whole profile passes the JSON Schema), precision's 1.1 data set
// matches the host expectations, the kernel with barriers is right in every run, and where the
// device has no sub-groups the sub-group kernel is skipped without being compiled.
#include "grp/model/profile/schema_check.hpp"
#include "grp/run/interrupt.hpp"
#include "grp/run/scenario/scenarios.hpp"

#include <gtest/gtest.h>

namespace grp {
namespace {

struct scenario_fixture {
    ocl::session session{ocl::select({}).front()};
    run::run_options opt;
    profile prof;
    run::progress_sink progress;

    scenario_fixture() {
        // Few samples: these tests check results, not speed.
        opt.measure.rounds = 1;
        opt.measure.warmup = 1;
        opt.measure.min_samples = 3;
        opt.measure.max_samples = 5;
        opt.measure.max_noise = 1.0;
        opt.measure.max_time_s = 0.05;
        opt.measure.round_spacing_s = 0;
        opt.measure.extra_rounds = 0; // a loaded CI runner must not add rounds
        opt.barrier_runs = 25;
        profile_device d;
        d.info = session.info();
        prof.devices.push_back(d);
    }

    /// Runs `name` and returns its cases.
    std::vector<case_result> run(const std::string& name) {
        const auto before = prof.cases.size();
        run::run_scenario(name, session, 0, opt, prof, progress);
        return {prof.cases.begin() + static_cast<std::ptrdiff_t>(before), prof.cases.end()};
    }
};

void expect_valid_profile(const profile& p) {
    nlohmann::ordered_json j = p;
    for (const auto& problem : check_profile_schema(j)) {
        ADD_FAILURE() << problem.pointer << ": " << problem.message;
    }
}

TEST(scenarios, wg_probe_times_every_power_of_two_with_the_same_work) {
    scenario_fixture f;
    auto cases = f.run("wg-probe");
    ASSERT_GE(cases.size(), 2u);
    for (std::size_t i = 0; i < cases.size(); ++i) {
        const auto& c = cases[i];
        EXPECT_EQ(c.scenario, "wg-probe");
        EXPECT_EQ(c.key.kernel, "wg-probe");
        EXPECT_EQ(c.key.local_size, std::uint64_t{1} << i);
        EXPECT_EQ(c.key.n, cases[0].key.n);
        EXPECT_EQ(c.key.n % c.key.local_size, 0u);
        EXPECT_EQ(c.status, case_status::ok) << c.reason;
        EXPECT_FALSE(c.samples_ns.empty());
        ASSERT_TRUE(c.extra["items_per_s"].is_number());
        EXPECT_DOUBLE_EQ(c.extra["items_per_s"].get<double>(), *c.elements_per_s);
        EXPECT_EQ(c.extra["speedup_vs_previous"].is_null(), i == 0);
    }
    const auto& s = f.prof.scenarios["wg-probe"];
    EXPECT_TRUE(s["knee"].is_number());
    EXPECT_NE(s["rule"].get<std::string>().find("1.5"), std::string::npos);
    EXPECT_EQ(s["table"].size(), cases.size());
    if (!s["knee_is_lower_bound"].get<bool>()) {
        EXPECT_EQ(f.prof.devices[0].simd_width_estimate, s["knee"].get<std::uint64_t>());
    }
    expect_valid_profile(f.prof);
}

TEST(scenarios, barrier_kernel_with_barriers_is_right_in_every_run) {
    scenario_fixture f;
    auto cases = f.run("barrier");
    ASSERT_FALSE(cases.empty());
    ASSERT_EQ(cases.size() % 2, 0u);
    for (const auto& c : cases) {
        EXPECT_EQ(c.scenario, "barrier");
        EXPECT_EQ(c.extra["runs"], f.opt.barrier_runs);
        const auto wrong = c.extra["wrong_runs"].get<std::uint64_t>();
        EXPECT_DOUBLE_EQ(c.extra["wrong_fraction"].get<double>(),
                         double(wrong) / double(f.opt.barrier_runs));
        EXPECT_EQ(c.samples_ns.size() + c.flagged_samples, f.opt.barrier_runs - 1);
        if (c.key.kernel == "barrier/with") {
            EXPECT_EQ(c.status, case_status::ok) << c.reason;
            EXPECT_EQ(wrong, 0u);
            EXPECT_EQ(c.result, c.reference);
        } else {
            ASSERT_EQ(c.key.kernel, "barrier/without");
            EXPECT_EQ(c.status, wrong ? case_status::race_observed : case_status::ok);
            EXPECT_EQ(c.extra["example_wrong"].is_null(), wrong == 0);
        }
    }
    EXPECT_EQ(f.prof.scenarios["barrier"]["cases"].size(), cases.size());
    expect_valid_profile(f.prof);
}

TEST(scenarios, precision_constant_1_1_matches_the_host_expectations) {
    scenario_fixture f;
    auto cases = f.run("precision");
    ASSERT_EQ(cases.size(), 3u);
    const auto& a = cases[0];
    EXPECT_EQ(a.key.kernel, "precision/const_1.1");
    EXPECT_EQ(a.key.n, 1u << 20);
    EXPECT_EQ(a.status, case_status::ok) << a.reason;
    const auto& v = a.extra["values"];
    EXPECT_EQ(v["host_sequential_float"].get<double>(), 1165568.5);
    EXPECT_EQ(v["host_pairwise_float"].get<double>(), 1153433.625);
    EXPECT_EQ(v["exact"].get<double>(), 1153433.625);
    ASSERT_TRUE(v["device_tree"].is_number());
    EXPECT_EQ(v["device_tree"].get<double>(), a.result.at(0));
    // The tree lands close to exact, the sequential loop 1% off.
    EXPECT_LT(a.extra["rel_errors"]["device_tree"].get<double>(), 1e-6);
    EXPECT_GT(a.extra["rel_errors"]["host_sequential_float"].get<double>(), 1e-2);
    for (const auto& c : cases) {
        EXPECT_EQ(c.scenario, "precision");
        EXPECT_EQ(c.status, case_status::ok) << c.key.to_string() << ": " << c.reason;
        for (const char* m : {"device_tree", "host_sequential_float", "host_pairwise_float"}) {
            EXPECT_TRUE(c.extra["rel_errors"][m].is_number()) << m;
        }
    }
    EXPECT_NE(f.prof.scenarios["precision"]["explanation"].get<std::string>().find("log2"),
              std::string::npos);
    expect_valid_profile(f.prof);
}

TEST(scenarios, subgroups_run_where_available_else_skip_without_compiling) {
    scenario_fixture f;
    const auto built = f.session.programs_built();
    auto cases = f.run("subgroups");
    ASSERT_FALSE(cases.empty());
    const bool available = f.prof.scenarios["subgroups"]["available"].get<bool>();
    EXPECT_EQ(available, f.session.info().subgroups);
    for (const auto& c : cases) {
        EXPECT_EQ(c.scenario, "subgroups");
        EXPECT_EQ(c.key.kernel, "subgroup_reduce");
        if (available) {
            EXPECT_EQ(c.status, case_status::ok) << c.key.to_string() << ": " << c.reason;
        } else {
            EXPECT_EQ(c.status, case_status::skipped);
            EXPECT_NE(c.reason.find("no sub-groups"), std::string::npos);
        }
    }
    if (!available) {
        EXPECT_EQ(f.session.programs_built(), built);
    }
    expect_valid_profile(f.prof);
}

TEST(scenarios, several_scenarios_share_one_profile) {
    scenario_fixture f;
    f.opt.barrier_runs = 3;
    f.run("barrier");
    f.run("subgroups");
    EXPECT_TRUE(f.prof.scenarios.contains("barrier"));
    EXPECT_TRUE(f.prof.scenarios.contains("subgroups"));
    EXPECT_THROW(run::check_scenario_name("nope"), usage_error);
    expect_valid_profile(f.prof);
}

} // namespace
} // namespace grp
