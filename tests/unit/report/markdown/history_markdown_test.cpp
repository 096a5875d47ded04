// `history --markdown`'s opening line speaks compare's vocabulary (#71): PASS, FAIL, or
// UNDECIDED exactly when history exits 8 (no series judged), never "No failing change" over a
// census of nothing judged.
#include "grp/report/markdown/history.hpp"
#include "grp/report/text/history_text.hpp"

#include <gtest/gtest.h>

namespace grp {
namespace {

TEST(HistoryMarkdown, NothingJudgedOpensUndecided) {
    history_result r;
    r.too_short = 2;
    EXPECT_EQ(history_verdict(r), "UNDECIDED");
    const auto md = history_markdown(r, {}, {});
    EXPECT_NE(md.find("## Performance history\n\n**UNDECIDED**: no series could be judged"),
              std::string::npos)
        << md;
    EXPECT_EQ(md.find("No failing change"), std::string::npos) << md;
}

TEST(HistoryMarkdown, AJudgedHistoryWithoutFindingsOpensPass) {
    history_result r;
    r.judged = 1;
    EXPECT_EQ(history_verdict(r), "PASS");
    EXPECT_NE(history_markdown(r, {}, {}).find("**PASS**: no failing change in the latest 20"),
              std::string::npos);
    r.expired.emplace_back("a waiver past its date");
    EXPECT_EQ(history_verdict(r), "FAIL");
}

} // namespace
} // namespace grp
