#include "grp/model/profile/io.hpp"
#include "grp/report/text/tie_sentence.hpp"

#include <gtest/gtest.h>

namespace grp {
namespace {

TEST(tie_sentence, names_the_tied_configurations_by_what_sets_them_apart) {
    const auto p = load_profile(std::string(GRP_TEST_DATA) + "/tuning/ties.json");
    const auto s = ties_sentence(ties_of(p, best_configs(p).front()));
    EXPECT_EQ(s.rfind("UNROLL=2 and UNROLL=4 are tied within noise; UNROLL=2 is fastest by ", 0),
              0u)
        << s;
}

TEST(tie_sentence, nothing_without_a_runner_up) {
    best_ties t;
    EXPECT_EQ(ties_sentence(t), "");
}

} // namespace
} // namespace grp
