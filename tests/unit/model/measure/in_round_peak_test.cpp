// % of peak from reads in the same rounds, and the launch floor as a unit (issue #65): each
// round's rate over that round's read (in_round_ratio), the median over rounds (a round whose
// read ran slow never inflates another round's %), the implausible check against the in-round
// roof, x_floor, the JSON round trip of the 2.17 fields and compare --normalize floor.
#include "grp/model/compare/compare.hpp"
#include "grp/model/measure/case_metrics.hpp"
#include "grp/model/measure/roof.hpp"
#include "grp/model/profile/io.hpp"

#include <gtest/gtest.h>

namespace grp {
namespace {

constexpr std::uint64_t gb = 1000000000;

// A device whose run-level peak read 100 GB/s over 1 GB, with a launch floor of 5 us.
profile_device fabricated_device() {
    profile_device d;
    d.info.name = "Fixture CPU";
    d.info.type = "cpu";
    d.peak = peak_bandwidth{100.0, 50.0, gb, 0, 0, "chunk_read (global 2, local 1)"};
    d.launch_floor_ns = 5000;
    d.launch_floor_launches = 21;
    return d;
}

// A round of 1 GB read in `ns` per sample, beside an in-round read of `peak_gbps` (0: none).
round_record round_of(std::uint64_t ns, double peak_gbps) {
    round_record r;
    r.samples_ns = {ns, ns, ns};
    if (peak_gbps > 0) {
        r.peak_gbps = peak_gbps;
    }
    return r;
}

case_result case_of(std::vector<round_record> rounds) {
    case_result c;
    c.key = make_case_key("reduce_chunk", "float", "flat", gb / 4, 1);
    c.bytes = gb;
    c.rounds = std::move(rounds);
    return c;
}

TEST(in_round_peak, each_round_is_divided_by_its_own_read) {
    // The machine slowed down between rounds: the case and the read alike (50 then 25 GB/s).
    auto c = case_of({round_of(20000000, 50.0), round_of(40000000, 25.0)});
    derive_metrics(c, fabricated_device());
    ASSERT_TRUE(c.pct_of_peak);
    EXPECT_NEAR(*c.pct_of_peak, 100.0, 1e-9); // 100 % in both rounds
    // The run-level peak (100 GB/s) would have said 33 %: gbps is the median over all samples.
    EXPECT_NEAR(*c.gbps, 33.33, 0.01);
}

TEST(in_round_peak, a_round_whose_read_ran_slow_inflates_no_other_round) {
    // Three rounds at 80 % of their read; round 2's read met a busy moment (20 GB/s against the
    // case's 40): its own ratio is 200 %, and the median over rounds sets it aside.
    auto c =
        case_of({round_of(12500000, 100.0), round_of(25000000, 20.0), round_of(12500000, 100.0)});
    const auto ratio = in_round_ratio(c);
    ASSERT_TRUE(ratio);
    EXPECT_NEAR(*ratio, 0.8, 1e-9);
    derive_metrics(c, fabricated_device());
    EXPECT_NEAR(*c.pct_of_peak, 80.0, 1e-9);
    EXPECT_FALSE(c.above_peak);
    EXPECT_EQ(c.status, case_status::ok);
}

TEST(in_round_peak, without_reads_the_run_level_peak_stays) {
    auto c = case_of({round_of(12500000, 0), round_of(12500000, 0)}); // an older profile
    EXPECT_FALSE(in_round_ratio(c));
    derive_metrics(c, fabricated_device());
    EXPECT_NEAR(*c.pct_of_peak, 80.0, 1e-9); // 80 GB/s over the device's 100
    // Rounds with and without a read: only those with one count.
    auto mixed = case_of({round_of(12500000, 0), round_of(12500000, 160.0)});
    EXPECT_NEAR(*in_round_ratio(mixed), 0.5, 1e-9);
    // A zero or negative read (a hostile file) is no read.
    auto zero = case_of({round_of(12500000, 0)});
    zero.rounds[0].peak_gbps = 0.0;
    EXPECT_FALSE(in_round_ratio(zero));
}

TEST(in_round_peak, implausible_uses_the_in_round_roof) {
    const auto d = fabricated_device();
    // 150 GB/s over a run-level peak of 100 is 1.5x (plausible), but the reads of its own rounds
    // were 50 GB/s: 3x the roof of the same moments.
    auto fast = case_of({round_of(6666667, 50.0), round_of(6666667, 50.0)});
    derive_metrics(fast, d);
    EXPECT_EQ(fast.status, case_status::implausible);
    EXPECT_NE(fast.reason.find("best read timed in the same rounds"), std::string::npos)
        << fast.reason;
    // 250 GB/s over a run-level peak of 100 is 2.5x (implausible by that roof), but the reads of
    // its rounds were 200 GB/s (the run's peak read low): 1.25x, plausible.
    auto honest = case_of({round_of(4000000, 200.0), round_of(4000000, 200.0)});
    derive_metrics(honest, d);
    EXPECT_EQ(honest.status, case_status::ok) << honest.reason;
    // A smaller input than the peak's keeps its size's own roof (none here: never implausible).
    auto small = case_of({round_of(1000, 1.0)});
    small.bytes = 1u << 20;
    derive_metrics(small, d);
    EXPECT_EQ(small.status, case_status::ok);
}

TEST(launch_floor, x_floor_is_the_median_over_the_floor) {
    auto d = fabricated_device();
    auto c = case_of({round_of(5400, 0), round_of(5400, 0)});
    derive_metrics(c, d);
    ASSERT_TRUE(c.x_floor);
    EXPECT_NEAR(*c.x_floor, 1.08, 1e-9);
    d.launch_floor_ns.reset(); // an older profile: no floor, no x_floor
    derive_metrics(c, d);
    EXPECT_FALSE(c.x_floor);
}

TEST(launch_floor, the_2_17_fields_round_trip_and_old_files_lack_them) {
    profile p;
    p.devices.push_back(fabricated_device());
    p.runs.emplace_back();
    auto c = case_of({round_of(5400, 42.5)});
    derive_metrics(c, p.devices[0]);
    p.cases.push_back(c);
    const auto back = parse_profile(profile_text(p), "mem");
    ASSERT_EQ(back.devices.size(), 1u);
    EXPECT_EQ(back.devices[0].launch_floor_ns, 5000.0);
    EXPECT_EQ(back.devices[0].launch_floor_launches, 21u);
    EXPECT_EQ(back.cases[0].rounds[0].peak_gbps, 42.5);
    ASSERT_TRUE(back.cases[0].x_floor);
    EXPECT_NEAR(*back.cases[0].x_floor, 1.08, 1e-9);
    p.devices[0].launch_floor_ns.reset();
    p.cases[0].rounds[0].peak_gbps.reset();
    p.cases[0].x_floor.reset();
    auto j = nlohmann::ordered_json::parse(profile_text(p)); // as a 2.16 writer left it
    j["devices"][0].erase("launch_floor_ns");
    j["devices"][0].erase("launch_floor_launches");
    j["cases"][0]["rounds"][0].erase("peak_gbps");
    j["cases"][0].erase("x_floor");
    const auto old = parse_profile(j.dump(), "mem");
    EXPECT_FALSE(old.devices[0].launch_floor_ns);
    EXPECT_FALSE(old.cases[0].rounds[0].peak_gbps);
}

} // namespace
} // namespace grp

namespace grp {
namespace {

// compare --normalize floor: each time over its own device's launch floor. The candidate is
// ~10 % slower than the base; with a floor 10 % higher it takes as many floors.
comparison compare_by_floor(std::optional<double> base_floor, std::optional<double> cand_floor) {
    const std::string dir = std::string(GRP_TEST_DATA) + "/compare/";
    auto base = load_profile(dir + "base.json");
    auto cand = load_profile(dir + "slower10.json");
    base.devices.at(0).launch_floor_ns = base_floor;
    cand.devices.at(0).launch_floor_ns = cand_floor;
    compare_options opt;
    opt.one_run_gates = true;
    parse_normalize("floor", opt);
    return compare_profiles(base, cand, opt, "base", "cand");
}

TEST(launch_floor, compare_normalizes_each_time_by_its_devices_floor) {
    const auto same = compare_by_floor(5000.0, 5000.0);
    const auto scaled = compare_by_floor(5000.0, 5500.0);
    ASSERT_FALSE(same.cases.empty());
    for (std::size_t i = 0; i < same.cases.size(); ++i) {
        ASSERT_TRUE(same.cases[i].ratio && scaled.cases[i].ratio) << same.cases[i].note;
        EXPECT_NEAR(*scaled.cases[i].ratio, *same.cases[i].ratio / 1.1, 1e-9);
    }
    EXPECT_GT(same.count(verdict::slower), 0u);
    EXPECT_EQ(scaled.count(verdict::slower), 0u);
    // A profile older than 2.17 has no floor: said so, never a verdict on a made-up unit.
    const auto old = compare_by_floor(5000.0, std::nullopt);
    for (const auto& cc : old.cases) {
        EXPECT_FALSE(cc.ratio);
        EXPECT_NE(cc.note.find("no measured launch floor"), std::string::npos) << cc.note;
    }
}

} // namespace
} // namespace grp
