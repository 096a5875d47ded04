// How many processes an invocation ran and how many rounds each, and the warning compare gives
// when that is more than the gate was calibrated with (bench/results/h100-gate-power-runs6.txt,
// pocl-gate-power-rounds30.txt).
#include "grp/model/compare/replication.hpp"

#include <gtest/gtest.h>

namespace grp {
namespace {

/// One invocation per entry of `processes` (its source "iK.json", or "" for a single one),
/// each of that many processes; one case with `rounds` rounds in every process, of which the
/// first `waited` had their threads wait for a CPU half the round.
profile profile_of(const std::vector<std::size_t>& processes, std::size_t rounds,
                   std::size_t waited = 0) {
    profile p;
    case_result c;
    c.key = make_case_key("reduce6", "float", "flat", 4096, 64);
    for (std::size_t inv = 0; inv < processes.size(); ++inv) {
        for (std::size_t k = 0; k < processes[inv]; ++k) {
            run_record run;
            run.source = processes.size() > 1 ? "i" + std::to_string(inv) + ".json" : "";
            const auto index = static_cast<std::uint32_t>(p.runs.size());
            p.runs.push_back(run);
            for (std::size_t i = 0; i < rounds; ++i) {
                round_record r;
                r.run = index;
                r.samples_ns.assign(3, 100);
                if (i < waited) {
                    r.cpu_wait = 0.5;
                }
                c.rounds.push_back(r);
            }
        }
    }
    p.cases.push_back(c);
    return p;
}

TEST(compare_replication, counts_processes_per_invocation_and_rounds_per_process) {
    const auto r = replication_of(profile_of({3, 3}, 4), 0.1);
    EXPECT_EQ(r.processes, 3u);
    EXPECT_DOUBLE_EQ(r.rounds_per_process, 4.0);
}

TEST(compare_replication, rounds_set_aside_do_not_count_unless_planned) {
    // 6 rounds a process, 2 of them waited for a CPU: 4 count (run's extra rounds replace
    // set-aside ones, so they are not more replication).
    profile p = profile_of({3}, 6, 2);
    EXPECT_DOUBLE_EQ(replication_of(p, 0.1).rounds_per_process, 4.0);
    EXPECT_DOUBLE_EQ(replication_of(p, 0).rounds_per_process, 6.0); // --max-cpu-wait 0 keeps all
    // What was asked for counts even when load left fewer: --rounds 30 over 3 processes.
    p.settings["rounds"] = 30;
    EXPECT_DOUBLE_EQ(replication_of(p, 0.1).rounds_per_process, 10.0);
}

TEST(compare_replication, the_defaults_give_no_warning) {
    profile defaults = profile_of({3}, 4);
    defaults.settings["rounds"] = 10;
    EXPECT_FALSE(replication_warning(defaults, "a", defaults, "b", 0.1).has_value());
    // One process (--runs 1) is one unit already; schema 1.x has no rounds at all.
    EXPECT_FALSE(replication_warning(profile_of({1}, 30), "a", defaults, "b", 0.1).has_value());
    EXPECT_FALSE(replication_warning(profile{}, "a", profile{}, "b", 0.1).has_value());
    // A baseline merged from three default invocations is fine too.
    EXPECT_FALSE(replication_warning(profile_of({3, 3, 3}, 3), "a", defaults, "b", 0.1));
}

TEST(compare_replication, more_processes_or_rounds_warn_naming_each_side) {
    const profile defaults = profile_of({3}, 3);
    const auto six = replication_warning(defaults, "base.json", profile_of({6}, 2), "cand.json", 0);
    ASSERT_TRUE(six.has_value());
    EXPECT_EQ(six->rfind("cand.json ran 6 processes per invocation of 2.0 rounds each: ", 0), 0u)
        << *six;
    EXPECT_NE(six->find("merge more invocations"), std::string::npos);
    const auto both = replication_warning(profile_of({3, 3}, 10), "b", profile_of({3}, 10), "c", 0);
    ASSERT_TRUE(both.has_value());
    EXPECT_EQ(both->rfind("b ran 3 processes per invocation of 10.0 rounds each, c ran 3 "
                          "processes per invocation of 10.0 rounds each: ",
                          0),
              0u)
        << *both;
}

} // namespace
} // namespace grp
