#include "grp/model/profile/best.hpp"

#include <gtest/gtest.h>

namespace grp {
namespace {

case_result timed(const std::string& kernel, std::uint64_t local, const std::string& vec,
                  double median_ns, case_status status = case_status::ok) {
    case_result c;
    c.key = make_case_key(kernel, "int", "flat", 4096, local);
    if (!vec.empty()) {
        c.key.params["VEC"] = vec;
    }
    c.status = status;
    sample_summary s;
    s.median_ns = median_ns;
    c.summary = s;
    c.gbps = 4096.0 * 4 / median_ns;
    return c;
}

TEST(best_config, the_fastest_verified_case_wins_and_wrong_ones_never_do) {
    profile p;
    p.cases = {timed("tunable", 8, "4", 900), timed("tunable", 8, "8", 700),
               timed("tunable", 64, "16", 500, case_status::wrong), timed("reduce2", 8, "", 800)};
    p.cases.push_back(timed("tunable", 8, "2", 600));
    p.cases.back().key.op = "max"; // another operator: its own group
    const auto best = best_configs(p);
    ASSERT_EQ(best.size(), 2u);
    EXPECT_EQ(best[1].op, "sum");
    EXPECT_EQ(best[1].key.params.at("VEC"), "8");
    EXPECT_EQ(best[1].median_ns, 700);
    EXPECT_EQ(best[1].measured, 3u);
    EXPECT_EQ(best[1].not_ok, 1u);
    EXPECT_EQ(best[0].op, "max");
    const auto j = best_json(p);
    ASSERT_EQ(j.size(), 2u);
    EXPECT_EQ(j[1]["params"]["VEC"], 8); // a number, as the case key writes it
    EXPECT_EQ(j[1]["kernel"], "tunable");
}

// Successive halving's dropped configurations were timed in fewer rounds at another moment:
// counted, shown, never best (neither in the best table nor as the matrix's best cell).
TEST(best_config, a_configuration_screened_by_halving_is_never_best) {
    profile p;
    p.cases = {timed("tunable", 8, "4", 900), timed("tunable", 8, "8", 300)};
    p.cases[1].extra["halving_rung"] = 1;
    const auto best = best_configs(p);
    ASSERT_EQ(best.size(), 1u);
    EXPECT_EQ(best[0].key.params.at("VEC"), "4");
    EXPECT_EQ(best[0].measured, 2u);
    EXPECT_EQ(best[0].screened, 1u);
    p.cases[0].extra["halving_rung"] = 2; // all screened (an interrupted search): no best
    EXPECT_TRUE(best_configs(p).empty());
}

// A duet's A/A controls (control:NAME, twin:NAME) check the experiment; they are copies, never
// the best configuration (#50's walk: a duet's report named control:sum best).
TEST(best_config, a_duets_controls_are_never_best) {
    profile p;
    p.cases = {timed("control:sum", 8, "", 100), timed("twin:sum", 8, "", 110),
               timed("base:sum", 8, "", 130), timed("sum", 8, "", 140)};
    const auto best = best_configs(p);
    ASSERT_EQ(best.size(), 1u);
    EXPECT_EQ(best[0].key.kernel, "base:sum");
    EXPECT_FALSE(can_win(p.cases[0]));
    EXPECT_FALSE(can_win(p.cases[1]));
    EXPECT_TRUE(can_win(p.cases[3]));
}

TEST(best_config, scenario_cases_and_untimed_cases_are_not_configurations) {
    profile p;
    p.cases = {timed("wg-probe", 64, "", 10), timed("tunable", 8, "4", 900)};
    p.cases[0].scenario = "wg-probe";
    p.cases[1].summary.reset();
    EXPECT_TRUE(best_configs(p).empty());
}

} // namespace
} // namespace grp
