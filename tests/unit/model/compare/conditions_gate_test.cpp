// compare refuses to gate timing across different device conditions (issue #66): a 10 % slower
// candidate fails under the same conditions, is read but not gated (judged nothing: exit 8,
// NOT GATED) when a key fact differs, with each differing fact named in the note and the
// warnings, and fails again under --conditions any. A profile without conditions (before 2.17)
// against one with them is said, never refused.
#include "grp/model/compare/compare.hpp"
#include "grp/model/profile/io.hpp"

#include <gtest/gtest.h>

namespace grp {
namespace {

device_conditions host_set(const std::string& governor, const std::string& boost) {
    device_conditions c;
    c.facts = {known_fact("governor", governor), known_fact("boost", boost),
               known_fact("kernel_release", "6.8.0")};
    c.key_facts = cpu_key_facts();
    return c;
}

comparison compare_with(const std::optional<device_conditions>& base_c,
                        const std::optional<device_conditions>& cand_c, bool any = false) {
    const std::string dir = std::string(GRP_TEST_DATA) + "/compare/";
    auto base = load_profile(dir + "base.json");
    auto cand = load_profile(dir + "slower10.json");
    for (auto& d : base.devices) {
        d.conditions = base_c;
    }
    for (auto& d : cand.devices) {
        d.conditions = cand_c;
    }
    compare_options opt;
    opt.one_run_gates = true; // single-run fixtures: the rule under test is the conditions'
    opt.any_conditions = any;
    return compare_profiles(base, cand, opt, "base", "cand");
}

bool warned(const comparison& c, const std::string& part) {
    for (const auto& w : c.warnings) {
        if (w.find(part) != std::string::npos) {
            return true;
        }
    }
    return false;
}

TEST(ConditionsGate, TheSameConditionsGate) {
    const auto c = compare_with(host_set("performance", "on"), host_set("performance", "on"));
    EXPECT_EQ(c.failures(), 6u);
    EXPECT_TRUE(c.conditions.empty());
    EXPECT_FALSE(c.conditions_not_gated());
}

TEST(ConditionsGate, ADifferingFactIsNamedAndNotGated) {
    const auto c = compare_with(host_set("performance", "on"), host_set("powersave", "on"));
    EXPECT_EQ(c.failures(), 0u);
    EXPECT_EQ(c.timing_judged(), 0u);
    EXPECT_TRUE(c.judged_nothing()); // compare exits 8
    EXPECT_TRUE(c.timing_not_gated());
    ASSERT_EQ(c.conditions.size(), 1u);
    EXPECT_NE(c.conditions[0].find("governor: performance -> powersave"), std::string::npos);
    for (const auto& cc : c.cases) {
        EXPECT_TRUE(cc.conditions_differ);
        EXPECT_EQ(cc.outcome, verdict::slower); // still read and shown
        EXPECT_NE(cc.note.find("the conditions differ (governor: performance -> powersave)"),
                  std::string::npos)
            << cc.note;
    }
    EXPECT_TRUE(warned(c, "--conditions any"));
}

TEST(ConditionsGate, AFactOutsideTheKeyDoesNotRefuse) {
    auto other = host_set("performance", "on");
    other.facts[2].value = "6.11.0"; // the kernel release
    EXPECT_EQ(compare_with(host_set("performance", "on"), other).failures(), 6u);
}

TEST(ConditionsGate, AnyConditionsGatesAnyway) {
    const auto c =
        compare_with(host_set("performance", "on"), host_set("performance", "off"), true);
    EXPECT_EQ(c.failures(), 6u);
    EXPECT_FALSE(c.conditions_not_gated());
    EXPECT_TRUE(warned(c, "boost: on -> off"));
}

TEST(ConditionsGate, AnOldProfileIsSaidNotRefused) {
    const auto c = compare_with(std::nullopt, host_set("performance", "on"));
    EXPECT_EQ(c.failures(), 6u);
    EXPECT_TRUE(warned(c, "base records no device conditions (written before schema 2.17)"));
    EXPECT_FALSE(warned(compare_with(std::nullopt, std::nullopt), "device conditions"));
}

TEST(ConditionsGate, StealTimeIsAWarningNotARefusal) {
    auto stolen = host_set("performance", "on");
    stolen.facts.push_back(known_fact("steal_pct", 12.5));
    const auto c = compare_with(host_set("performance", "on"), stolen);
    EXPECT_EQ(c.failures(), 6u);
    EXPECT_TRUE(warned(c, "cand: a hypervisor took 12.5 % of the CPU's time while"));
    stolen.facts.back().value = 5.0;
    EXPECT_FALSE(warned(compare_with(stolen, stolen), "hypervisor"));
}

} // namespace
} // namespace grp
