// The run context compare and report show: the fields a profile records (2.2 adds the CPU's
// clocks and governor), "not recorded" for older profiles, environment variables that differ,
// and the console and markdown tables of what differs, escaped.
#include "grp/model/compare/compare.hpp"
#include "grp/model/profile/context.hpp"
#include "grp/model/profile/io.hpp"
#include "grp/report/console/compare.hpp"
#include "grp/report/csv/compare.hpp"
#include "grp/report/json/compare.hpp"
#include "grp/report/markdown/compare.hpp"
#include "grp/report/text/compare_tables.hpp"

#include <gtest/gtest.h>
#include <sstream>

namespace grp {
namespace {

profile fixture_base() {
    return load_profile(std::string(GRP_TEST_DATA) + "/compare/base.json");
}

const context_difference* find(const comparison& c, const std::string& what) {
    for (const auto& d : c.context) {
        if (d.what == what) {
            return &d;
        }
    }
    return nullptr;
}

TEST(context, profiles_before_2_2_say_clocks_not_recorded) {
    const profile p = fixture_base(); // written before 2.2: no cpu_mhz key
    EXPECT_FALSE(p.host.clocks_recorded);
    const auto fields = context_fields(p, {});
    bool seen = false;
    for (const auto& f : fields) {
        if (f.what == "cpu max clock") {
            EXPECT_EQ(f.value, "not recorded");
            seen = true;
        }
    }
    EXPECT_TRUE(seen);
}

TEST(context, clocks_round_trip_and_null_means_unavailable) {
    profile p = fixture_base();
    p.host.clocks_recorded = true;
    p.host.cpu_mhz = 2096.5;
    p.host.cpu_max_mhz.reset();
    p.host.cpu_governor = "performance";
    const profile q = parse_profile(profile_text(p), "q.json");
    EXPECT_TRUE(q.host.clocks_recorded);
    ASSERT_TRUE(q.host.cpu_mhz.has_value());
    EXPECT_DOUBLE_EQ(*q.host.cpu_mhz, 2096.5);
    EXPECT_FALSE(q.host.cpu_max_mhz.has_value());
    EXPECT_EQ(q.host.cpu_governor, "performance");
}

TEST(context, differing_env_clocks_and_platform_are_listed) {
    const profile base = fixture_base();
    profile cand = base;
    cand.host.env["POCL_DEVICES"] = "pthread";
    cand.host.clocks_recorded = true;
    cand.host.cpu_max_mhz = 3000;
    cand.devices.at(0).info.platform_version = "OpenCL 3.0 PoCL 5.0";
    const auto c = compare_profiles(base, cand, {}, "base.json", "cand.json");
    const auto* env = find(c, "env POCL_DEVICES");
    ASSERT_NE(env, nullptr);
    EXPECT_EQ(env->base, "unset");
    EXPECT_EQ(env->cand, "pthread");
    const auto* clock = find(c, "cpu max clock");
    ASSERT_NE(clock, nullptr);
    EXPECT_EQ(clock->base, "not recorded");
    EXPECT_EQ(clock->cand, "3000 MHz");
    ASSERT_NE(find(c, "platform"), nullptr);
    EXPECT_EQ(find(c, "cpu"), nullptr); // the same CPU is not listed
}

TEST(context, tables_escape_values_from_the_environment) {
    const profile base = fixture_base();
    profile cand = base;
    cand.host.env["OCL_ICD_VENDORS"] = "/x|y\033[31m";
    const std::vector<comparison> all = {
        compare_profiles(base, cand, {}, "base.json", "cand.json")};
    std::ostringstream console, markdown;
    print_comparisons(console, all, false);
    print_comparisons_markdown(markdown, all);
    EXPECT_NE(console.str().find("context that differs"), std::string::npos);
    EXPECT_NE(console.str().find("env OCL_ICD_VENDORS   unset  /x|y\\x1b[31m"), std::string::npos)
        << console.str();
    EXPECT_EQ(console.str().find('\033'), std::string::npos);
    EXPECT_NE(markdown.str().find("| env OCL\\_ICD\\_VENDORS | unset | /x\\|y"), std::string::npos)
        << markdown.str();
}

} // namespace
} // namespace grp
