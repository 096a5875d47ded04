// Tests of the comparison model: the fixture profiles of tests/data/compare (made by
// make_fixtures.py there; its docstring says how each one was drawn and what it must give) and
// small in-memory profiles for the rules the fixtures do not reach.
#include "grp/core/error.hpp"
#include "grp/model/baseline/merge.hpp"
#include "grp/model/compare/compare.hpp"
#include "grp/model/profile/io.hpp"

#include <cmath>
#include <gtest/gtest.h>
#include <regex>

namespace grp {
namespace {

std::string fixture(const std::string& name) {
    return std::string(GRP_TEST_DATA) + "/compare/" + name + ".json";
}

comparison compare_fixture(const std::string& name, compare_options opt = {}) {
    opt.one_run_gates = true; // single-run fixtures: these tests pin the rules on rounds
    return compare_profiles(load_profile(fixture("base")), load_profile(fixture(name)), opt, "base",
                            name);
}

const case_comparison& find(const comparison& c, const std::string& kernel,
                            const std::string& type) {
    for (const auto& cc : c.cases) {
        if (cc.key.kernel == kernel && cc.key.type == type) {
            return cc;
        }
    }
    throw std::runtime_error("no case " + kernel + "/" + type);
}

comparison compare_files(const std::vector<std::string>& bases, const std::string& cand,
                         compare_options opt = {}) {
    opt.one_run_gates = true; // single-run fixtures: these tests pin the rules on rounds
    std::vector<std::pair<profile, std::string>> runs;
    for (const auto& b : bases) {
        runs.emplace_back(load_profile(fixture(b)), b);
    }
    return compare_profiles(merge_profiles(runs).merged, load_profile(fixture(cand)), opt, "base",
                            cand);
}

TEST(compare_fixtures, identical_is_same_with_p_one) {
    auto c = compare_fixture("identical");
    EXPECT_EQ(c.count(verdict::same), 6u);
    EXPECT_EQ(c.common, 6u);
    EXPECT_FALSE(c.failed());
    EXPECT_TRUE(c.context.empty());
    for (const auto& cc : c.cases) {
        EXPECT_DOUBLE_EQ(*cc.ratio, 1.0);
        EXPECT_DOUBLE_EQ(*cc.p_value, 1.0);
        EXPECT_FALSE(cc.cross_device);
    }
}

TEST(compare_fixtures, rerun_with_fresh_noise_is_same) {
    auto c = compare_fixture("rerun");
    EXPECT_EQ(c.count(verdict::same), 6u);
    EXPECT_FALSE(c.failed());
    ASSERT_EQ(c.context.size(), 1u);
    EXPECT_EQ(c.context[0].what, "git sha");
}

TEST(compare_fixtures, ten_percent_slower_with_tight_noise_fails) {
    auto c = compare_fixture("slower10");
    EXPECT_EQ(c.count(verdict::slower), 6u);
    EXPECT_EQ(c.failures(), 6u);
    for (const auto& cc : c.cases) {
        EXPECT_GT(*cc.change(), 0.05);
        EXPECT_LT(*cc.p_value, 0.01);
        EXPECT_GT(*cc.ci_low, 1.0);             // the whole interval says slower
        EXPECT_FALSE(cc.between_run_estimated); // one run each: rounds only
    }
    compare_options report_only;
    report_only.fail_on = parse_fail_on("none");
    EXPECT_FALSE(compare_fixture("slower10", report_only).failed());
}

TEST(compare_fixtures, two_percent_slower_is_same_when_the_interval_lies_within_the_threshold) {
    auto c = compare_fixture("slower2");
    EXPECT_EQ(c.count(verdict::same), 6u);
    EXPECT_FALSE(c.failed());
    for (const auto& cc : c.cases) {
        EXPECT_GE(*cc.ci_low, 0.95); // same means the whole interval within +-5 %
        EXPECT_LE(*cc.ci_high, 1.05);
    }
    compare_options strict;
    strict.threshold = 0.01;
    auto s = compare_fixture("slower2", strict);
    EXPECT_GE(s.count(verdict::slower), 5u);
    EXPECT_EQ(s.count(verdict::same), 0u); // never "same" when the interval leaves +-1 %
    EXPECT_TRUE(s.failed());
}

TEST(compare_fixtures, very_noisy_is_inconclusive_listed_and_fails_only_on_request) {
    auto c = compare_fixture("noisy");
    EXPECT_EQ(c.count(verdict::inconclusive), 6u);
    EXPECT_FALSE(c.failed());
    for (const auto& cc : c.cases) {
        EXPECT_LT(*cc.ci_low, 1.0);
        EXPECT_GT(*cc.ci_high, 1.05);
        EXPECT_NE(cc.note.find("cannot tell the change from"), std::string::npos) << cc.note;
        EXPECT_NE(cc.note.find("wide each way"), std::string::npos) << cc.note;
    }
    compare_options opt;
    opt.fail_on = parse_fail_on("slower,wrong,inconclusive");
    EXPECT_EQ(compare_fixture("noisy", opt).failures(), 6u);
}

TEST(compare_fixtures, a_case_whose_samples_were_all_flagged_is_unmeasured_and_fails) {
    auto c = compare_fixture("flagged");
    EXPECT_EQ(c.count(verdict::unmeasured), 1u);
    const auto& cc = find(c, "reduce6", "int");
    EXPECT_EQ(cc.outcome, verdict::unmeasured);
    EXPECT_TRUE(cc.fails); // never passes silently
    EXPECT_NE(cc.note.find("every sample was flagged"), std::string::npos) << cc.note;
}

TEST(compare_fixtures, run_to_run_shifts_with_tight_rounds_do_not_fail_a_merged_baseline) {
    const std::vector<std::string> runs = {"runs/run1", "runs/run2", "runs/run3", "runs/run4"};
    auto merged = compare_files(runs, "runs/shifted");
    EXPECT_EQ(merged.count(verdict::slower), 0u);
    EXPECT_FALSE(merged.failed());
    for (const auto& cc : merged.cases) {
        EXPECT_TRUE(cc.between_run_estimated);
        EXPECT_GT(*cc.between_run_var, 0.0);
        EXPECT_LT(*cc.ci_low, 1.0); // the run-to-run spread widens the interval past no change
    }
    // The same candidate against one run: the rounds alone cannot see the run shift.
    auto single = compare_files({"runs/run1"}, "runs/shifted");
    EXPECT_EQ(single.count(verdict::slower), 6u);
}

TEST(compare_fixtures, a_consistent_shift_in_every_round_fails_a_merged_baseline_too) {
    // base and rerun agree from run to run: the run means vary as little as their rounds say.
    // identical.json is base.json again (the same run id): it counts once, so the baseline has
    // 2 runs and 1 df, not 3 runs that would pose as independent. Even so a 10 % shift fails the
    // gate; Holm's correction keeps the clearest cases slower and leaves the others
    // inconclusive, never same.
    auto c = compare_files({"base", "rerun", "identical"}, "slower10");
    EXPECT_TRUE(c.failed());
    EXPECT_GE(c.count(verdict::slower), 1u);
    EXPECT_EQ(c.count(verdict::slower) + c.count(verdict::inconclusive), 6u);
    compare_options alone;
    alone.correction = multiple_correction::none;
    auto each = compare_files({"base", "rerun", "identical"}, "slower10", alone);
    EXPECT_GE(each.count(verdict::slower), 1u);
    EXPECT_EQ(each.count(verdict::slower) + each.count(verdict::inconclusive), 6u);
    EXPECT_EQ(each.failures(), each.count(verdict::slower));
    EXPECT_EQ(each.base_runs, 2u); // the copy of base counted once
    // Against runs that move +-6 % from run to run, 10 % cannot be decided at 99 % with four
    // runs, and it is never called "same".
    auto wide = compare_files({"runs/run1", "runs/run2", "runs/run3", "runs/run4"}, "slower10");
    EXPECT_EQ(wide.count(verdict::same), 0u);
}

TEST(compare_fixtures, other_hosts_are_cross_machine_and_fail_only_when_allowed) {
    auto c = compare_fixture("other_host");
    EXPECT_EQ(c.count(verdict::slower), 6u);
    EXPECT_FALSE(c.failed());
    for (const auto& cc : c.cases) {
        EXPECT_TRUE(cc.cross_machine);
        EXPECT_FALSE(cc.cross_device);
        EXPECT_NE(cc.note.find("cross-machine"), std::string::npos) << cc.note;
    }
    ASSERT_FALSE(c.warnings.empty());
    EXPECT_NE(c.warnings[0].find("cross-machine: the base ran on 'fixture-host'"),
              std::string::npos)
        << c.warnings[0];
    compare_options allow;
    allow.cross_machine_fails = true;
    EXPECT_EQ(compare_fixture("other_host", allow).failures(), 6u);
}

TEST(compare_fixtures, schema_1_base_loads_and_its_timing_is_inconclusive) {
    auto c = compare_profiles(load_profile(fixture("v1_base")), load_profile(fixture("slower10")),
                              {}, "v1", "slower10");
    EXPECT_EQ(c.count(verdict::inconclusive), 6u);
    EXPECT_FALSE(c.failed());
    EXPECT_NE(c.cases[0].note.find("schema 1.x"), std::string::npos) << c.cases[0].note;
    auto wrong = compare_profiles(load_profile(fixture("v1_base")), load_profile(fixture("wrong")),
                                  {}, "v1", "wrong");
    EXPECT_EQ(wrong.count(verdict::wrong), 1u); // statuses still compare
}

TEST(compare_fixtures, a_case_that_became_wrong_fails_and_sorts_first) {
    auto c = compare_fixture("wrong");
    EXPECT_EQ(c.count(verdict::wrong), 1u);
    EXPECT_EQ(c.count(verdict::same), 5u);
    EXPECT_EQ(c.failures(), 1u);
    EXPECT_EQ(c.cases.front().outcome, verdict::wrong);
    EXPECT_EQ(c.cases.front().key.to_string(), "reduce6/float/flat/n=1048576/local=256");
    EXPECT_NE(c.cases.front().note.find("differs from reference"), std::string::npos);
    compare_options slower_only;
    slower_only.fail_on = parse_fail_on("slower");
    EXPECT_FALSE(compare_fixture("wrong", slower_only).failed());
}

TEST(compare_fixtures, another_device_is_cross_device_and_never_fails_by_raw_time) {
    auto c = compare_fixture("other_device");
    EXPECT_EQ(c.count(verdict::slower), 6u);
    EXPECT_FALSE(c.failed());
    for (const auto& cc : c.cases) {
        EXPECT_TRUE(cc.cross_device);
        EXPECT_FALSE(cc.fails);
    }
    std::vector<std::string> what;
    for (const auto& d : c.context) {
        what.push_back(d.what);
    }
    EXPECT_EQ(what, (std::vector<std::string>{"device", "device uuid", "driver"}));
    EXPECT_FALSE(c.cases[0].cross_machine); // another device, not another host
}

TEST(compare_fixtures, normalized_to_peak_finds_the_less_efficient_kernel) {
    compare_options opt;
    parse_normalize("peak", opt);
    auto c = compare_fixture("other_device", opt);
    EXPECT_EQ(c.count(verdict::slower), 1u);
    EXPECT_EQ(c.count(verdict::same), 5u);
    EXPECT_EQ(find(c, "reduce6", "int").outcome, verdict::slower);
    EXPECT_TRUE(find(c, "reduce6", "int").fails);
    // 2.4x the time at half the peak: 1.2x the normalized time.
    EXPECT_NEAR(*find(c, "reduce6", "int").ratio, 1.2, 0.02);
    EXPECT_TRUE(c.failed());
}

TEST(compare_fixtures, normalized_to_a_reference_kernel) {
    compare_options opt;
    parse_normalize("reduce0", opt);
    EXPECT_EQ(opt.normalize, normalization::kernel);
    auto c = compare_fixture("other_device", opt);
    EXPECT_EQ(find(c, "reduce6", "int").outcome, verdict::slower);
    EXPECT_EQ(c.count(verdict::slower), 1u);
    // The reference's own cases are 1.0 in every round: left out, counted, not judged.
    EXPECT_EQ(c.reference_cases, 2u);
    EXPECT_EQ(c.cases.size(), 4u);
    for (const auto& cc : c.cases) {
        EXPECT_NE(cc.key.kernel, "reduce0");
    }
    // A full case key: every case divided by that one case's median.
    parse_normalize("reduce0/float/flat/n=1048576/local=256", opt);
    auto k = compare_fixture("other_device", opt);
    EXPECT_EQ(find(k, "reduce6", "int").outcome, verdict::slower);
    EXPECT_EQ(k.reference_cases, 1u); // only that case; reduce0/int is divided by it
    EXPECT_EQ(k.cases.size(), 5u);
    parse_normalize("no_such_kernel", opt);
    auto u = compare_fixture("other_device", opt);
    EXPECT_EQ(u.count(verdict::inconclusive), 6u);
    EXPECT_NE(u.cases[0].note.find("no usable reference"), std::string::npos);
}

TEST(compare_fixtures, missing_and_added_cases) {
    auto c = compare_fixture("missing");
    EXPECT_EQ(c.count(verdict::missing), 1u);
    EXPECT_EQ(c.count(verdict::added), 1u);
    EXPECT_EQ(find(c, "reduce6", "int").outcome, verdict::missing);
    EXPECT_EQ(find(c, "reduce7", "float").outcome, verdict::added);
    EXPECT_FALSE(c.failed()); // missing is opt-in
    compare_options opt;
    opt.fail_on = parse_fail_on("slower,wrong,missing");
    EXPECT_EQ(compare_fixture("missing", opt).failures(), 1u);
}

TEST(compare_fixtures, no_case_in_common_says_so) {
    auto c = compare_fixture("disjoint");
    EXPECT_EQ(c.common, 0u);
    ASSERT_EQ(c.warnings.size(), 1u);
    EXPECT_NE(c.warnings[0].find("no case in common"), std::string::npos);
    EXPECT_FALSE(c.failed());
    compare_options opt;
    opt.fail_on = parse_fail_on("missing");
    EXPECT_TRUE(compare_fixture("disjoint", opt).failed());
}

TEST(compare_fixtures, truncated_json_names_path_line_and_column) {
    try {
        load_profile(fixture("truncated"));
        FAIL() << "expected file_error";
    } catch (const file_error& e) {
        EXPECT_EQ(e.exit_status(), 5);
        EXPECT_TRUE(std::regex_search(e.what(), std::regex("truncated\\.json:[0-9]+:[0-9]+:")))
            << e.what();
    }
}

TEST(compare_fixtures, future_schema_major_names_the_supported_one) {
    try {
        load_profile(fixture("future_schema"));
        FAIL() << "expected file_error";
    } catch (const file_error& e) {
        EXPECT_EQ(e.exit_status(), 5);
        EXPECT_NE(std::string(e.what()).find("3.0.0"), std::string::npos);
        EXPECT_NE(std::string(e.what()).find("1.x to 2.x"), std::string::npos);
    }
}

TEST(compare_options_parsing, fail_on_and_normalize) {
    auto f = parse_fail_on("missing,slower");
    EXPECT_TRUE(f.slower);
    EXPECT_FALSE(f.wrong);
    EXPECT_TRUE(f.missing);
    EXPECT_EQ(to_string(f), "slower,missing");
    EXPECT_EQ(to_string(parse_fail_on("none")), "none");
    EXPECT_EQ(to_string(compare_options{}.fail_on), "slower,wrong,unmeasured");
    EXPECT_THROW(parse_fail_on("slower,faster"), usage_error);
    EXPECT_THROW(parse_fail_on(""), usage_error); // an unset CI variable must not pass all
    EXPECT_THROW(parse_fail_on(" , "), usage_error);
    compare_options bad;
    bad.alpha = std::nan("");
    EXPECT_THROW(check_compare_options(bad), usage_error); // --alpha nan would pass everything
    bad.alpha = 0.01;
    bad.threshold = 1.5;
    EXPECT_THROW(check_compare_options(bad), usage_error);
    compare_options opt;
    parse_normalize("peak", opt);
    EXPECT_EQ(opt.normalize, normalization::peak);
    parse_normalize("none", opt);
    EXPECT_EQ(opt.normalize, normalization::none);
}

} // namespace
} // namespace grp
