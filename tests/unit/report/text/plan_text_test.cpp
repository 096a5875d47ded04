// The planner's words (plan_text.hpp): the line names the resolution, the dominant level and
// each level's count, says when it is rough, and the command sets the process count.
#include "grp/report/text/plan_text.hpp"

#include <cmath>
#include <gtest/gtest.h>

namespace grp {
namespace {

TEST(plan_text, names_resolution_dominant_level_and_counts) {
    case_comparison cc;
    decision_plan p;
    p.margin = std::log1p(0.05);
    p.resolution = std::log1p(0.12);
    p.needed = std::log1p(0.035);
    p.options = {{"rounds", std::nullopt, 0.1}, {"processes", 14.0, 0.9}, {"invocations", 5.0, 0}};
    p.dominant = "processes";
    p.rough = true;
    cc.plan = p;
    const auto line = plan_line(cc, 0.05);
    EXPECT_NE(line.find("resolves +-12.0 % now"), std::string::npos) << line;
    EXPECT_NE(line.find("+-3.5 %"), std::string::npos) << line;
    EXPECT_NE(line.find("processes dominate (90 % of the variance)"), std::string::npos) << line;
    EXPECT_NE(line.find("rounds alone cannot decide, or 14 processes, or 5 invocations pooled"),
              std::string::npos)
        << line;
    EXPECT_NE(line.find("rough"), std::string::npos) << line;
    EXPECT_EQ(plan_line(case_comparison{}, 0.05), "");
}

TEST(plan_text, the_command_sets_the_process_count) {
    EXPECT_EQ(rerun_command({"gpu-reduce-prof", "run", "--duet", "b.json", "--runs", "3"}, 14),
              "gpu-reduce-prof run --duet b.json --runs 14");
    // A sequential duet (no --runs) is capped by --budget, given or not.
    EXPECT_EQ(rerun_command({"gpu-reduce-prof", "run", "--duet", "b.json"}, 14),
              "gpu-reduce-prof run --duet b.json --budget 14");
    EXPECT_EQ(rerun_command({"gpu-reduce-prof", "run", "--duet", "b.json", "--budget", "5"}, 14),
              "gpu-reduce-prof run --duet b.json --budget 14");
    EXPECT_EQ(rerun_command({"gpu-reduce-prof", "run", "--runs=3"}, 8),
              "gpu-reduce-prof run --runs=8");
    EXPECT_EQ(rerun_command({"gpu-reduce-prof", "run", "-k", "my kernel.json"}, 6),
              "gpu-reduce-prof run -k 'my kernel.json' --runs 6");
}

// More processes than one run takes (--budget 100): the plan asks for several invocations at
// the most one takes, pooled by compare, never for a budget run refuses.
TEST(plan_text, a_plan_beyond_one_run_pools_invocations) {
    auto with_need = [](double processes) {
        comparison c;
        c.paired = true;
        c.measured_by = {"gpu-reduce-prof", "run", "--duet", "b.json"};
        case_comparison cc;
        cc.outcome = verdict::inconclusive;
        cc.base = case_side{};
        cc.cand = case_side{};
        decision_plan p;
        p.options = {{"rounds", std::nullopt, 0.1}, {"processes", processes, 0.9}};
        cc.plan = p;
        c.cases.push_back(cc);
        return decide_command(c);
    };
    const auto small = with_need(14);
    EXPECT_NE(small.find("run --duet b.json --budget 14   (14 processes"), std::string::npos)
        << small;
    const auto large = with_need(250);
    EXPECT_NE(large.find("run --duet b.json --budget 100, 3 times, then compare all the duets "
                         "together   (250 processes"),
              std::string::npos)
        << large;
    EXPECT_EQ(large.find("--budget 250"), std::string::npos) << large;
}

} // namespace
} // namespace grp
