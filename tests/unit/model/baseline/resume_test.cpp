// run --resume's rules without OpenCL (issue #31 item 3): which resumed cases are measured again
// (short of the planned rounds, failed, changed source), the device check, the settings
// warnings, and the union: re-measured cases replaced, no empty run, `complete` honest.
#include "grp/model/baseline/resume.hpp"

#include <gtest/gtest.h>

namespace grp {
namespace {

// A profile of one run on "GPU A" with cases of kernel "k" at the given local sizes, each with
// `rounds` rounds of that run; its kernel source hashes to "aaa".
profile resumed_of(const std::vector<std::uint64_t>& locals, std::size_t rounds,
                   const std::string& run_id = "old") {
    profile p;
    profile_device d;
    d.info.name = "GPU A";
    d.info.uuid = "0a0a";
    p.devices.push_back(d);
    p.runs.push_back({run_id, "", "", "", {}, {}, {}, {}, {}, {}});
    p.kernels.push_back({"k", "k", "k.cl", "aaa", {}});
    for (const auto local : locals) {
        case_result c;
        c.key = make_case_key("k", "float", "flat", 4096, local);
        c.rounds.resize(rounds);
        for (auto& r : c.rounds) {
            r.samples_ns = {1000, 1000, 1000};
        }
        c.rounds_planned = rounds;
        c.derive_from_rounds();
        p.cases.push_back(c);
    }
    p.settings = {{"data", "random (seed 1)"}, {"cl_options", ""}, {"warmup_per_round", 2}};
    return p;
}

resume_rules rules_of(std::uint64_t rounds, const std::string& sha = "aaa") {
    resume_rules r;
    r.rounds = rounds;
    r.sources["k"] = sha;
    return r;
}

device_info gpu(const std::string& name, const std::string& uuid) {
    device_info d;
    d.name = name;
    d.uuid = uuid;
    return d;
}

TEST(ResumeAction, ShortFailedChangedAndAbsentCasesAreMeasured) {
    auto p = resumed_of({64, 128}, 3);
    const auto key = make_case_key("k", "float", "flat", 4096, 64);
    const auto* had = find_resumed(p, key, gpu("GPU A", "0a0a"));
    ASSERT_NE(had, nullptr);
    EXPECT_EQ(resume_action_for(had, p, rules_of(3)), resume_action::keep);
    EXPECT_EQ(resume_action_for(had, p, rules_of(10)), resume_action::short_rounds);
    EXPECT_EQ(resume_action_for(had, p, rules_of(3, "bbb")), resume_action::source_changed);
    EXPECT_EQ(resume_action_for(nullptr, p, rules_of(3)), resume_action::absent);
    p.cases[0].status = case_status::failed;
    EXPECT_EQ(resume_action_for(&p.cases[0], p, rules_of(3)), resume_action::failed);
    EXPECT_EQ(find_resumed(p, key, gpu("GPU B", "0b0b")), nullptr); // another device's case
}

TEST(ResumeAction, AWrongCaseOrOneThatHalvingDroppedIsKept) {
    auto p = resumed_of({64, 128}, 1);
    p.cases[0].status = case_status::wrong;
    p.cases[1].extra["halving_rung"] = 0;
    EXPECT_EQ(resume_action_for(&p.cases[0], p, rules_of(10)), resume_action::keep);
    EXPECT_EQ(resume_action_for(&p.cases[1], p, rules_of(10)), resume_action::keep);
}

TEST(ResumeDevice, AnotherDeviceIsRefusedTheSameOneByUuidOrNameIsNot) {
    const auto p = resumed_of({64}, 3);
    const auto problem = resume_device_problem(p, "a.json", {gpu("GPU B", "0b0b")});
    ASSERT_TRUE(problem);
    EXPECT_NE(problem->find("a.json was measured on 'GPU A', which this run does not measure (it "
                            "measures 'GPU B')"),
              std::string::npos);
    EXPECT_FALSE(resume_device_problem(p, "a.json", {gpu("GPU B", "0b0b"), gpu("x", "0a0a")}));
    EXPECT_FALSE(resume_device_problem(p, "a.json", {gpu("GPU A", "")}));
}

TEST(ResumeSettings, OtherBuildOptionsDataAndTimingAreNamed) {
    const auto p = resumed_of({64}, 3);
    nlohmann::ordered_json now = p.settings;
    EXPECT_TRUE(resume_setting_warnings(p, "a.json", now).empty());
    now["data"] = "iota";
    now["cl_options"] = "-cl-fast-relaxed-math";
    now["warmup_per_round"] = 5;
    now["rounds"] = 99; // split over processes: judged per case, never warned about
    const auto w = resume_setting_warnings(p, "a.json", now);
    ASSERT_EQ(w.size(), 3U);
    EXPECT_NE(w[0].find("build options (--cl-options) differ: a.json has \"\", this run "
                        "\"-cl-fast-relaxed-math\""),
              std::string::npos);
    EXPECT_NE(w[1].find("input data"), std::string::npos);
    EXPECT_NE(w[2].find("warm-up"), std::string::npos);
}

TEST(ResumeUnion, ShortCasesAreReplacedWholeAndTheOldEmptyRunLeavesWithThem) {
    auto old = resumed_of({64, 128}, 3);
    old.complete = false;
    old.incomplete_reason = "interrupted by SIGINT";
    auto now = resumed_of({64, 128}, 10, "new");
    std::vector<std::string> warnings;
    const auto u = resume_union(old, "a.json", now, rules_of(10), warnings);
    ASSERT_EQ(u.cases.size(), 2U);
    for (const auto& c : u.cases) {
        EXPECT_EQ(c.rounds.size(), 10U); // never 3 + 10: one invocation's rounds
    }
    ASSERT_EQ(u.runs.size(), 1U);
    EXPECT_EQ(u.runs[0].id, "new");
    EXPECT_TRUE(u.complete);
    EXPECT_EQ(u.settings["resumed_from"], "a.json");
}

TEST(ResumeUnion, NothingMeasuredAddsNoRunAndAShortKeptCaseIsNotComplete) {
    const auto old = resumed_of({64, 128}, 3);
    profile now;
    now.runs.push_back({"empty", "", "", "", {}, {}, {}, {}, {}, {}});
    std::vector<std::string> warnings;
    auto u = resume_union(old, "a.json", now, rules_of(3), warnings);
    ASSERT_EQ(u.runs.size(), 1U);
    EXPECT_EQ(u.runs[0].id, "old");
    EXPECT_EQ(u.cases.size(), 2U);
    EXPECT_TRUE(u.complete);
    // This run was cut short before it measured the short cases again: not complete.
    u = resume_union(old, "a.json", now, rules_of(10), warnings);
    EXPECT_FALSE(u.complete);
    EXPECT_NE(u.incomplete_reason.find("2 case(s) of a.json still lack planned rounds"),
              std::string::npos);
}

TEST(ResumeUnion, KeptAndNewCasesKeepTheirRunsRenumbered) {
    const auto old = resumed_of({64}, 3);
    const auto now = resumed_of({128}, 3, "new");
    std::vector<std::string> warnings;
    const auto u = resume_union(old, "a.json", now, rules_of(3), warnings);
    ASSERT_EQ(u.cases.size(), 2U);
    ASSERT_EQ(u.runs.size(), 2U);
    EXPECT_EQ(u.cases[0].rounds[0].run, 0U);
    EXPECT_EQ(u.cases[1].rounds[0].run, 1U);
    EXPECT_TRUE(u.complete);
}

// Round 5 (#70): a kernel edited between the runs is measured again whole, so the union holds
// the new source only, and the merge's "the baseline mixes them" would be false.
TEST(ResumeUnion, AChangedSourceMeasuredAgainLeavesOneSourceAndNoMixWarning) {
    const auto old = resumed_of({64, 128}, 3);
    auto now = resumed_of({64, 128}, 3, "new");
    now.kernels[0].sha256 = "bbb";
    std::vector<std::string> warnings;
    const auto u = resume_union(old, "a.json", now, rules_of(3, "bbb"), warnings);
    ASSERT_EQ(u.kernels.size(), 1U);
    EXPECT_EQ(u.kernels[0].sha256, "bbb");
    for (const auto& w : warnings) {
        EXPECT_EQ(w.find("mixes"), std::string::npos) << w;
    }
    EXPECT_TRUE(u.complete);
    // Only one case measured again: the other keeps the old source, and the warning is true.
    auto part = resumed_of({64}, 3, "new");
    part.kernels[0].sha256 = "bbb";
    const auto v = resume_union(old, "a.json", part, rules_of(3, "bbb"), warnings);
    EXPECT_EQ(v.kernels.size(), 1U); // the merged record of the name is the first one's
    ASSERT_FALSE(warnings.empty());
    EXPECT_NE(warnings.back().find("the baseline mixes them"), std::string::npos);
    EXPECT_FALSE(v.complete);
}

// Issue #70: --resume of a sequential duet that a signal cut short said "nothing to measure",
// dropped settings.sequential and wrote complete: true, so compare judged the 4 processes of
// looks [3, 4] of 8 as a fixed design and passed. The record and the incomplete mark stay.
TEST(ResumeUnion, ASequentialDuetKeepsItsLooksAndStaysIncomplete) {
    auto old = resumed_of({64, 128}, 4);
    old.runs.resize(4, old.runs.front());
    for (std::size_t r = 0; r < old.runs.size(); ++r) {
        old.runs[r].id = "process" + std::to_string(r + 1);
    }
    for (auto& c : old.cases) {
        for (std::size_t r = 0; r < c.rounds.size(); ++r) {
            c.rounds[r].run = r; // one round per process, as a sequential duet's
            c.rounds[r].samples_ns = {1000 + 37 * r, 1010 + 53 * r, 990 + 71 * r}; // distinct runs
        }
    }
    old.complete = false;
    old.incomplete_reason = "interrupted by SIGINT in process 5 of 8";
    old.settings["sequential"] = {{"spending", "obrien-fleming"},
                                  {"alpha", 0.01},
                                  {"max_processes", 8},
                                  {"looks", {3, 4}},
                                  {"stopped", "interrupted"}};
    profile now; // nothing left to measure: no case, this run's settings
    now.runs.push_back({"empty", "", "", "", {}, {}, {}, {}, {}, {}});
    now.settings = {{"rounds", 3}};
    std::vector<std::string> warnings;
    const auto u = resume_union(old, "a.json", now, rules_of(3), warnings);
    EXPECT_EQ(u.settings.value("sequential", nlohmann::ordered_json()), old.settings["sequential"]);
    EXPECT_FALSE(u.complete);
    EXPECT_NE(u.incomplete_reason.find("interrupted by SIGINT in process 5 of 8; the sequential "
                                       "duet resumed from a.json was cut short"),
              std::string::npos)
        << u.incomplete_reason;
    const auto said = resume_setting_warnings(old, "a.json", now.settings);
    ASSERT_FALSE(said.empty());
    EXPECT_NE(said.front().find("--resume adds no looks"), std::string::npos);
    // Every case measured again (a larger --rounds): the new runs are a fixed design of their
    // own, and the record of the old looks does not describe them.
    const auto again =
        resume_union(old, "a.json", resumed_of({64, 128}, 6, "new"), rules_of(6), warnings);
    EXPECT_FALSE(again.settings.contains("sequential"));
    EXPECT_TRUE(again.complete);
}

} // namespace
} // namespace grp
