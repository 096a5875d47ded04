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

// #69 item 4: every scheduler's variables as its documentation names them (docs/fleet.md's
// table), each read to the same shard: the 3rd of 4.
TEST(shard_schedulers, each_scheduler_gives_its_shard) {
    struct scheduler_case {
        const char* source;
        vars env;
        const char* shard; // --shard's argument
    };
    const std::vector<scheduler_case> cases{
        {"slurm", slurm_task(2, 0, 3), "auto"},
        {"sge",
         {{"SGE_TASK_ID", "3"},
          {"SGE_TASK_FIRST", "1"},
          {"SGE_TASK_LAST", "4"},
          {"SGE_TASK_STEPSIZE", "1"}},
         "auto"},
        {"sge", // qsub -t 2-8:2: tasks 2, 4, 6, 8
         {{"SGE_TASK_ID", "6"},
          {"SGE_TASK_FIRST", "2"},
          {"SGE_TASK_LAST", "8"},
          {"SGE_TASK_STEPSIZE", "2"}},
         "auto"},
        {"lsf", {{"LSB_JOBINDEX", "3"}, {"LSB_JOBINDEX_END", "4"}}, "auto"},
        {"lsf", // bsub -J "a[1-7:2]": 1, 3, 5, 7
         {{"LSB_JOBINDEX", "5"}, {"LSB_JOBINDEX_END", "7"}, {"LSB_JOBINDEX_STEP", "2"}},
         "auto"},
        {"pbs", {{"PBS_ARRAY_INDEX", "2"}}, "auto/4"},
        {"flux", {{"FLUX_JOB_CC", "2"}, {"GRP_SHARD_COUNT", "4"}}, "auto"},
        {"kubernetes", {{"JOB_COMPLETION_INDEX", "2"}}, "auto/4"},
        {"gitlab", {{"CI_NODE_INDEX", "3"}, {"CI_NODE_TOTAL", "4"}}, "auto"},
        {"circleci", {{"CIRCLE_NODE_INDEX", "2"}, {"CIRCLE_NODE_TOTAL", "4"}}, "auto"},
        {"buildkite",
         {{"BUILDKITE_PARALLEL_JOB", "2"}, {"BUILDKITE_PARALLEL_JOB_COUNT", "4"}},
         "auto"},
        {"azure", {{"SYSTEM_JOBPOSITIONINPHASE", "3"}, {"SYSTEM_TOTALJOBSINPHASE", "4"}}, "auto"},
    };
    for (const auto& c : cases) {
        const auto s = parse_shard(c.shard, scheduler_env(c.env));
        EXPECT_EQ(describe_shard(s), std::string("3/4 (") + c.source + ")") << c.source;
        for (const auto& [name, value] : c.env) {
            EXPECT_EQ(s.variables.at(name), value) << c.source << " " << name;
        }
    }
}

// Outside an array SGE sets SGE_TASK_ID to "undefined" and LSF sets LSB_JOBINDEX to 0: no
// shard, so the next scheduler (or the error naming them all) speaks.
TEST(shard_schedulers, a_job_that_is_no_array_is_no_shard) {
    EXPECT_FALSE(scheduler_shard(scheduler_env({{"SGE_TASK_ID", "undefined"}})));
    EXPECT_FALSE(scheduler_shard(scheduler_env({{"LSB_JOBINDEX", "0"}})));
    const auto s = scheduler_shard(
        scheduler_env({{"LSB_JOBINDEX", "0"}, {"CI_NODE_INDEX", "1"}, {"CI_NODE_TOTAL", "2"}}));
    ASSERT_TRUE(s);
    EXPECT_EQ(s->source, "gitlab");
    for (const char* var :
         {"SGE_TASK_ID", "LSB_JOBINDEX", "PBS_ARRAY_INDEX", "FLUX_JOB_CC", "CIRCLE_NODE_INDEX",
          "BUILDKITE_PARALLEL_JOB", "SYSTEM_JOBPOSITIONINPHASE"}) {
        EXPECT_NE(scheduler_index_variables().find(var), std::string::npos) << var;
    }
    // an index without its count, a count the index exceeds, an ID off the array's step
    EXPECT_THROW(parse_shard("auto", scheduler_env({{"PBS_ARRAY_INDEX", "2"}})), usage_error);
    EXPECT_THROW(parse_shard("auto", scheduler_env(
                                         {{"CIRCLE_NODE_INDEX", "4"}, {"CIRCLE_NODE_TOTAL", "4"}})),
                 usage_error);
    EXPECT_THROW(parse_shard("auto", scheduler_env({{"SGE_TASK_ID", "3"},
                                                    {"SGE_TASK_FIRST", "2"},
                                                    {"SGE_TASK_LAST", "8"},
                                                    {"SGE_TASK_STEPSIZE", "2"}})),
                 usage_error);
}

// Grid Engine's resubmission: qsub passes on only what -v names; its arrays count from 1.
TEST(shard_schedulers, the_grid_engine_resubmission_runs_the_lost_shard) {
    const vars first{{"SGE_TASK_ID", "1"},   {"SGE_TASK_FIRST", "1"},
                     {"SGE_TASK_LAST", "6"}, {"SGE_TASK_STEPSIZE", "1"},
                     {"JOB_NAME", "job.sh"}, {"SGE_O_WORKDIR", "/home/u"}};
    EXPECT_EQ(scheduler_resubmission("sge", first, 4, 6),
              "cd /home/u && qsub -v GRP_SHARD_COUNT=6 -t 4 job.sh");
    const auto again = parse_shard("auto", scheduler_env({{"SGE_TASK_ID", "4"},
                                                          {"SGE_TASK_FIRST", "4"},
                                                          {"SGE_TASK_LAST", "4"},
                                                          {"SGE_TASK_STEPSIZE", "1"},
                                                          {"GRP_SHARD_COUNT", "6"}}));
    EXPECT_EQ(describe_shard(again), "4/6 (sge)");
    auto stepped = first;
    stepped["SGE_TASK_STEPSIZE"] = "2";
    stepped["SGE_TASK_LAST"] = "11";
    EXPECT_EQ(scheduler_resubmission("sge", stepped, 4, 6),
              "cd /home/u && qsub -v GRP_SHARD_INDEX=4,GRP_SHARD_COUNT=6 -t 7 job.sh");
    EXPECT_EQ(scheduler_resubmission("lsf", {{"LSB_JOBINDEX", "1"}}, 2, 4), "");
}

} // namespace
} // namespace grp
