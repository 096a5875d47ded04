// Tests of CSV fields (report/csv/csv.hpp): RFC 4180 quoting, and cells that a spreadsheet would
// run as formulas kept as text.
#include "grp/report/csv/csv.hpp"

#include <gtest/gtest.h>

namespace grp {
namespace {

TEST(CsvField, PlainTextStaysAsIsAndSeparatorsAreQuoted) {
    EXPECT_EQ(csv_field("reduce6"), "reduce6");
    EXPECT_EQ(csv_field(""), "");
    EXPECT_EQ(csv_field("a,b"), "\"a,b\"");
    EXPECT_EQ(csv_field("say \"hi\""), "\"say \"\"hi\"\"\"");
    EXPECT_EQ(csv_field("two\nlines"), "\"two\nlines\"");
}

TEST(CsvField, FormulaLikeTextIsQuotedBehindAnApostrophe) {
    EXPECT_EQ(csv_field("=HYPERLINK(\"http://evil/\",\"x\")"),
              "\"'=HYPERLINK(\"\"http://evil/\"\",\"\"x\"\")\"");
    for (const std::string lead : {"+", "-", "@", "\t", "\r"}) {
        EXPECT_EQ(csv_field(lead + "1"), "\"'" + lead + "1\"") << lead;
    }
    EXPECT_EQ(csv_field("a=b"), "a=b"); // only a leading one starts a formula
}

} // namespace
} // namespace grp
