// A case above 105 % of its device's measured peak is flagged, never shown as a win: in the
// case's own record (derive_metrics), the HTML report and the markdown summary.
#include "grp/model/measure/case_metrics.hpp"
#include "grp/model/profile/best.hpp"
#include "grp/report/html/page.hpp"
#include "grp/report/markdown/summary.hpp"

#include <gtest/gtest.h>

namespace grp {
namespace {

// A verified float case of `kernel` whose every sample took `ns` for 1 GB.
case_result timed_case(const std::string& kernel, std::uint64_t local, std::uint64_t ns) {
    case_result c;
    c.key = make_case_key(kernel, "float", "flat", 250000000, local);
    c.bytes = 1000000000;
    round_record r;
    r.samples_ns = {ns, ns, ns};
    c.rounds = {r};
    return c;
}

// A CPU profile with a peak of 100 GB/s: one case at 148 GB/s (cache-resident), one at 90.
profile fabricated() {
    profile p;
    profile_device d;
    d.info.name = "Fixture CPU";
    d.info.type = "cpu";
    d.peak = peak_bandwidth{100.0, 50.0, 1u << 27, 0, 0, "chunk_read (global 2, local 1)"};
    p.devices.push_back(d);
    p.cases.push_back(timed_case("reduce_vec4", 256, 6756757)); // 148.0 GB/s
    p.cases.push_back(timed_case("reduce_chunk", 1, 11111111)); // 90.0 GB/s
    for (auto& c : p.cases) {
        derive_metrics(c, 100.0);
    }
    return p;
}

TEST(above_peak, flagged_only_over_105_percent) {
    auto at = [](std::uint64_t ns) {
        auto c = timed_case("k", 64, ns);
        derive_metrics(c, 100.0);
        return c;
    };
    EXPECT_FALSE(at(10000000).above_peak); // 100 %
    EXPECT_FALSE(at(9523810).above_peak);  // 104.99999 %
    EXPECT_TRUE(at(9500000).above_peak);   // 105.3 %
    EXPECT_NEAR(*at(9500000).pct_of_peak, 105.26, 0.01);
    EXPECT_EQ(at(9500000).notes.size(), 1u); // says why
    auto no_peak = timed_case("k", 64, 1000);
    derive_metrics(no_peak, 0);
    EXPECT_FALSE(no_peak.above_peak);
    EXPECT_FALSE(no_peak.pct_of_peak.has_value());
    EXPECT_NEAR(*no_peak.gbps, 1e6, 1e-6);
}

// The runner measures the peak again after the sweep and derives the metrics again when it
// improved: the flag and its note follow the better peak, never pile up.
TEST(above_peak, follows_a_peak_measured_again) {
    auto c = timed_case("k", 64, 9000000); // 111 GB/s
    derive_metrics(c, 100.0);
    EXPECT_TRUE(c.above_peak);
    derive_metrics(c, 100.0);
    EXPECT_EQ(c.notes.size(), 1u);
    derive_metrics(c, 120.0);
    EXPECT_FALSE(c.above_peak);
    EXPECT_TRUE(c.notes.empty());
    EXPECT_NEAR(*c.pct_of_peak, 92.59, 0.01);
}

// The note names the likely cause from what was measured and reported (#47): an input within
// twice the driver's cache is cache-resident; a larger one points at a peak that read low.
TEST(above_peak, the_note_names_the_likely_cause) {
    profile_device d;
    d.info.global_cache_bytes = std::uint64_t{32} << 20;
    d.peak = peak_bandwidth{100.0, 50.0, 1u << 30, 0, 0, "stream_read"};
    auto big = timed_case("k", 64, 9000000); // 1 GB at 111 GB/s
    derive_metrics(big, d);
    ASSERT_TRUE(big.above_peak);
    ASSERT_EQ(big.notes.size(), 1u);
    EXPECT_NE(big.notes[0].find("over the cache the driver reports, so the peak probably read "
                                "low: measured on a busy machine"),
              std::string::npos)
        << big.notes[0];
    auto small = timed_case("k", 64, 90000);
    small.bytes = std::uint64_t{16} << 20; // 16 MiB at 186 GB/s
    derive_metrics(small, d);
    ASSERT_EQ(small.notes.size(), 1u);
    EXPECT_NE(small.notes[0].find("its 16.00 MiB input fits in the 32.00 MiB cache the driver "
                                  "reports: a cache-resident read"),
              std::string::npos)
        << small.notes[0];
    EXPECT_FALSE(can_win(small));
    d.peak->read_gbps = 200.0; // the peak measured again, higher: the flag and note go
    derive_metrics(small, d);
    EXPECT_TRUE(small.notes.empty());
    EXPECT_TRUE(can_win(small));
}

TEST(above_peak, markdown_marks_the_case_and_says_why) {
    const auto md = render_markdown_summary({{"cpu.json", fabricated()}}, "");
    // The fastest case is the suspect one: never best (#47), so its family has no best row and
    // the family under the peak keeps its own...
    EXPECT_EQ(md.find("| reduce\\_vec | float |"), std::string::npos) << md;
    EXPECT_NE(md.find("| reduce\\_chunk | float | 250.00M | reduce\\_chunk | 1 | 90.0 | 90.0 |"),
              std::string::npos)
        << md;
    // ...and the table's note explains the mark (markdown_escape writes '>' as &gt;).
    EXPECT_NE(md.find("**1 case(s) marked &gt;peak ran above 105% of the device's measured peak"),
              std::string::npos)
        << md;
}

TEST(above_peak, html_marks_the_case_in_the_summary_and_every_case_table) {
    html::page_options opt;
    const auto page = html::render_report({{"cpu.json", fabricated()}}, opt);
    // The all-cases table shows the mark, in the warning colour; the summary (best per family)
    // never crowns the case (#47).
    std::size_t marks = 0;
    for (auto pos = page.find("148.0 &gt;peak"); pos != std::string::npos;
         pos = page.find("148.0 &gt;peak", pos + 1)) {
        ++marks;
    }
    EXPECT_EQ(marks, 1u) << page;
    EXPECT_NE(page.find("class=\"above-peak num\""), std::string::npos);
    EXPECT_NE(page.find("<p class=\"warn\">1 case(s) marked &gt;peak"), std::string::npos);
    // The case under the peak is plain.
    EXPECT_EQ(page.find("90.0 &gt;peak"), std::string::npos);
    // The device card names the read shape the peak came from.
    EXPECT_NE(page.find("chunk_read (global 2, local 1)"), std::string::npos);
}

} // namespace
} // namespace grp
