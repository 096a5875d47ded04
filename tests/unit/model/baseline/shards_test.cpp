// check_shards: shards of one plan are recognised by its hash, a foreign plan's shard is
// refused, a shard claimed by two runs is kept once by rule, a missing shard is named.
#include "grp/core/error.hpp"
#include "grp/model/baseline/shards.hpp"

#include <gtest/gtest.h>

namespace grp {
namespace {

const std::string plan_a(64, 'a');

profile shard_of(std::uint64_t index, std::uint64_t count, const std::string& plan = plan_a,
                 const std::string& run_id = "") {
    profile p;
    p.runs.resize(1);
    p.runs[0].id = run_id.empty() ? "run" + std::to_string(index) : run_id;
    p.runs[0].shard =
        shard_record{index, count, "slurm", plan, 12, 5, {"k/float/flat/n=8/local=1"}, {}};
    return p;
}

std::string refusal(const std::vector<std::pair<profile, std::string>>& in) {
    try {
        check_shards(in);
    } catch (const usage_error& e) {
        EXPECT_EQ(e.exit_status(), 2);
        return e.what();
    }
    return "";
}

TEST(shards, plain_runs_are_not_shards) {
    profile p;
    p.runs.resize(1);
    const auto c = check_shards({{p, "a.json"}, {p, "b.json"}});
    EXPECT_FALSE(c.sharded);
    EXPECT_TRUE(c.warnings.empty());
}

TEST(shards, every_shard_of_one_plan) {
    const auto c =
        check_shards({{shard_of(2, 3), "s2"}, {shard_of(1, 3), "s1"}, {shard_of(3, 3), "s3"}});
    EXPECT_TRUE(c.sharded);
    EXPECT_EQ(c.count, 3U);
    EXPECT_EQ(c.present, (std::vector<std::uint64_t>{1, 2, 3}));
    EXPECT_TRUE(c.missing.empty());
    EXPECT_TRUE(c.warnings.empty());
    EXPECT_EQ(c.plan_sha256, plan_a);
    EXPECT_EQ(c.anchors.size(), 1U);
}

TEST(shards, a_missing_shard_is_named) {
    const auto c = check_shards({{shard_of(1, 4), "s1"}, {shard_of(3, 4), "s3"}});
    EXPECT_EQ(c.missing, (std::vector<std::uint64_t>{2, 4}));
    ASSERT_EQ(c.warnings.size(), 1U);
    EXPECT_NE(c.warnings[0].find("shards 2, 4 of 4 missing"), std::string::npos) << c.warnings[0];
}

TEST(shards, a_foreign_plan_is_refused_by_name) {
    const auto why = refusal(
        {{shard_of(1, 2), "s1.json"}, {shard_of(2, 2, std::string(64, 'b')), "other.json"}});
    EXPECT_NE(why.find("other.json is a shard of another plan"), std::string::npos) << why;
    profile plain;
    plain.runs.resize(1);
    EXPECT_NE(
        refusal({{shard_of(1, 2), "s1"}, {plain, "plain.json"}}).find("plain.json is not a shard"),
        std::string::npos);
}

// #69: a shard run twice (a retry that raced the task it retried) is kept once, by rule: the
// complete copy, then the one with more cases ok, then the one given first; the other is left
// out and said in a note. The same run given twice is merge_profiles' (counted once).
profile with_cases(profile p, std::size_t ok, std::size_t failed, bool complete = true) {
    p.cases.resize(ok + failed);
    for (std::size_t i = ok; i < p.cases.size(); ++i) {
        p.cases[i].status = case_status::failed;
    }
    p.complete = complete;
    return p;
}

TEST(shards, one_index_from_two_runs_keeps_one_copy_by_rule) {
    const auto a = with_cases(shard_of(1, 2), 5, 0);
    const auto b = with_cases(shard_of(1, 2, plan_a, "retry"), 5, 0);
    auto c = check_shards({{a, "s1.json"}, {b, "again.json"}, {shard_of(2, 2), "s2.json"}});
    EXPECT_EQ(c.left_out, (std::vector<std::size_t>{1})); // a tie: the one given first
    ASSERT_EQ(c.notes.size(), 1U);
    EXPECT_NE(c.notes[0].find("shard 1 twice, from two runs (a retry that raced?): kept s1.json "
                              "(complete, 5 cases ok), left out again.json"),
              std::string::npos)
        << c.notes[0];
    EXPECT_TRUE(c.missing.empty());
    std::vector<std::pair<profile, std::string>> in{
        {a, "s1.json"}, {b, "again.json"}, {shard_of(2, 2), "s2.json"}};
    drop_left_out(in, c); // as merge merges them
    ASSERT_EQ(in.size(), 2U);
    EXPECT_EQ(in[0].second, "s1.json");
    EXPECT_EQ(in[1].second, "s2.json");
    // complete beats incomplete, whatever the order
    const auto cut = with_cases(shard_of(1, 2, plan_a, "retry"), 5, 0, false);
    c = check_shards({{cut, "cut.json"}, {a, "s1.json"}});
    EXPECT_EQ(c.left_out, (std::vector<std::size_t>{0}));
    // then the more cases ok
    const auto worse = with_cases(shard_of(1, 2, plan_a, "retry"), 3, 2);
    c = check_shards({{worse, "worse.json"}, {a, "s1.json"}});
    EXPECT_EQ(c.left_out, (std::vector<std::size_t>{0}));
    c = check_shards({{a, "s1.json"}, {worse, "worse.json"}});
    EXPECT_EQ(c.left_out, (std::vector<std::size_t>{1}));
    // the very same run twice is no retry
    c = check_shards({{shard_of(1, 2), "s1.json"}, {shard_of(1, 2), "copy.json"}});
    EXPECT_TRUE(c.left_out.empty());
    EXPECT_EQ(c.missing, (std::vector<std::uint64_t>{2}));
}

TEST(shards, a_second_copy_in_a_file_of_other_shards_too_is_refused) {
    auto merged = shard_of(1, 3);
    merged.runs.push_back(shard_of(2, 3).runs[0]);
    const auto why = refusal({{merged, "m.json"}, {shard_of(2, 3, plan_a, "retry"), "s2.json"}});
    EXPECT_NE(why.find("shard 2 twice: m.json and s2.json"), std::string::npos) << why;
}

// #69: the first shard a scheduler can resubmit gives merge the resubmission's variables.
TEST(shards, the_census_keeps_the_schedulers_variables) {
    auto by_hand = shard_of(1, 3);
    by_hand.runs[0].shard->source = "argument";
    auto slurm = shard_of(3, 3);
    slurm.runs[0].shard->variables = {{"SLURM_ARRAY_TASK_ID", "2"},
                                      {"SLURM_ARRAY_TASK_MIN", "0"},
                                      {"SLURM_ARRAY_TASK_MAX", "2"},
                                      {"SLURM_JOB_NAME", "job.sh"}};
    const auto c = check_shards({{by_hand, "s1"}, {slurm, "s3"}});
    EXPECT_EQ(c.resubmit_source, "slurm");
    EXPECT_EQ(c.resubmit_variables.at("SLURM_JOB_NAME"), "job.sh");
    EXPECT_TRUE(check_shards({{by_hand, "s1"}}).resubmit_source.empty());
}

TEST(shards, a_merged_profile_of_shards_counts_as_its_shards) {
    auto merged = shard_of(1, 3);
    merged.runs.push_back(shard_of(2, 3).runs[0]);
    const auto c = check_shards({{merged, "m.json"}, {shard_of(3, 3), "s3"}});
    EXPECT_EQ(c.present, (std::vector<std::uint64_t>{1, 2, 3}));
}

// Round 5 (#70): a shard of the same plan that claims another N is a record that is not what it
// says: a bad file (exit 5) naming the file and the field, not a usage error.
TEST(shards, another_count_of_the_same_plan_is_a_bad_file_naming_the_field) {
    try {
        check_shards({{shard_of(1, 2), "s1.json"}, {shard_of(2, 3), "s2.json"}});
        FAIL() << "a shard of 3 merged with a shard of 2";
    } catch (const file_error& e) {
        EXPECT_EQ(e.exit_status(), 5);
        EXPECT_NE(std::string(e.what()).find("s2.json: /runs/0/shard/count: 3 shards"),
                  std::string::npos)
            << e.what();
    }
}

// A merge with shards missing is never complete, and says which are missing.
TEST(shards, a_merge_with_a_shard_missing_is_marked_incomplete) {
    const auto c = check_shards({{shard_of(1, 3), "s1"}, {shard_of(3, 3), "s3"}});
    profile merged;
    mark_missing_shards(merged, c);
    EXPECT_FALSE(merged.complete);
    EXPECT_NE(merged.incomplete_reason.find("shard 2 of 3 missing"), std::string::npos)
        << merged.incomplete_reason;
    profile whole;
    mark_missing_shards(whole, check_shards({{shard_of(1, 1), "s1"}}));
    EXPECT_TRUE(whole.complete);
}

// A long list of missing shards is named in part and counted (a forged N of 100000).
TEST(shards, many_missing_shards_are_counted_not_listed) {
    const auto c = check_shards({{shard_of(1, 100000), "s1"}});
    ASSERT_EQ(c.missing.size(), 99999U);
    ASSERT_EQ(c.warnings.size(), 1U);
    EXPECT_LT(c.warnings[0].size(), 400U) << c.warnings[0];
    EXPECT_NE(c.warnings[0].find("(99999 in all)"), std::string::npos) << c.warnings[0];
}

// Shards each whole on their own whose cases overlap merge into fewer cases than they count:
// merge refuses to write what every reader would refuse.
TEST(shards, a_merge_short_of_the_cases_its_shards_count_is_refused) {
    auto merged = shard_of(1, 2);
    merged.runs.push_back(shard_of(2, 2).runs[0]);
    merged.cases.resize(4); // 5 + 5 counted, one anchor each: at least 8 of their own
    EXPECT_THROW(check_merged_shards(merged), file_error);
    merged.complete = false; // a merge with a shard cut short holds what it holds
    EXPECT_NO_THROW(check_merged_shards(merged));
}

} // namespace
} // namespace grp
