#include "grp/model/measure/timestamps.hpp"

#include <gtest/gtest.h>

namespace grp {
namespace {

TEST(timestamps, plausible_stamps_pass) {
    EXPECT_EQ(check_stamps({100, 110, 120, 220}, 1), "");
    EXPECT_EQ(check_stamps({100, 100, 100, 101}, 1), "");
}

TEST(timestamps, fabricated_driver_bugs_are_flagged) {
    EXPECT_EQ(check_stamps({100, 110, 220, 120}, 1), "END before START");
    EXPECT_EQ(check_stamps({100, 130, 120, 220}, 1), "START before SUBMIT");
    EXPECT_EQ(check_stamps({140, 130, 150, 220}, 1), "SUBMIT before QUEUED");
    EXPECT_EQ(check_stamps({100, 110, 120, 120}, 1), "duration under timer resolution (1 ns)");
    EXPECT_EQ(check_stamps({100, 110, 120, 600}, 1000),
              "duration under timer resolution (1000 ns)");
    EXPECT_EQ(check_stamps({100, 110, 120, 120}, 0), "duration under timer resolution (0 ns)");
}

// Stamps {queued, submit, start, end} of passes that follow each other with `gap` ns between
// one pass's END and the next one's START.
std::vector<launch_stamps> back_to_back(const std::vector<std::uint64_t>& durations,
                                        std::uint64_t gap) {
    std::vector<launch_stamps> out;
    std::uint64_t t = 1000;
    for (auto d : durations) {
        out.push_back({t - 500, t - 100, t, t + d});
        t += d + gap;
    }
    return out;
}

TEST(chain_span, one_pass_span_is_its_duration) {
    const auto t = chain_span(back_to_back({700}, 0), 1);
    EXPECT_EQ(t.flag, "");
    EXPECT_EQ(t.span_ns, 700u);
    EXPECT_EQ(t.pass_sum_ns, 700u);
    EXPECT_EQ(t.overhead_ns, 500u);
}

TEST(chain_span, gaps_between_passes_count_in_the_span_not_in_the_sum) {
    const auto t = chain_span(back_to_back({3000, 40, 20}, 250), 1);
    EXPECT_EQ(t.flag, "");
    EXPECT_EQ(t.pass_sum_ns, 3060u);
    EXPECT_EQ(t.span_ns, 3060u + 2 * 250u);
    EXPECT_EQ(t.overhead_ns, 500u); // of the first pass only
}

TEST(chain_span, span_is_at_least_the_sum_whenever_passes_do_not_overlap) {
    for (std::uint64_t gap : {0, 1, 7, 5000}) {
        for (const auto& d : std::vector<std::vector<std::uint64_t>>{
                 {1}, {5, 5}, {100, 1, 1}, {123456, 789, 10, 3}}) {
            const auto t = chain_span(back_to_back(d, gap), 1);
            EXPECT_EQ(t.flag, "");
            EXPECT_GE(t.span_ns, t.pass_sum_ns);
            EXPECT_EQ(t.span_ns - t.pass_sum_ns, gap * (d.size() - 1));
        }
    }
}

TEST(chain_span, overlapping_passes_are_flagged) {
    auto s = back_to_back({100, 100}, 0);
    s[1].start -= 10; // pass 2 starts 10 ns before pass 1 ends
    s[1].submit = s[1].queued = s[1].start - 5;
    const auto t = chain_span(s, 1);
    EXPECT_EQ(t.flag, "pass 2 STARTs before the previous pass ENDs");
    EXPECT_LT(t.span_ns, t.pass_sum_ns);
}

TEST(chain_span, out_of_order_passes_are_flagged) {
    auto s = back_to_back({100, 100, 100}, 50);
    std::swap(s[1], s[2]); // stamps of pass 3 read as pass 2's
    EXPECT_EQ(chain_span(s, 1).flag, "pass 3 STARTs before the previous pass ENDs");
    auto r = back_to_back({100, 100}, 50);
    std::swap(r[0], r[1]); // the last pass ENDs before the first STARTs
    const auto t = chain_span(r, 1);
    EXPECT_FALSE(t.flag.empty());
    EXPECT_EQ(t.span_ns, 0u);
}

TEST(chain_span, a_bad_pass_names_itself) {
    auto s = back_to_back({100, 100}, 10);
    s[1].end = s[1].start; // zero duration
    EXPECT_EQ(chain_span(s, 1).flag, "pass 2: duration under timer resolution (1 ns)");
    EXPECT_EQ(chain_span({{100, 110, 220, 120}}, 1).flag, "END before START"); // one pass
    EXPECT_EQ(chain_span({}, 1).flag, "no launches");
}

} // namespace
} // namespace grp
