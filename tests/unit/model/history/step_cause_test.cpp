// history names the cause of a slower step (#68 item 3) from the check profiles beside the two
// profiles around it (p17.json -> p17.check.json): more-work when the first bad one's counts
// grew; nothing where no check profile lies beside them, never a guess; an improvement none.
#include "grp/model/history/findings.hpp"
#include "grp/model/history/step_cause.hpp"
#include "model/history/history_samples.hpp"

#include <gtest/gtest.h>

namespace grp {
namespace {

using test::history_profile;
using test::sha_of;

history_source step_check_profile(const std::string& name, std::uint64_t instructions) {
    case_result r;
    r.key = make_case_key("reduce3", "float", "flat", 4099, 256);
    check_record rec;
    sim_pass_counts pass;
    pass.kernel = "reduce3";
    pass.instructions = instructions;
    pass.bytes = {{"load global", 16396}, {"store global", 36}};
    rec.passes = {pass};
    r.check = rec;
    profile p;
    p.settings["check"] = {{"max_diagnostics", 20}};
    p.cases = {r};
    return {name, p};
}

history_result stepped_history(std::vector<history_source>& in, double after) {
    std::vector<std::string> line;
    for (int i = 0; i < 30; ++i) {
        in.push_back(history_profile(i, 1000 * (i < 18 ? 1.0 : after) * (1 + 0.002 * (i % 3))));
        line.insert(line.begin(), sha_of(i));
    }
    return judge_history(build_timeline(in, line, "main"), {});
}

TEST(StepCause, ASlowerStepWithCheckProfilesBesideNamesMoreWork) {
    std::vector<history_source> in;
    auto r = stepped_history(in, 1.10);
    ASSERT_EQ(r.findings.size(), 1U);
    const std::vector<history_source> checks = {step_check_profile("p17.check.json", 1000),
                                                step_check_profile("p18.check.json", 1200)};
    explain_steps(r, in, checks, 0.01);
    ASSERT_TRUE(r.findings[0].cause);
    EXPECT_EQ(cause_text(*r.findings[0].cause),
              "more-work: instructions +20.0% (counted at n=4099)");
    EXPECT_TRUE(r.findings[0].fails) << "the cause never changes whether it fails";
}

TEST(StepCause, SameCountsAreDeviceSideAndNoCheckProfileSaysNothing) {
    std::vector<history_source> in;
    auto r = stepped_history(in, 1.10);
    const std::vector<history_source> same = {step_check_profile("p17.check.json", 1000),
                                              step_check_profile("p18.check.json", 1000)};
    explain_steps(r, in, same, 0.01);
    ASSERT_TRUE(r.findings.at(0).cause);
    EXPECT_EQ(r.findings[0].cause->kind, cause_class::device_side);
    std::vector<history_source> in2;
    auto bare = stepped_history(in2, 1.10);
    explain_steps(bare, in2, {step_check_profile("p3.check.json", 1000)}, 0.01);
    EXPECT_FALSE(bare.findings.at(0).cause) << "no check profile around the step";
    const std::vector<history_source> one_side = {step_check_profile("p17.check.json", 1000)};
    explain_steps(bare, in2, one_side, 0.01);
    ASSERT_TRUE(bare.findings[0].cause);
    EXPECT_EQ(cause_text(*bare.findings[0].cause),
              "cause unknown: no check profile for the candidate");
}

TEST(StepCause, AnImprovementGetsNoCause) {
    std::vector<history_source> in;
    auto r = stepped_history(in, 0.8);
    ASSERT_FALSE(r.findings.empty());
    explain_steps(
        r, in,
        {step_check_profile("p17.check.json", 1000), step_check_profile("p18.check.json", 1200)},
        0.01);
    EXPECT_FALSE(r.findings[0].cause);
}

} // namespace
} // namespace grp
