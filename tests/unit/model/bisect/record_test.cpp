// The state bisect keeps (bisect.json): written and read back unchanged, and refused when its
// steps are not the ones the search would take (a hand-edited or foreign file must not steer
// --resume to a range its duets never supported).
#include "grp/core/error.hpp"
#include "grp/model/bisect/record.hpp"

#include <gtest/gtest.h>

namespace grp {
namespace {

bisect_record sample_record() {
    bisect_record r;
    r.repo = ".";
    r.spec = "kernels/work.json";
    r.commits = {"c0", "c1", "c2", "c3", "c4"};
    r.good = "c0";
    r.bad = "c4";
    r.max_skips = 2;
    r.cases = {"work_sum/int/flat/n=1000/local=1"};
    r.run_args = {"-n", "1000"};
    step_result bad{step_verdict::bad, {{r.cases[0], "slower", 0.25, 0.2, 0.3}}, "read slower"};
    r.steps.push_back({4, "c4", bad, "step-1-c4.json", 7.5});
    r.steps.push_back({2, "c2", {step_verdict::undecided, {}, "a kernel failed to build"}, "", 1});
    return r;
}

TEST(bisect_record, round_trips_through_json) {
    const auto r = sample_record();
    const auto back = bisect_record_from_json(to_json(r));
    EXPECT_EQ(to_json(back), to_json(r));
    EXPECT_EQ(back.plan().max_duets, 1U + 2U + 2U);
    const auto s = replay(back);
    EXPECT_EQ(s.next(), std::optional<std::size_t>(1)); // 2 skipped: 1 and 3 are as near; older
}

TEST(bisect_record, refuses_steps_the_search_would_not_take) {
    auto j = to_json(sample_record());
    j["steps"][1]["place"] = 3; // the search measures 2 there
    EXPECT_THROW(bisect_record_from_json(j), file_error);
    j = to_json(sample_record());
    j["steps"][0]["commit"] = "c3"; // place 4 is c4
    EXPECT_THROW(bisect_record_from_json(j), file_error);
    j = to_json(sample_record());
    j["bisect_version"] = "2.0.0";
    EXPECT_THROW(bisect_record_from_json(j), file_error);
    j = to_json(sample_record());
    j["steps"][0]["verdict"] = "maybe";
    EXPECT_THROW(bisect_record_from_json(j), file_error);
    j = to_json(sample_record());
    j.erase("commits");
    EXPECT_THROW(bisect_record_from_json(j), file_error);
}

} // namespace
} // namespace grp
