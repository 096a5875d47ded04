// compare pairs cases by their whole key: a tuning configuration or another operator is another
// case, never paired with the plain one; old profiles (no params, no op) pair as before.
#include "grp/model/compare/compare.hpp"
#include "grp/model/profile/io.hpp"

#include <gtest/gtest.h>

namespace grp {
namespace {

std::string fixture(const std::string& name) {
    return std::string(GRP_TEST_DATA) + "/compare/" + name + ".json";
}

TEST(compare_keys, parameters_and_operator_are_part_of_the_match) {
    const auto base = load_profile(fixture("base"));
    auto cand = load_profile(fixture("identical"));
    ASSERT_GE(cand.cases.size(), 3u);
    cand.cases[0].key.params["VEC"] = "4"; // another configuration of the same kernel
    cand.cases[1].key.op = "max";          // another operator
    const auto c = compare_profiles(base, cand, {}, "base", "cand");
    EXPECT_EQ(c.count(verdict::missing), 2u);
    EXPECT_EQ(c.count(verdict::added), 2u);
    EXPECT_EQ(c.common, base.cases.size() - 2);
    // The same parameters on both sides pair again.
    auto base2 = base;
    base2.cases[0].key.params["VEC"] = "4";
    base2.cases[1].key.op = "max";
    const auto c2 = compare_profiles(base2, cand, {}, "base", "cand");
    EXPECT_EQ(c2.count(verdict::missing), 0u);
    EXPECT_EQ(c2.common, base.cases.size());
}

TEST(compare_keys, a_schema_1_profile_has_plain_keys_and_still_pairs) {
    const auto v1 = load_profile(fixture("v1_base"));
    ASSERT_FALSE(v1.cases.empty());
    for (const auto& c : v1.cases) {
        EXPECT_EQ(c.key.op, "sum");
        EXPECT_TRUE(c.key.params.empty());
    }
    const auto c = compare_profiles(v1, load_profile(fixture("identical")), {}, "v1", "now");
    EXPECT_GT(c.common, 0u);
}

} // namespace
} // namespace grp
