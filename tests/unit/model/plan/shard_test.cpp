#include "grp/core/error.hpp"
#include "grp/model/plan/shard.hpp"

#include <gtest/gtest.h>
#include <map>

namespace grp {
namespace {

env_lookup env_of(std::map<std::string, std::string> vars) {
    return [vars = std::move(vars)](const std::string& name) -> std::optional<std::string> {
        const auto it = vars.find(name);
        return it == vars.end() ? std::nullopt : std::optional<std::string>(it->second);
    };
}

const env_lookup no_env = env_of({});

TEST(shard, k_of_n_as_typed) {
    const auto s = parse_shard("2/4", no_env);
    EXPECT_EQ(s.index, 2U);
    EXPECT_EQ(s.count, 4U);
    EXPECT_EQ(s.source, "argument");
    EXPECT_EQ(describe_shard(s), "2/4 (argument)");
    EXPECT_EQ(parse_shard("1/1", no_env).count, 1U);
}

TEST(shard, refuses_what_names_no_shard) {
    for (const char* bad : {"0/4", "5/4", "1/0", "0/0", "2", "a/4", "-1/4", "1/", "/4", "1/4/2",
                            " 1/4", "1/200000"}) {
        EXPECT_THROW(parse_shard(bad, no_env), usage_error) << bad;
    }
    try {
        parse_shard("5/4", no_env);
        FAIL();
    } catch (const usage_error& e) {
        EXPECT_EQ(e.exit_status(), 2);
        EXPECT_NE(std::string(e.what()).find("shard 5 of 4 does not exist"), std::string::npos);
    }
}

TEST(shard, auto_without_a_scheduler_names_the_variables) {
    try {
        parse_shard("auto", no_env);
        FAIL();
    } catch (const usage_error& e) {
        const std::string what = e.what();
        for (const char* var :
             {"SLURM_ARRAY_TASK_ID", "JOB_COMPLETION_INDEX", "GRP_SHARD_INDEX", "CI_NODE_INDEX"}) {
            EXPECT_NE(what.find(var), std::string::npos) << var;
        }
    }
}

TEST(shard, slurm_array_from_its_bounds_or_count) {
    auto s = parse_shard("auto", env_of({{"SLURM_ARRAY_TASK_ID", "3"},
                                         {"SLURM_ARRAY_TASK_MIN", "0"},
                                         {"SLURM_ARRAY_TASK_MAX", "3"}}));
    EXPECT_EQ(s.index, 4U);
    EXPECT_EQ(s.count, 4U);
    EXPECT_EQ(s.source, "slurm");
    s = parse_shard("auto", env_of({{"SLURM_ARRAY_TASK_ID", "1"},
                                    {"SLURM_ARRAY_TASK_MIN", "1"},
                                    {"SLURM_ARRAY_TASK_COUNT", "8"}}));
    EXPECT_EQ(s.index, 1U);
    EXPECT_EQ(s.count, 8U);
    // --array=0-15:4: tasks 0, 4, 8, 12
    s = parse_shard("auto", env_of({{"SLURM_ARRAY_TASK_ID", "8"},
                                    {"SLURM_ARRAY_TASK_MIN", "0"},
                                    {"SLURM_ARRAY_TASK_MAX", "12"},
                                    {"SLURM_ARRAY_TASK_STEP", "4"}}));
    EXPECT_EQ(s.index, 3U);
    EXPECT_EQ(s.count, 4U);
}

TEST(shard, slurm_without_bounds_or_off_the_step_is_refused) {
    EXPECT_THROW(parse_shard("auto", env_of({{"SLURM_ARRAY_TASK_ID", "3"}})), usage_error);
    EXPECT_THROW(parse_shard("auto", env_of({{"SLURM_ARRAY_TASK_ID", "5"},
                                             {"SLURM_ARRAY_TASK_MIN", "0"},
                                             {"SLURM_ARRAY_TASK_MAX", "12"},
                                             {"SLURM_ARRAY_TASK_STEP", "4"}})),
                 usage_error);
    EXPECT_THROW(parse_shard("auto", env_of({{"SLURM_ARRAY_TASK_ID", "x"},
                                             {"SLURM_ARRAY_TASK_COUNT", "2"}})),
                 usage_error);
}

TEST(shard, kubernetes_indexed_job_needs_the_completions) {
    const auto job = env_of({{"JOB_COMPLETION_INDEX", "0"}});
    auto s = parse_shard("auto/3", job);
    EXPECT_EQ(s.index, 1U);
    EXPECT_EQ(s.count, 3U);
    EXPECT_EQ(s.source, "kubernetes");
    EXPECT_THROW(parse_shard("auto", job), usage_error);
    s = parse_shard("auto", env_of({{"JOB_COMPLETION_INDEX", "2"}, {"GRP_SHARD_COUNT", "3"}}));
    EXPECT_EQ(s.index, 3U);
    EXPECT_THROW(parse_shard("auto/2", env_of({{"JOB_COMPLETION_INDEX", "2"}})), usage_error);
}

TEST(shard, ci_matrix_variables) {
    auto s = parse_shard("auto", env_of({{"GRP_SHARD_INDEX", "2"}, {"GRP_SHARD_COUNT", "2"}}));
    EXPECT_EQ(s.index, 2U);
    EXPECT_EQ(s.source, "environment");
    s = parse_shard("auto", env_of({{"CI_NODE_INDEX", "1"}, {"CI_NODE_TOTAL", "5"}}));
    EXPECT_EQ(s.index, 1U);
    EXPECT_EQ(s.count, 5U);
    EXPECT_EQ(s.source, "gitlab");
    EXPECT_THROW(parse_shard("auto", env_of({{"GRP_SHARD_INDEX", "0"}, {"GRP_SHARD_COUNT", "2"}})),
                 usage_error);
    EXPECT_THROW(parse_shard("auto", env_of({{"GRP_SHARD_INDEX", "1"}})), usage_error);
    // auto/N that contradicts the environment's count
    EXPECT_THROW(parse_shard("auto/3", env_of({{"CI_NODE_INDEX", "1"}, {"CI_NODE_TOTAL", "5"}})),
                 usage_error);
}

TEST(shard, the_explicit_pair_wins_over_a_scheduler) {
    const auto s = parse_shard("auto", env_of({{"GRP_SHARD_INDEX", "1"},
                                               {"GRP_SHARD_COUNT", "2"},
                                               {"SLURM_ARRAY_TASK_ID", "3"},
                                               {"SLURM_ARRAY_TASK_COUNT", "4"}}));
    EXPECT_EQ(s.source, "environment");
    EXPECT_EQ(s.count, 2U);
}

} // namespace
} // namespace grp
