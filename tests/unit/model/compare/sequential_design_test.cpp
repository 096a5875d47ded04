// settings.sequential as compare reads it (sequential_design.hpp): the record round-trips,
// malformed records are refused with the field named, and a duet judged at an early look is
// stricter than the same rounds judged as a fixed design.
#include "grp/core/error.hpp"
#include "grp/model/compare/pair.hpp"
#include "grp/model/compare/sequential_design.hpp"
#include "grp/model/spec/duet.hpp"

#include <gtest/gtest.h>

namespace grp {
namespace {

sequential_design design(std::vector<std::size_t> looks, std::size_t max = 12) {
    sequential_design d;
    d.max_processes = max;
    d.looks = std::move(looks);
    return d;
}

TEST(sequential_design, round_trips_through_settings) {
    nlohmann::ordered_json settings;
    settings["sequential"] = to_json(design({3, 4, 5}));
    const auto d = sequential_design_of(settings);
    ASSERT_TRUE(d.has_value());
    EXPECT_EQ(d->looks, (std::vector<std::size_t>{3, 4, 5}));
    EXPECT_EQ(d->max_processes, 12U);
    EXPECT_EQ(d->spending, alpha_spending::obrien_fleming);
    EXPECT_FALSE(sequential_design_of(nlohmann::ordered_json::object()).has_value());
}

TEST(sequential_design, malformed_records_are_refused) {
    for (const auto& bad : {nlohmann::ordered_json{{"sequential", 3}},
                            nlohmann::ordered_json{{"sequential", to_json(design({4, 3}))}},
                            nlohmann::ordered_json{{"sequential", to_json(design({3, 13}))}}}) {
        EXPECT_THROW(sequential_design_of(bad), file_error) << bad.dump();
    }
    auto wrong = to_json(design({3}));
    wrong["spending"] = "fast";
    EXPECT_THROW(sequential_design_of({{"sequential", wrong}}), file_error);
    wrong = to_json(design({3}));
    wrong["alpha"] = 1.5;
    EXPECT_THROW(sequential_design_of({{"sequential", wrong}}), file_error);
}

TEST(sequential_design, an_early_look_is_judged_at_its_small_increment) {
    // 5 of 12 processes with 4 df: the look's increment of an O'Brien-Fleming budget is far
    // below 0.01; the whole budget (one look at 12 of 12) is 0.01.
    EXPECT_LT(design({3, 4, 5}).level_at_last_look(4), 0.001);
    EXPECT_NEAR(design({12}).level_at_last_look(11), 0.01, 1e-9);
    EXPECT_LT(design({3, 4, 5}).spent(), 0.001);
}

TEST(sequential_design, a_run_stops_when_decided_or_when_the_budget_is_spent) {
    EXPECT_EQ(stop_reason(0, 3, 10, 30.0, 0), "decided");
    EXPECT_EQ(stop_reason(0, 3, 10, 300.0, 60), "decided"); // decided wins over the clock
    EXPECT_EQ(stop_reason(2, 3, 10, 30.0, 0), "");          // no time cap: go on
    EXPECT_EQ(stop_reason(2, 10, 10, 30.0, 0), "budget");   // the most processes
    // 10 s per process so far: a fourth would end at 40 s.
    EXPECT_EQ(stop_reason(2, 3, 10, 30.0, 45), "");
    EXPECT_EQ(stop_reason(2, 3, 10, 30.0, 39), "budget");
}

/// A duet of `ratios.size()` processes of 10 rounds in which the candidate runs at each ratio.
profile duet_of(const std::vector<double>& ratios) {
    profile p;
    p.devices.emplace_back();
    p.runs.resize(ratios.size());
    p.settings["duet"] = duet_to_json("base.json", {{"old", "new", ""}});
    for (const std::string kernel : {"old", "new"}) {
        case_result c;
        c.key = make_case_key(kernel, "float", "flat", 1024, 64);
        for (std::uint32_t run = 0; run < ratios.size(); ++run) {
            for (int i = 0; i < 10; ++i) {
                round_record r;
                r.run = run;
                const double level =
                    10000.0 * (kernel == "new" ? ratios[run] : 1.0) * (1.0 + (i % 5 - 2) / 1000.0);
                r.samples_ns = {static_cast<std::uint64_t>(level)};
                c.rounds.push_back(r);
            }
        }
        c.derive_from_rounds();
        c.status = case_status::ok;
        p.cases.push_back(c);
    }
    return p;
}

TEST(sequential_design, compare_judges_with_the_boundary_the_run_used) {
    // Processes that disagree (+4 ... +16 %): their means are the unit, 5 processes, 4 df.
    auto p = duet_of({1.04, 1.16, 1.10, 1.07, 1.13});
    const auto fixed = compare_pair(p, {"old", "new"}, {}, "d.json");
    ASSERT_EQ(fixed.cases.size(), 1U);
    EXPECT_EQ(fixed.cases[0].outcome, verdict::slower) << fixed.cases[0].note;
    p.settings["sequential"] = to_json(design({3, 4, 5}));
    const auto looked = compare_pair(p, {"old", "new"}, {}, "d.json");
    EXPECT_EQ(looked.cases[0].outcome, verdict::inconclusive) << looked.cases[0].note;
    EXPECT_GT(*looked.cases[0].ci_high - *looked.cases[0].ci_low,
              *fixed.cases[0].ci_high - *fixed.cases[0].ci_low);
}

// A long plan's first look spends an alpha that rounds away against 1 (O'Brien-Fleming at 3 of
// 30 processes: about 1e-16, less after Holm): compare said "internal error" (exit 70) there,
// as would a run with --budget 30 at its first look. Now the look decides nothing, and says so.
TEST(sequential_design, a_look_that_spends_no_alpha_decides_nothing) {
    auto p = duet_of({1.20, 1.20, 1.20}); // processes that agree: the signed-rank path
    p.settings["sequential"] = to_json(design({3}, 30));
    const auto first = compare_pair(p, {"old", "new"}, {}, "d.json");
    ASSERT_EQ(first.cases.size(), 1U);
    EXPECT_EQ(first.cases[0].outcome, verdict::inconclusive);
    EXPECT_NE(first.cases[0].note.find("spends no alpha at this look (3 of 30"), std::string::npos)
        << first.cases[0].note;
    p.settings["sequential"] = to_json(design({3}, 10)); // a budget of 10: decided at once
    EXPECT_EQ(compare_pair(p, {"old", "new"}, {}, "d.json").cases[0].outcome, verdict::slower);
}

} // namespace
} // namespace grp
