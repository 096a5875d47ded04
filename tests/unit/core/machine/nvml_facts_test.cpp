// An NVIDIA GPU's conditions through NVML (issue #66), read from the stand-in library
// (stand_in_nvml.c): every fact a value or null with NVML's reason (not supported, no
// permission, a call the library lacks), names without a NUL read within their buffers, and no
// library at all makes every fact null with the reason.
#include "grp/core/machine/nvml_facts.hpp"

#include <gtest/gtest.h>

namespace grp {
namespace {

const condition_fact& named(const std::vector<condition_fact>& facts, const std::string& name) {
    for (const auto& f : facts) {
        if (f.name == name) {
            return f;
        }
    }
    throw std::runtime_error("no fact " + name);
}

TEST(NvmlFacts, ReadsTheStandInsSettings) {
    const auto facts = nvml_facts(std::nullopt, std::string("GPU-0"), GRP_STAND_IN_NVML);
    ASSERT_EQ(facts.size(), nvml_fact_names().size());
    for (std::size_t i = 0; i < facts.size(); ++i) {
        EXPECT_EQ(facts[i].name, nvml_fact_names()[i]);
        EXPECT_EQ(facts[i].value.is_null(), !facts[i].why.empty()) << facts[i].name;
    }
    EXPECT_EQ(named(facts, "board_name").value, std::string(127, 'N')); // no NUL: cut at the end
    EXPECT_EQ(named(facts, "board_part_number").value, "692-2G520-0280-000");
    EXPECT_EQ(named(facts, "driver_version").value, "580.159.04");
    EXPECT_EQ(named(facts, "cuda_driver_version").value, "13.0");
    EXPECT_EQ(named(facts, "power_limit_w").value, 700.0);
    EXPECT_EQ(named(facts, "enforced_power_limit_w").value, 650.0);
    EXPECT_EQ(named(facts, "ecc").value, "enabled");
    EXPECT_EQ(named(facts, "compute_mode").value, "exclusive_process");
    EXPECT_EQ(named(facts, "applications_sm_mhz").value, 1980);
    EXPECT_EQ(named(facts, "default_applications_memory_mhz").value, 3201);
    EXPECT_EQ(named(facts, "pcie_gen").value, 1);
    EXPECT_EQ(named(facts, "pcie_max_gen").value, 5);
    EXPECT_EQ(named(facts, "pcie_max_width").value, 16);
}

TEST(NvmlFacts, EachFailureKeepsNvmlsReason) {
    const auto facts = nvml_facts(std::nullopt, std::nullopt, GRP_STAND_IN_NVML);
    EXPECT_EQ(named(facts, "mig").why, "nvmlDeviceGetMigMode: not supported on this GPU");
    EXPECT_EQ(named(facts, "persistence").why, "nvmlDeviceGetPersistenceMode: no permission");
    EXPECT_EQ(named(facts, "vbios").why,
              "this libnvidia-ml has no nvmlDeviceGetVbiosVersion (an older driver)");
    EXPECT_NE(named(facts, "locked_clocks").why.find("no getter"), std::string::npos);
}

TEST(NvmlFacts, WithoutTheLibraryEveryFactSaysWhy) {
    const auto facts = nvml_facts(std::nullopt, std::nullopt, "/nonexistent/libnvidia-ml.so.1");
    ASSERT_EQ(facts.size(), nvml_fact_names().size());
    for (const auto& f : facts) {
        EXPECT_TRUE(f.value.is_null());
        EXPECT_EQ(f.why.rfind("no NVML: /nonexistent/libnvidia-ml.so.1 could not be loaded", 0), 0u)
            << f.why;
    }
}

} // namespace
} // namespace grp
