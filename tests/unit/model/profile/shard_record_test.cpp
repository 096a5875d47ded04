// Round 5 (#70): merge trusted shard records. What a record says is checked against itself, the
// other shard runs of its file and the cases the file holds (shard_problems, part of
// consistency_problems): validate lists a problem and every reader refuses the file (exit 5),
// naming the field, so a forged "shard 4 of 3" or a shard with cases removed never merges.
#include "grp/core/error.hpp"
#include "grp/model/profile/io.hpp"
#include "grp/model/profile/schema_check.hpp"
#include "grp/model/profile/shard_record.hpp"
#include "model/profile/profile_samples.hpp"

#include <gtest/gtest.h>

namespace grp {
namespace {

// A complete profile of shard 1 of 3 whose record counts exactly the cases it holds, the first
// case being the anchor.
profile shard_profile() {
    profile p = test::rich_profile();
    p.complete = true;
    p.incomplete_reason.clear();
    p.cases.push_back(p.cases[0]); // a case of the shard's own beside the anchor
    p.cases[1].key.local_size *= 2;
    const auto n = static_cast<std::uint64_t>(p.cases.size());
    p.runs[0].shard = shard_record{
        1, 3, "argument", std::string(64, 'c'), 3 * n, n, {p.cases[0].key.to_string()}, {}};
    return p;
}

std::string reader_error(const profile& p) {
    try {
        (void)parse_profile(profile_text(p), "s.json");
    } catch (const file_error& e) {
        EXPECT_EQ(e.exit_status(), 5);
        return e.what();
    }
    return "(no error)";
}

TEST(shard_record, a_shard_that_holds_what_it_counts_is_read) {
    const auto p = shard_profile();
    ASSERT_GE(p.cases.size(), 2U);
    EXPECT_TRUE(shard_problems(p).empty());
    EXPECT_EQ(reader_error(p), "(no error)");
    EXPECT_TRUE(check_profile_text(profile_text(p), "s.json").ok());
}

TEST(shard_record, shard_4_of_3_is_refused_naming_the_field) {
    auto p = shard_profile();
    p.runs[0].shard->index = 4;
    EXPECT_NE(reader_error(p).find("s.json: /runs/0/shard/index: shard 4 of 3 does not exist"),
              std::string::npos)
        << reader_error(p);
    const auto check = check_profile_text(profile_text(p), "s.json");
    ASSERT_EQ(check.problems.size(), 1U);
    EXPECT_NE(check.problems[0].find("/runs/0/shard/index"), std::string::npos);
}

TEST(shard_record, a_complete_shard_missing_a_counted_case_is_refused) {
    auto p = shard_profile();
    const auto counted = p.cases.size();
    p.cases.pop_back();
    const auto why = reader_error(p);
    EXPECT_NE(why.find("/runs/0/shard/cases: the shard record counts " + std::to_string(counted) +
                       " cases, but the profile holds " + std::to_string(counted - 1) +
                       " and says it is complete"),
              std::string::npos)
        << why;
    p.complete = false; // a shard cut short holds what it finished
    p.incomplete_reason = "interrupted by SIGINT";
    EXPECT_EQ(reader_error(p), "(no error)");
}

TEST(shard_record, runs_of_one_file_that_disagree_on_the_split_are_refused) {
    auto p = shard_profile();
    p.runs.push_back(p.runs[0]);
    p.runs[1].id = "feedc0de00000002";
    EXPECT_EQ(reader_error(p), "(no error)"); // two processes of one shard (--runs)
    p.runs[1].shard->count = 4;
    EXPECT_NE(reader_error(p).find("/runs/1/shard/count: 4 shards, but runs/0's shard says 3"),
              std::string::npos)
        << reader_error(p);
    p.runs[1].shard->count = 3;
    p.runs[1].shard->plan_sha256 = std::string(64, 'd');
    EXPECT_NE(reader_error(p).find("/runs/1/shard/plan_sha256"), std::string::npos);
}

TEST(shard_record, more_cases_than_the_plan_or_more_shards_than_run_makes_are_refused) {
    auto p = shard_profile();
    p.runs[0].shard->planned_cases = p.runs[0].shard->cases - 1;
    EXPECT_NE(reader_error(p).find("/runs/0/shard/cases:"), std::string::npos);
    p = shard_profile();
    p.runs[0].shard->count = 100001; // merge would count to it
    EXPECT_NE(reader_error(p).find("/runs/0/shard/count: 100001 shards, more than"),
              std::string::npos)
        << reader_error(p);
}

} // namespace
} // namespace grp
