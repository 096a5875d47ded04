#include "grp/model/compare/compare.hpp"
#include "grp/report/console/run.hpp"
#include "grp/report/views/compare_cells.hpp"
#include "grp/report/views/round_basis.hpp"

#include <cmath>
#include <gtest/gtest.h>
#include <sstream>

namespace grp {
namespace {

/// A round of three samples at `ns`; `disturbed`: another process took the CPU (compare sets
/// it aside at its default --max-cpu-wait 0.1).
round_record round_at(std::uint64_t ns, bool disturbed) {
    round_record r;
    r.samples_ns = {ns, ns, ns};
    r.cpu_wait = disturbed ? 0.6 : 0.01;
    r.other_cpu = disturbed ? 0.9 : 0.0;
    return r;
}

/// One run, two cases at n = 2^20: reduce1 with 2 of its 4 rounds disturbed (4 ms and 1 ms
/// undisturbed, 9 ms disturbed: run's median over every sample is 6.5 ms), reduce6 undisturbed.
profile loaded_profile() {
    profile p;
    p.devices.emplace_back();
    p.devices[0].info.name = "Loaded CPU";
    p.runs.emplace_back();
    for (const char* kernel : {"reduce1", "reduce6"}) {
        case_result c;
        c.key = make_case_key(kernel, "float", "flat", 1u << 20, 8);
        c.bytes = 4u << 20;
        const bool loaded = std::string(kernel) == "reduce1";
        c.rounds = {round_at(4000000, false), round_at(9000000, loaded), round_at(1000000, false),
                    round_at(9000000, loaded)};
        sample_summary s;
        s.count = 12;
        s.median_ns = 6.5e6;
        c.summary = s;
        p.cases.push_back(c);
    }
    return p;
}

TEST(round_basis, run_names_the_cases_whose_compare_time_leaves_rounds_out) {
    // A newcomer saw reduce1 at 1.29 s in run and 719 ms in compare for one profile: run's
    // median counted the 12 of 20 rounds compare sets aside. The case is listed with both.
    const auto p = loaded_profile();
    const auto aside = rounds_set_aside(p, 0);
    ASSERT_EQ(aside.size(), 1u);
    EXPECT_EQ(aside[0].c->key.kernel, "reduce1");
    EXPECT_EQ(aside[0].rounds, 4u);
    EXPECT_EQ(aside[0].kept, 2u);
    ASSERT_TRUE(aside[0].center_ns);
    EXPECT_NEAR(*aside[0].center_ns, 2e6, 1); // exp(mean(ln 4 ms, ln 1 ms)), as compare shows
    std::ostringstream os;
    print_run_tables(os, p, {});
    const auto text = os.str();
    EXPECT_NE(text.find("1 case has rounds that compare sets aside"), std::string::npos) << text;
    EXPECT_NE(text.find("reduce1/float/flat/n=1048576/local=8: median 6.50 ms over 4 rounds; "
                        "compare 2.00 ms over the 2 undisturbed"),
              std::string::npos)
        << text;
    EXPECT_EQ(text.find("reduce6/float/flat/n=1048576/local=8: median"), std::string::npos);
}

TEST(round_basis, nothing_to_say_when_compare_keeps_every_round) {
    auto p = loaded_profile();
    p.cases.erase(p.cases.begin()); // reduce6 alone: no round disturbed
    EXPECT_TRUE(rounds_set_aside(p, 0).empty());
    auto duet = loaded_profile(); // a duet keeps every round: its kernels shared them
    duet.settings["duet"] = {{"pairs", nlohmann::json::array()}};
    EXPECT_TRUE(rounds_set_aside(duet, 0).empty());
    std::ostringstream os;
    print_run_tables(os, duet, {});
    EXPECT_EQ(os.str().find("sets aside"), std::string::npos) << os.str();
}

TEST(round_basis, compare_says_its_times_are_over_the_rounds_it_kept) {
    comparison c;
    case_comparison cc;
    cc.base = case_side{};
    cc.base->rounds = 8;
    cc.base->disturbed = 12;
    cc.cand = case_side{};
    cc.cand->rounds = 20;
    c.cases.push_back(cc);
    EXPECT_NE(options_line(c).find("times: each side's center over the rounds kept (12 of 20 "
                                   "base and 0 of 20 candidate rounds set aside"),
              std::string::npos)
        << options_line(c);
    c.cases[0].base->disturbed = 0;
    EXPECT_EQ(options_line(c).find("set aside"), std::string::npos);
}

} // namespace
} // namespace grp
