// The schedulers `run --shard auto` reads (shard_schedulers.cpp): each one's variables, what a
// shard records of them, GRP_SHARD_COUNT pinning the count over a resubmitted array, and the
// command merge prints to resubmit a lost shard, checked by feeding it back to parse_shard.
#include "grp/core/error.hpp"
#include "grp/model/plan/shard.hpp"
#include "grp/model/plan/shard_schedulers.hpp"

#include <gtest/gtest.h>
#include <map>

namespace grp {
namespace {

using vars = std::map<std::string, std::string>;

env_lookup scheduler_env(vars v) {
    return [v = std::move(v)](const std::string& name) -> std::optional<std::string> {
        const auto it = v.find(name);
        return it == v.end() ? std::nullopt : std::optional<std::string>(it->second);
    };
}

// The environment Slurm gives task `id` of `sbatch --array=MIN-MAX[:STEP]`.
vars slurm_task(std::uint64_t id, std::uint64_t min, std::uint64_t max, std::uint64_t step = 1) {
    return {{"SLURM_ARRAY_TASK_ID", std::to_string(id)},
            {"SLURM_ARRAY_TASK_MIN", std::to_string(min)},
            {"SLURM_ARRAY_TASK_MAX", std::to_string(max)},
            {"SLURM_ARRAY_TASK_STEP", std::to_string(step)},
            {"SLURM_ARRAY_TASK_COUNT", std::to_string((max - min) / step + 1)},
            {"SLURM_ARRAY_JOB_ID", "4242"},
            {"SLURM_JOB_NAME", "job.sh"}};
}

TEST(shard_schedulers, a_slurm_shard_records_its_variables) {
    const auto s = parse_shard("auto", scheduler_env(slurm_task(3, 0, 5)));
    EXPECT_EQ(describe_shard(s), "4/6 (slurm)");
    EXPECT_EQ(s.variables.at("SLURM_ARRAY_TASK_ID"), "3");
    EXPECT_EQ(s.variables.at("SLURM_ARRAY_JOB_ID"), "4242");
    EXPECT_EQ(s.variables.at("SLURM_JOB_NAME"), "job.sh");
    EXPECT_EQ(s.variables.count("GRP_SHARD_COUNT"), 0U);
    EXPECT_TRUE(parse_shard("2/3", scheduler_env({})).variables.empty());
}

// The case: `sbatch --array=3` alone is an array of one task; without a pinned count it
// is the whole sweep as shard 1/1, with GRP_SHARD_COUNT=6 it is shard 4 of 6 again.
TEST(shard_schedulers, a_pinned_count_wins_over_an_array_of_one_task) {
    auto env = slurm_task(3, 3, 3);
    EXPECT_EQ(describe_shard(parse_shard("auto", scheduler_env(env))), "1/1 (slurm)");
    env["GRP_SHARD_COUNT"] = "6";
    const auto s = parse_shard("auto", scheduler_env(env));
    EXPECT_EQ(describe_shard(s), "4/6 (slurm)");
    EXPECT_EQ(s.variables.at("GRP_SHARD_COUNT"), "6");
    EXPECT_EQ(describe_shard(parse_shard("auto/6", scheduler_env(env))), "4/6 (slurm)");
    EXPECT_THROW(parse_shard("auto/5", scheduler_env(env)), usage_error);
    // a pinned count the array agrees with changes nothing; one a task exceeds is refused
    auto whole = slurm_task(2, 1, 6);
    whole["GRP_SHARD_COUNT"] = "6";
    EXPECT_EQ(describe_shard(parse_shard("auto", scheduler_env(whole))), "2/6 (slurm)");
    env["SLURM_ARRAY_TASK_ID"] = env["SLURM_ARRAY_TASK_MIN"] = env["SLURM_ARRAY_TASK_MAX"] = "6";
    EXPECT_THROW(parse_shard("auto", scheduler_env(env)), usage_error);
}

// What merge prints, run as the scheduler would run it, is the lost shard again: for arrays
// numbered from 0, from 1, with a step, and for a shard that was itself a resubmission.
TEST(shard_schedulers, the_slurm_resubmission_runs_the_lost_shard) {
    struct layout {
        vars first; // a present shard's recorded variables
        std::uint64_t lost, count;
        std::string command;
        vars resubmitted; // the lost shard's environment under that command
    };
    const std::vector<layout> layouts{
        {slurm_task(0, 0, 5), 4, 6, "GRP_SHARD_COUNT=6 sbatch --array=3 job.sh",
         vars({{"SLURM_ARRAY_TASK_ID", "3"},
               {"SLURM_ARRAY_TASK_MIN", "3"},
               {"SLURM_ARRAY_TASK_MAX", "3"},
               {"SLURM_ARRAY_TASK_COUNT", "1"},
               {"GRP_SHARD_COUNT", "6"}})},
        {slurm_task(1, 1, 6), 4, 6, "GRP_SHARD_INDEX=4 GRP_SHARD_COUNT=6 sbatch --array=4 job.sh",
         vars({{"SLURM_ARRAY_TASK_ID", "4"},
               {"SLURM_ARRAY_TASK_COUNT", "1"},
               {"GRP_SHARD_INDEX", "4"},
               {"GRP_SHARD_COUNT", "6"}})},
        {slurm_task(0, 0, 12, 4), 3, 4,
         "GRP_SHARD_INDEX=3 GRP_SHARD_COUNT=4 sbatch --array=8 job.sh",
         vars({{"SLURM_ARRAY_TASK_ID", "8"},
               {"SLURM_ARRAY_TASK_COUNT", "1"},
               {"GRP_SHARD_INDEX", "3"},
               {"GRP_SHARD_COUNT", "4"}})},
    };
    for (const auto& l : layouts) {
        EXPECT_EQ(scheduler_resubmission("slurm", l.first, l.lost, l.count), l.command);
        const auto again = parse_shard("auto", scheduler_env(l.resubmitted));
        EXPECT_EQ(again.index, l.lost) << l.command;
        EXPECT_EQ(again.count, l.count) << l.command;
    }
    // a resubmitted shard's own record resubmits the others in the plain numbering
    auto retried = slurm_task(3, 3, 3);
    retried["GRP_SHARD_COUNT"] = "6";
    EXPECT_EQ(scheduler_resubmission("slurm", retried, 2, 6),
              "GRP_SHARD_COUNT=6 sbatch --array=1 job.sh");
}

TEST(shard_schedulers, the_resubmission_names_the_script_and_its_folder) {
    auto v = slurm_task(0, 0, 1);
    v["SLURM_SUBMIT_DIR"] = "/home/a b/sweep";
    EXPECT_EQ(scheduler_resubmission("slurm", v, 2, 2),
              "cd '/home/a b/sweep' && GRP_SHARD_COUNT=2 sbatch --array=1 job.sh");
    v["GRP_JOB_SCRIPT"] = "/home/a b/sweep/examples/slurm/shard-array.sbatch";
    EXPECT_EQ(scheduler_resubmission("slurm", v, 2, 2),
              "GRP_SHARD_COUNT=2 sbatch --array=1 '/home/a b/sweep/examples/slurm/"
              "shard-array.sbatch'");
    EXPECT_EQ(scheduler_resubmission("slurm", {}, 2, 2), "GRP_SHARD_COUNT=2 sbatch --array=1 "
                                                         "JOB_SCRIPT");
    EXPECT_EQ(scheduler_resubmission("argument", {}, 2, 2), "");
    EXPECT_EQ(scheduler_resubmission("environment", {{"GRP_SHARD_INDEX", "1"}}, 2, 2), "");
}

} // namespace
} // namespace grp
