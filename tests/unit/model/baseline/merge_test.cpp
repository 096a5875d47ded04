// merge_profiles and the peak: a device keeps the best read peak of its runs (the later parts of
// --runs retime the first part's shapes, and every run of a baseline measured its own), and a
// merged case's GB/s and % of peak are derived again from all its rounds and that peak, never
// left as the first run's.
#include "grp/core/error.hpp"
#include "grp/model/baseline/merge.hpp"

#include <functional>
#include <gtest/gtest.h>

namespace grp {
namespace {

profile run_of(double peak_gbps, std::uint64_t round_ns, const std::string& shape) {
    profile p;
    profile_device d;
    d.info.name = "GPU A";
    d.info.uuid = "0a0a";
    peak_bandwidth peak;
    peak.bytes = 1000000;
    peak.read_gbps = peak_gbps;
    peak.read_median_ns = 1e6 / peak_gbps;
    peak.read_shape = shape;
    peak.copy_gbps = 7;
    d.peak = peak;
    p.devices.push_back(d);
    p.runs.resize(1);
    case_result c;
    c.key = make_case_key("k", "float", "flat", 250000, 64);
    c.bytes = 1000000;
    round_record r;
    r.samples_ns = {round_ns, round_ns, round_ns};
    c.rounds = {r, r};
    c.derive_from_rounds();
    c.gbps = 1e6 / static_cast<double>(round_ns); // as the run derived it
    p.cases.push_back(c);
    return p;
}

TEST(MergePeak, BestReadPeakIsKeptAndMetricsFollowTheMergedRounds) {
    const auto m = merge_profiles({{run_of(10.0, 200000, "slow shape"), "a"},
                                   {run_of(12.5, 100000, "fast shape"), "b"}})
                       .merged;
    ASSERT_EQ(m.devices.size(), 1U);
    ASSERT_TRUE(m.devices[0].peak);
    EXPECT_DOUBLE_EQ(m.devices[0].peak->read_gbps, 12.5);
    EXPECT_EQ(m.devices[0].peak->read_shape, "fast shape");
    EXPECT_DOUBLE_EQ(m.devices[0].peak->copy_gbps, 7); // the copy stays the first run's
    ASSERT_EQ(m.cases.size(), 1U);
    const auto& c = m.cases[0];
    ASSERT_TRUE(c.summary && c.gbps && c.pct_of_peak);
    EXPECT_DOUBLE_EQ(*c.gbps, 1e6 / c.summary->median_ns); // not the first run's 5 GB/s
    EXPECT_DOUBLE_EQ(*c.pct_of_peak, *c.gbps / 12.5 * 100);
}

TEST(MergePeak, AWorsePeakOfALaterRunChangesNothing) {
    const auto m = merge_profiles({{run_of(12.5, 100000, "fast shape"), "a"},
                                   {run_of(10.0, 100000, "slow shape"), "b"}})
                       .merged;
    EXPECT_DOUBLE_EQ(m.devices[0].peak->read_gbps, 12.5);
    EXPECT_EQ(m.devices[0].peak->read_shape, "fast shape");
}

} // namespace
} // namespace grp

namespace grp {
namespace {

/// A run with its own samples (merge knows a run by its id or by its very samples).
profile run_with_id(const std::string& id) {
    auto p = run_of(10.0, 100000 + std::hash<std::string>{}(id) % 1000, "shape");
    p.runs[0].id = id;
    return p;
}

TEST(MergeChecks, CheckProfilesPlannedForOtherGridsAreNeverMerged) {
    auto sim = run_with_id("s");
    sim.settings["check"] = {{"max_diagnostics", 20}};
    auto gpu = run_with_id("g");
    gpu.settings["check"] = {{"planned_for", {{"device", "NVIDIA H200"}, {"compute_units", 132}}}};
    try {
        (void)merge_profiles({{sim, "sim.json"}, {gpu, "h200.json"}});
        FAIL() << "a baseline of two grids would be judged as one";
    } catch (const usage_error& e) {
        EXPECT_NE(std::string(e.what()).find("merge: sim.json's grids were planned for"),
                  std::string::npos)
            << e.what();
    }
    EXPECT_THROW((void)merge_profiles({{gpu, "h200.json"}, {sim, "sim.json"}}), usage_error);
    EXPECT_EQ(merge_profiles({{gpu, "a.json"}, {gpu, "b.json"}}).merged.cases.size(), 1U)
        << "planned alike: merged";
    try { // a timed profile beside a check profile: not a question of grids
        (void)merge_profiles({{run_with_id("t"), "timed.json"}, {sim, "sim.json"}});
        FAIL() << "counts merged into times";
    } catch (const usage_error& e) {
        EXPECT_NE(std::string(e.what()).find("sim.json is a check profile and timed.json a timed "
                                             "one: counts and times do not merge"),
                  std::string::npos)
            << e.what();
    }
}

TEST(MergeRuns, AFileGivenTwiceCountsOnceWithAWarning) {
    const auto r = merge_profiles({{run_with_id("r1"), "a.json"}, {run_with_id("r1"), "a.json"}});
    EXPECT_EQ(r.merged.runs.size(), 1U);
    ASSERT_EQ(r.merged.cases.size(), 1U);
    EXPECT_EQ(r.merged.cases[0].rounds.size(), 2U); // not 4: no run counted twice
    EXPECT_EQ(r.merged.cases[0].rounds_planned, 0U);
    ASSERT_EQ(r.warnings.size(), 1U);
    EXPECT_NE(r.warnings[0].find("a.json repeats 1 of its 1 run(s)"), std::string::npos);
}

TEST(MergeRuns, AWarningNamesTheFileTheRunWasMergedFromFirst) {
    const auto r = merge_profiles({{run_with_id("r1"), "a.json"},
                                   {run_with_id("r2"), "b.json"},
                                   {run_with_id("r1"), "copy.json"}});
    EXPECT_EQ(r.merged.runs.size(), 2U);
    ASSERT_EQ(r.warnings.size(), 1U);
    EXPECT_NE(r.warnings[0].find("copy.json repeats 1 of its 1 run(s) already merged from a.json"),
              std::string::npos)
        << r.warnings[0];
}

TEST(MergeRuns, ACopyWithAnotherOrNoIdIsKnownByItsSamples) {
    auto edited = run_with_id("r1");
    edited.runs[0].id = "changed";
    auto no_id = run_with_id("r1");
    no_id.runs[0].id.clear(); // as a 0.1 profile upgraded on load has
    const auto r = merge_profiles(
        {{run_with_id("r1"), "a.json"}, {edited, "edited.json"}, {no_id, "old.json"}});
    EXPECT_EQ(r.merged.runs.size(), 1U);
    EXPECT_EQ(r.merged.cases.at(0).rounds.size(), 2U); // one run's rounds, not three
    EXPECT_EQ(r.warnings.size(), 2U);
    // Runs without an id that differ in their samples are still runs of their own.
    auto other = run_with_id("r2");
    other.runs[0].id.clear();
    EXPECT_EQ(merge_profiles({{no_id, "old.json"}, {other, "other.json"}}).merged.runs.size(), 2U);
}

TEST(MergeRuns, ACaseOnlyTheRepeatedRunHasKeepsItsRounds) {
    auto other = run_with_id("r1"); // the same id, another kernel: nothing of it is merged yet
    other.cases[0].key.kernel = "k2";
    const auto r = merge_profiles({{run_with_id("r1"), "a.json"}, {other, "b.json"}});
    EXPECT_EQ(r.merged.runs.size(), 1U);
    ASSERT_EQ(r.merged.cases.size(), 2U);
    EXPECT_EQ(r.merged.cases[1].rounds.size(), 2U);
    EXPECT_EQ(r.merged.cases[1].rounds[0].run, 0U);
}

TEST(MergeRuns, ARunInsideABaselineGivenBesideItCountsOnce) {
    const auto base = merge_profiles({{run_with_id("r1"), "1"}, {run_with_id("r2"), "2"}}).merged;
    ASSERT_EQ(base.runs.size(), 2U);
    const auto r = merge_profiles(
        {{base, "base.json"}, {run_with_id("r2"), "2.json"}, {run_with_id("r3"), "3.json"}});
    ASSERT_EQ(r.merged.runs.size(), 3U);
    EXPECT_EQ(r.merged.runs[2].id, "r3");
    const auto& rounds = r.merged.cases.at(0).rounds;
    ASSERT_EQ(rounds.size(), 6U); // r1, r2 from the baseline, r3; r2's copy dropped
    EXPECT_EQ(rounds[4].run, 2U); // r3's rounds point at r3
    EXPECT_EQ(rounds[5].run, 2U);
    EXPECT_EQ(r.warnings.size(), 1U);
}

} // namespace
} // namespace grp

namespace grp {
namespace {

// A baseline merged from runs under different device conditions (#66) says which facts differ:
// its spread would then hold that setting's effect.
TEST(MergeRuns, RunsUnderOtherConditionsAreNamed) {
    const auto with = [](const std::string& id, const std::string& governor) {
        auto p = run_with_id(id);
        device_conditions c;
        c.facts = {known_fact("governor", governor)};
        c.key_facts = cpu_key_facts();
        p.devices[0].conditions = c;
        return p;
    };
    auto r = merge_profiles(
        {{with("r1", "performance"), "a.json"}, {with("r2", "performance"), "b.json"}});
    EXPECT_TRUE(r.warnings.empty());
    r = merge_profiles(
        {{with("r1", "performance"), "a.json"}, {with("r2", "powersave"), "b.json"}});
    ASSERT_EQ(r.warnings.size(), 1U);
    EXPECT_NE(r.warnings[0].find("b.json: GPU A ran under other conditions than in the first input "
                                 "(governor: performance -> powersave)"),
              std::string::npos)
        << r.warnings[0];
}

} // namespace
} // namespace grp

namespace grp {
namespace {

/// Run `id` on a device without a UUID (as PoCL and some drivers report), on PCI bus `bus`
/// ("" for none), on this host.
profile run_on_bus(const std::string& id, const std::string& bus) {
    auto p = run_with_id(id);
    p.devices[0].info.uuid.reset();
    if (!bus.empty()) {
        p.devices[0].info.pci_bus = bus;
    }
    return p;
}

// Two cards of one model in one node on a driver without cl_khr_device_uuid: their PCI buses
// tell them apart (until 2026-12-05 they were merged as one card, and the fleet saw one level).
TEST(MergeDevices, CardsWithoutUuidAreToldApartByTheirPciBus) {
    const auto two = merge_profiles({{run_on_bus("a", "0000:41:00.0"), "a"},
                                     {run_on_bus("b", "0000:42:00.0"), "b"}})
                         .merged;
    EXPECT_EQ(two.devices.size(), 2U);
    const auto one = merge_profiles({{run_on_bus("a", "0000:41:00.0"), "a"},
                                     {run_on_bus("b", "0000:41:00.0"), "b"}})
                         .merged;
    EXPECT_EQ(one.devices.size(), 1U);
    const auto unknown =
        merge_profiles({{run_on_bus("a", "0000:41:00.0"), "a"}, {run_on_bus("b", ""), "b"}}).merged;
    EXPECT_EQ(unknown.devices.size(), 1U); // a bus on one side only: name and host decide
}

} // namespace
} // namespace grp
