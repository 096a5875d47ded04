// What compare takes as the unit of replication: each run of `run --runs` (its processes), or
// each invocation of a baseline merged from several (runs tagged with their source file).
#include "grp/model/baseline/merge.hpp"
#include "grp/model/compare/side.hpp"

#include <gtest/gtest.h>

namespace grp {
namespace {

/// A profile whose runs carry `sources`, and one case with two rounds in each run (medians
/// 100 + run, 110 + run ns, plus 1000 ns per run made before: merge knows a run by its id or
/// its very samples, so every run here has its own).
profile profile_with_runs(const std::vector<std::string>& sources) {
    profile p;
    profile_device d;
    d.info.name = "pthread-test";
    p.devices.push_back(d);
    case_result c;
    c.key = make_case_key("reduce6", "float", "flat", 4096, 64);
    c.status = case_status::ok;
    for (std::size_t i = 0; i < sources.size(); ++i) {
        static int next_id = 0; // every run of every profile here is a run of its own
        run_record run;
        const auto own = static_cast<std::uint64_t>(1000 * next_id);
        run.id = "run" + std::to_string(next_id++);
        run.source = sources[i];
        p.runs.push_back(run);
        for (std::uint64_t t : {own + 100 + i, own + 110 + i}) {
            round_record r;
            r.run = static_cast<std::uint32_t>(i);
            r.samples_ns = {t, t, t};
            c.rounds.push_back(r);
            c.samples_ns.insert(c.samples_ns.end(), {t, t, t});
        }
    }
    p.cases.push_back(c);
    return p;
}

std::vector<std::size_t> unit_sizes(const profile& p) {
    std::vector<std::size_t> sizes;
    for (const auto& unit : rounds_of(p, p.cases[0], compare_options{}).runs) {
        sizes.push_back(unit.size());
    }
    return sizes;
}

TEST(compare_run_units, processes_of_one_run_are_units_each) {
    EXPECT_EQ(unit_sizes(profile_with_runs({"", "", ""})), (std::vector<std::size_t>{2, 2, 2}));
}

TEST(compare_run_units, runs_merged_from_single_process_files_are_units_each) {
    EXPECT_EQ(unit_sizes(profile_with_runs({"a.json", "b.json", "c.json"})),
              (std::vector<std::size_t>{2, 2, 2}));
}

TEST(compare_run_units, invocations_of_a_merged_baseline_are_the_units) {
    // Two files of three processes each: two units of six rounds, not six units of two.
    EXPECT_EQ(
        unit_sizes(profile_with_runs({"a.json", "a.json", "a.json", "b.json", "b.json", "b.json"})),
        (std::vector<std::size_t>{6, 6}));
}

TEST(compare_run_units, merge_tags_a_multi_process_run_with_its_file) {
    const auto a = profile_with_runs({"", "", ""});
    const auto b = profile_with_runs({"", ""});
    const auto merged = merge_profiles({{a, "a.json"}, {b, "b.json"}}).merged;
    ASSERT_EQ(merged.runs.size(), 5u);
    EXPECT_EQ(merged.runs[2].source, "a.json");
    EXPECT_EQ(merged.runs[3].source, "b.json");
    EXPECT_EQ(unit_sizes(merged), (std::vector<std::size_t>{6, 4}));
}

TEST(merge_host_baselines, keeps_the_first_runs_and_adds_what_only_a_later_run_has) {
    auto a = profile_with_runs({""});
    auto b = profile_with_runs({""});
    host_baseline first;
    first.type = "float";
    first.n = 4096;
    first.data = "first";
    a.host_baselines.push_back(first);
    host_baseline again = first;
    again.data = "second";
    host_baseline other = first;
    other.n = 8192;
    b.host_baselines = {again, other};
    const auto merged = merge_profiles({{a, "a.json"}, {b, "b.json"}}).merged;
    ASSERT_EQ(merged.host_baselines.size(), 2u);
    EXPECT_EQ(merged.host_baselines[0].data, "first");
    EXPECT_EQ(merged.host_baselines[1].n, 8192u);
}

} // namespace
} // namespace grp
