// The conditions key (issue #66): it covers the facts that change performance and no other,
// null facts count as "null", it is recomputed from the facts (an edited file cannot keep its
// old key), and the differences are named fact by fact.
#include "grp/core/machine/device_conditions.hpp"

#include <gtest/gtest.h>

namespace grp {
namespace {

device_conditions gpu(double limit_w) {
    device_conditions c;
    c.facts = {known_fact("board_name", "NVIDIA H200"),
               known_fact("power_limit_w", limit_w),
               known_fact("ecc", "enabled"),
               unknown_fact("mig", "not supported"),
               known_fact("kernel_release", "6.8.0"),
               known_fact("pcie_gen", 5)};
    c.key_facts = gpu_key_facts();
    return c;
}

TEST(ConditionsKey, CoversThePerformanceFactsOnly) {
    const auto a = gpu(700);
    EXPECT_EQ(a.key().size(), 12u);
    EXPECT_EQ(a.key(), gpu(700).key());
    EXPECT_NE(a.key(), gpu(500).key());
    auto b = gpu(700);
    b.facts[4].value = "6.11.0"; // kernel release: recorded, not keyed
    b.facts[5].value = 1;        // the current PCIe generation falls at idle
    EXPECT_EQ(a.key(), b.key());
    EXPECT_TRUE(differing_facts(a, b).empty());
}

TEST(ConditionsKey, AnUnknownFactIsPartOfTheKey) {
    auto b = gpu(700);
    b.facts[2] = unknown_fact("ecc", "nvmlDeviceGetEccMode: no permission");
    EXPECT_NE(gpu(700).key(), b.key());
    const auto d = differing_facts(gpu(700), b);
    ASSERT_EQ(d.size(), 1u);
    EXPECT_EQ(d[0], "ecc: enabled -> null (nvmlDeviceGetEccMode: no permission)");
}

TEST(ConditionsKey, NamesEveryDifferingFact) {
    auto b = gpu(500);
    b.facts[0].value = "NVIDIA H200 NVL";
    const auto d = differing_facts(gpu(700), b);
    ASSERT_EQ(d.size(), 2u);
    EXPECT_EQ(d[0], "power_limit_w: 700.0 -> 500.0");
    EXPECT_EQ(d[1], "board_name: NVIDIA H200 -> NVIDIA H200 NVL");
}

TEST(ConditionsKey, ACpuKeyCoversTheHostSettings) {
    device_conditions a;
    a.facts = {known_fact("governor", "performance"), known_fact("boost", "on"),
               known_fact("steal_pct", 0.0)};
    a.key_facts = cpu_key_facts();
    auto b = a;
    b.facts[2].value = 12.5; // steal is measured, not set
    EXPECT_EQ(a.key(), b.key());
    b.facts[0].value = "powersave";
    EXPECT_EQ(differing_facts(a, b),
              std::vector<std::string>{"governor: performance -> powersave"});
}

TEST(ConditionsJson, RoundTripsAndRecomputesTheKey) {
    const auto a = gpu(700);
    auto j = conditions_json(a);
    EXPECT_EQ(j["key"], a.key());
    EXPECT_TRUE(j["facts"]["mig"].is_null());
    EXPECT_EQ(j["unknown"]["mig"], "not supported");
    EXPECT_FALSE(j["unknown"].contains("ecc"));
    const auto back = device_conditions_from(j);
    EXPECT_EQ(back.key(), a.key());
    EXPECT_EQ(back.find("mig")->why, "not supported");
    j["facts"]["power_limit_w"] = 500.0; // an edited file: its stale key is not believed
    EXPECT_EQ(device_conditions_from(j).key(), gpu(500).key());
    j["facts"]["ecc"] = nlohmann::ordered_json::array(); // not a fact's type: unknown
    EXPECT_TRUE(device_conditions_from(j).find("ecc")->value.is_null());
}

} // namespace
} // namespace grp
