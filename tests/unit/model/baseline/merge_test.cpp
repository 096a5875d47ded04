// merge_profiles and the peak: a device keeps the best read peak of its runs (the later parts of
// --runs retime the first part's shapes, and every run of a baseline measured its own), and a
// merged case's GB/s and % of peak are derived again from all its rounds and that peak, never
// left as the first run's.
#include "grp/model/baseline/merge.hpp"

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
