// Tests of `compare --pair` (pair.hpp) on small in-memory profiles: two kernels timed in the
// same rounds of one invocation. Every number below is fixed (no randomness), so each verdict
// follows from the rounds as written.
#include "grp/model/compare/pair.hpp"

#include <gtest/gtest.h>
#include <stdexcept>

namespace grp {
namespace {

/// One round of 3 samples around `ns` in process `run`.
round_record round_at(std::uint32_t run, double ns, std::optional<double> cpu_wait = {}) {
    round_record r;
    r.run = run;
    for (int k = -1; k <= 1; ++k) {
        r.samples_ns.push_back(static_cast<std::uint64_t>(ns + k));
    }
    r.cpu_wait = cpu_wait;
    return r;
}

/// Round i of `processes` x `per_process` rounds sits at a shared level that swings +-20 %
/// from round to round (what a loaded machine or a clock change does to both kernels), times
/// `factor`, times a small own jitter j_i in +-0.5 %, times `spike` on the rounds in `spikes`.
std::vector<round_record> rounds(double factor, std::uint32_t processes = 3,
                                 std::size_t per_process = 10, std::size_t jitter_seed = 0,
                                 const std::vector<std::size_t>& spikes = {}) {
    std::vector<round_record> out;
    for (std::uint32_t p = 0; p < processes; ++p) {
        for (std::size_t i = 0; i < per_process; ++i) {
            const std::size_t n = p * per_process + i;
            const double level = 10000.0 * (1.0 + 0.2 * (static_cast<double>(n * 5 % 9) - 4) / 4);
            const double jitter =
                1.0 + (static_cast<double>((n + jitter_seed) * 7 % 11) - 5) / 1000;
            const bool spike = std::find(spikes.begin(), spikes.end(), n) != spikes.end();
            out.push_back(round_at(p, level * factor * jitter * (spike ? 2.0 : 1.0)));
        }
    }
    return out;
}

case_result make_case(const std::string& kernel, std::vector<round_record> r,
                      case_status st = case_status::ok, std::uint64_t n = 1024) {
    case_result c;
    c.key = make_case_key(kernel, "float", "flat", n, 64);
    c.rounds = std::move(r);
    c.derive_from_rounds();
    c.status = st;
    return c;
}

profile duet(std::vector<case_result> cases) {
    profile p;
    p.devices.emplace_back();
    p.devices.back().info.name = "GPU A";
    p.runs.resize(3);
    p.cases = std::move(cases);
    return p;
}

comparison pair(const profile& p, const std::string& cand = "new",
                const compare_options& opt = {}) {
    return compare_pair(p, {"old", cand}, opt, "duet.json");
}

TEST(compare_pair, shared_swings_cancel_and_an_unchanged_kernel_is_same) {
    // Rounds swing +-20 %, and two rounds of `new` are doubled by a burst its partner missed.
    const auto c = pair(
        duet({make_case("old", rounds(1.0)), make_case("new", rounds(1.0, 3, 10, 3, {4, 17}))}));
    ASSERT_EQ(c.cases.size(), 1U);
    EXPECT_EQ(c.cases[0].outcome, verdict::same) << c.cases[0].note;
    EXPECT_TRUE(c.paired);
    EXPECT_EQ(c.cases[0].key.kernel, "old"); // rows keyed by the baseline kernel
    EXPECT_EQ(c.cand_label, "duet.json:new");
}

TEST(compare_pair, a_consistent_slowdown_fails_although_rounds_swing_twice_as_much) {
    const auto c =
        pair(duet({make_case("old", rounds(1.0)), make_case("new", rounds(1.10, 3, 10, 3, {4}))}));
    ASSERT_EQ(c.cases.size(), 1U);
    EXPECT_EQ(c.cases[0].outcome, verdict::slower) << c.cases[0].note;
    EXPECT_TRUE(c.cases[0].fails);
    EXPECT_NEAR(*c.cases[0].change(), 0.10, 0.005);
    EXPECT_GT(*c.cases[0].ci_low, 1.05);
}

TEST(compare_pair, processes_that_disagree_make_the_process_the_unit) {
    // Each process sees its own ratio: +20 %, -10 %, +5 %; within a process the rounds agree.
    std::vector<round_record> neu;
    const double by_process[] = {1.20, 0.90, 1.05};
    for (const auto& r : rounds(1.0, 3, 10, 3)) {
        neu.push_back(round_at(r.run, static_cast<double>(r.samples_ns[1]) * by_process[r.run]));
    }
    const auto c = pair(duet({make_case("old", rounds(1.0)), make_case("new", neu)}));
    ASSERT_EQ(c.cases.size(), 1U);
    EXPECT_EQ(c.cases[0].outcome, verdict::inconclusive);
    EXPECT_NE(c.cases[0].note.find("processes disagree"), std::string::npos) << c.cases[0].note;
    EXPECT_EQ(c.cases[0].df, 2.0);
}

TEST(compare_pair, too_few_rounds_cannot_be_decided) {
    const auto c =
        pair(duet({make_case("old", rounds(1.0, 1, 5)), make_case("new", rounds(1.3, 1, 5))}));
    EXPECT_EQ(c.cases[0].outcome, verdict::inconclusive);
    EXPECT_NE(c.cases[0].note.find("--rounds 30"), std::string::npos) << c.cases[0].note;
}

TEST(compare_pair, rounds_set_aside_are_not_paired) {
    auto neu = rounds(1.10, 3, 10, 3);
    for (std::size_t i = 0; i < 24; ++i) {
        neu[i].cpu_wait = 0.5; // another process took the CPU: set aside at --max-cpu-wait 0.1
    }
    const auto c = pair(duet({make_case("old", rounds(1.0)), make_case("new", neu)}));
    EXPECT_EQ(c.cases[0].outcome, verdict::inconclusive);
    EXPECT_NE(c.cases[0].note.find("24 round(s) set aside"), std::string::npos) << c.cases[0].note;
}

TEST(compare_pair, statuses_decide_first_and_unmatched_cases_are_listed) {
    const auto c =
        pair(duet({make_case("old", rounds(1.0)), make_case("new", rounds(1.0), case_status::wrong),
                   make_case("old", rounds(1.0), case_status::ok, 2048)}));
    ASSERT_EQ(c.cases.size(), 2U);
    EXPECT_EQ(c.cases[0].outcome, verdict::wrong);
    EXPECT_EQ(c.cases[1].outcome, verdict::missing);
    EXPECT_EQ(c.common, 1U);
}

TEST(compare_pair, a_candidate_whose_every_sample_was_flagged_is_unmeasured_and_fails) {
    auto flagged = rounds(1.0);
    for (auto& r : flagged) {
        r.flagged = r.samples_ns.size();
        r.samples_ns.clear();
    }
    const auto c = pair(duet({make_case("old", rounds(1.0)), make_case("new", flagged)}));
    ASSERT_EQ(c.cases.size(), 1U);
    EXPECT_EQ(c.cases[0].outcome, verdict::unmeasured);
    EXPECT_TRUE(c.cases[0].fails);
    EXPECT_NE(c.cases[0].note.find("candidate: every sample was flagged"), std::string::npos)
        << c.cases[0].note;
}

TEST(compare_pair, holm_holds_over_the_cases_of_one_candidate) {
    // A 6 % change over 3 processes of 3 rounds: alone each case is slower at 99 % (one-sided
    // signed-rank p of 9 rounds all slower: 1/512); Holm over 8 such cases needs 0.01/8.
    std::vector<case_result> cases;
    for (std::uint64_t n = 1024; n <= 1024U << 7U; n *= 2) {
        cases.push_back(make_case("old", rounds(1.0, 3, 3), case_status::ok, n));
        cases.push_back(make_case("new", rounds(1.06, 3, 3, 3), case_status::ok, n));
    }
    compare_options alone;
    alone.correction = multiple_correction::none;
    const auto p = duet(cases);
    EXPECT_EQ(pair(p, "new", alone).count(verdict::slower), 8U);
    const auto holm = pair(p, "new");
    EXPECT_EQ(holm.count(verdict::slower), 0U);
    EXPECT_EQ(holm.count(verdict::inconclusive), 8U);
}

TEST(compare_pair, a_duet_shares_every_run) {
    const auto runs = runs_of_pair(
        duet({make_case("old", rounds(1.0)), make_case("new", rounds(1.1))}), {"old", "new"});
    EXPECT_EQ(runs.shared, (std::vector<run_index>{0, 1, 2}));
    EXPECT_TRUE(runs.base_only.empty());
    EXPECT_TRUE(runs.cand_only.empty());
}

TEST(compare_pair, separate_runs_merged_share_none) {
    // A merge of two invocations, one kernel each: old's rounds in run 0, new's in run 1 (and
    // a 64-bit run index, kept as such).
    auto neu = rounds(1.1, 1);
    for (auto& r : neu) {
        r.run = (run_index{1} << 32) + 1;
    }
    const auto runs = runs_of_pair(duet({make_case("old", rounds(1.0, 1)), make_case("new", neu)}),
                                   {"old", "new"});
    EXPECT_TRUE(runs.shared.empty());
    EXPECT_EQ(runs.base_only, (std::vector<run_index>{0}));
    EXPECT_EQ(runs.cand_only, (std::vector<run_index>{(run_index{1} << 32) + 1}));
}

TEST(compare_pair, parses_old_equals_new_list) {
    const auto pairs = parse_kernel_pairs("old=a,b");
    ASSERT_EQ(pairs.size(), 2U);
    EXPECT_EQ(pairs[0].base, "old");
    EXPECT_EQ(pairs[1].cand, "b");
    EXPECT_THROW(parse_kernel_pairs("old"), std::invalid_argument);
    EXPECT_THROW(parse_kernel_pairs("=a"), std::invalid_argument);
    EXPECT_THROW(parse_kernel_pairs("old=a,,b"), std::invalid_argument);
    EXPECT_THROW(parse_kernel_pairs("old=old"), std::invalid_argument);
    EXPECT_THROW(parse_kernel_pairs("old=a,b,a"), std::invalid_argument); // judged once
}

} // namespace
} // namespace grp
