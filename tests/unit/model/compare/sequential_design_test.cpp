// settings.sequential as compare reads it (sequential_design.hpp): the record round-trips,
// malformed records are refused with the field named, and a duet judged at an early look is
// stricter than the same rounds judged as a fixed design. Issue #70: the record is checked
// against what the profile holds (a look only at processes that measured, the budget the run's
// argv gave), and a forged alpha never judges looser than the header's interval.
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

/// `file`'s message for the record of `p`, or "(accepted)".
std::string record_error(const profile& p) {
    try {
        (void)checked_sequential_design(p);
    } catch (const file_error& e) {
        return e.what();
    }
    return "(accepted)";
}

TEST(sequential_design, a_process_merged_without_rounds_is_not_measured) {
    auto p = duet_of({1.0, 1.0, 1.0, 1.0});
    EXPECT_EQ(measured_processes(p), 4U);
    p.runs.emplace_back(); // process 5, cut short as it started: a run, no round
    EXPECT_EQ(measured_processes(p), 4U);
    p.settings["sequential"] = to_json(design({3, 4, 5}, 8));
    EXPECT_NE(record_error(p).find("/settings/sequential/looks: the last look is at 5 processes, "
                                   "but 4 measured"),
              std::string::npos)
        << record_error(p);
    p.settings["sequential"] = to_json(design({3, 4}, 8));
    EXPECT_EQ(record_error(p), "(accepted)");
}

TEST(sequential_design, a_record_the_profile_does_not_bear_out_names_its_field) {
    auto p = duet_of({1.0, 1.0, 1.0, 1.0});
    const std::vector<std::pair<std::string, std::string>> forged = {
        {R"({"alpha": 0.9})", "/settings/sequential/alpha: must be in (0, 0.5)"},
        {R"({"alpha": 0})", "/settings/sequential/alpha: must be in (0, 0.5)"},
        {R"({"looks": [1]})", "/settings/sequential/looks: the first look is at 1 processes"},
        {R"({"looks": [3, 3]})", "/settings/sequential/looks: must increase strictly (3 then 3)"},
        {R"({"looks": [3, 9]})", "/settings/sequential/looks: a look at 9 processes passes"},
        {R"({"looks": [3.5]})", "/settings/sequential/looks: must hold whole numbers"},
        {R"({"looks": [-3]})", "/settings/sequential/looks: must hold whole numbers"},
        {R"({"looks": []})", "/settings/sequential/looks: is empty"},
        {R"({"max_processes": 2})", "/settings/sequential/max_processes: 2 is outside"},
        {R"({"max_processes": 101})", "/settings/sequential/max_processes: 101 is outside"},
        {R"({"spending": "fast"})", "/settings/sequential/spending: 'fast' is not a spending"},
        {R"({"stopped": "bored"})", "/settings/sequential/stopped: must be"},
        {R"({"looks": "3"})", "/settings/sequential/looks: has the wrong type"},
    };
    for (const auto& [patch, want] : forged) {
        auto record = to_json(design({3, 4}, 8));
        record.update(nlohmann::ordered_json::parse(patch));
        p.settings["sequential"] = record;
        EXPECT_NE(record_error(p).find(want), std::string::npos)
            << patch << ": " << record_error(p);
    }
    // The budget the run's argv gave: 8 processes, not the 4 a forger would make the last look.
    p.tool.argv = {"gpu-reduce-prof", "run", "--duet", "b.json", "--budget", "8,3min"};
    p.settings["sequential"] = to_json(design({3, 4}, 4));
    EXPECT_NE(record_error(p).find("/settings/sequential/max_processes: 4 is not the run's "
                                   "--budget (8 processes"),
              std::string::npos)
        << record_error(p);
    p.settings["sequential"] = to_json(design({3, 4}, 8));
    EXPECT_EQ(record_error(p), "(accepted)");
    p.tool.argv = {"gpu-reduce-prof", "run", "--duet", "b.json", "--budget=90s"}; // a time alone
    EXPECT_EQ(record_error(p), "(accepted)");
}

TEST(sequential_design, a_forged_alpha_never_judges_looser_than_the_header) {
    // One look at the whole budget with alpha 0.4 read 60 % intervals under compare's 99 %
    // header: a forged record turned an undecided case into a verdict.
    auto p = duet_of({1.04, 1.16, 1.10, 1.07, 1.13});
    auto d = design({5}, 5);
    p.settings["sequential"] = to_json(d);
    const auto honest = compare_pair(p, {"old", "new"}, {}, "d.json");
    d.alpha = 0.4;
    p.settings["sequential"] = to_json(d);
    const auto forged = compare_pair(p, {"old", "new"}, {}, "d.json");
    ASSERT_EQ(forged.cases.size(), 1U);
    EXPECT_EQ(forged.cases[0].outcome, honest.cases[0].outcome) << forged.cases[0].note;
    EXPECT_EQ(forged.cases[0].ci_low, honest.cases[0].ci_low);
}

} // namespace
} // namespace grp
