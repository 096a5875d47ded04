// The work gate's table: configurations of one kernel (tuning parameters) are rows of their own,
// told apart by a params column, which stays out when no case has parameters.
#include "grp/report/text/work_text.hpp"

#include <gtest/gtest.h>
#include <sstream>

namespace grp {
namespace {

work_case work_row(const std::string& tile) {
    work_case c;
    c.key = make_case_key("my_sum", "float", "flat", 4099, 64);
    if (!tile.empty()) {
        c.key.params = {{"TILE", tile}};
    }
    c.verdict = work_verdict::more_work;
    return c;
}

std::string work_table_text(const std::vector<std::string>& tiles) {
    work_comparison w;
    for (const auto& t : tiles) {
        w.cases.push_back(work_row(t));
    }
    std::ostringstream os;
    work_table(w, false).print(os, false);
    return os.str();
}

// The newcomer walk of 2026-12-05: three identical rows "my_sum float flat 4099 64 more-work".
TEST(work_text, configurations_of_one_kernel_are_told_apart) {
    const auto text = work_table_text({"1", "4", "8"});
    EXPECT_NE(text.find("params"), std::string::npos) << text;
    for (const char* t : {"TILE=1", "TILE=4", "TILE=8"}) {
        EXPECT_NE(text.find(t), std::string::npos) << t << "\n" << text;
    }
    EXPECT_EQ(work_table_text({""}).find("params"), std::string::npos);
}

} // namespace
} // namespace grp
