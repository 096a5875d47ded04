// Tests of the duet's plan (spec/duet.hpp): names, the control's own program, the record in the
// profile's settings, and the errors that keep a duet from comparing nothing.
#include "grp/core/error.hpp"
#include "grp/model/spec/duet.hpp"

#include <gtest/gtest.h>

namespace grp {
namespace {

kernel_spec spec(const std::string& name, const std::string& source = "__kernel void k() {}") {
    kernel_spec k;
    k.name = name;
    k.entry = "k";
    k.source_text = source;
    return k;
}

TEST(Duet, BaseKernelsAreTimedTwiceUnderPrefixesBesideTheCandidates) {
    const auto plan = plan_duet({spec("sum", "old")}, {spec("sum", "new"), spec("other")});
    ASSERT_EQ(plan.kernels.size(), 5U);
    EXPECT_EQ(plan.kernels[0].name, "sum");
    EXPECT_EQ(plan.kernels[0].source_text, "new");
    EXPECT_EQ(plan.kernels[1].name, "other");
    EXPECT_EQ(plan.kernels[2].name, "base:sum");
    EXPECT_EQ(plan.kernels[2].source_text, "old");
    EXPECT_EQ(plan.kernels[3].name, "control:sum");
    EXPECT_EQ(plan.kernels[3].entry, "k");
    EXPECT_EQ(plan.kernels[3].source_text, "old"); // identical code: an A/A control
    EXPECT_EQ(plan.kernels[4].name, "twin:sum");   // the candidate's control; "other" has none
    EXPECT_EQ(plan.kernels[4].source_text, "new");
    ASSERT_EQ(plan.triples.size(), 1U);
    EXPECT_EQ(plan.triples[0].base, "base:sum");
    EXPECT_EQ(plan.triples[0].cand, "sum");
    EXPECT_EQ(plan.triples[0].control, "control:sum");
    EXPECT_EQ(plan.triples[0].twin, "twin:sum");
}

TEST(Duet, OneNameWithOneSpecPerLayoutIsOneTriple) {
    const auto plan = plan_duet({spec("v3"), spec("v3")}, {spec("v3"), spec("v3")});
    EXPECT_EQ(plan.triples.size(), 1U);
    EXPECT_EQ(plan.kernels.size(), 8U);
}

TEST(Duet, BaseKernelWithoutCandidateOrPrefixedNameIsAUsageError) {
    EXPECT_THROW(plan_duet({spec("sum")}, {spec("other")}), usage_error);
    EXPECT_THROW(plan_duet({}, {spec("sum")}), usage_error);
    EXPECT_THROW(plan_duet({spec("sum")}, {spec("sum"), spec("base:x")}), usage_error);
    EXPECT_THROW(plan_duet({spec("control:sum")}, {spec("control:sum")}), usage_error);
    EXPECT_THROW(plan_duet({spec("sum")}, {spec("sum"), spec("twin:sum")}), usage_error);
}

TEST(Duet, SettingsRecordRoundTripsAndForeignRecordsAreIgnored) {
    const std::vector<duet_triple> t = {{"base:a", "a", "control:a", "twin:a"},
                                        {"base:b", "b", "control:b"}}; // b: before the twin
    nlohmann::ordered_json settings = {{"duet", duet_to_json("old/spec.json", t)}};
    EXPECT_EQ(settings["duet"]["base"], "old/spec.json");
    const auto back = duet_triples(settings);
    ASSERT_EQ(back.size(), 2U);
    EXPECT_EQ(back[1].base, "base:b");
    EXPECT_EQ(back[1].cand, "b");
    EXPECT_EQ(back[1].control, "control:b");
    EXPECT_EQ(back[0].twin, "twin:a");
    EXPECT_EQ(back[1].twin, "");
    EXPECT_TRUE(duet_triples(nlohmann::ordered_json::object()).empty());
    EXPECT_TRUE(duet_triples({{"duet", "yes"}}).empty());
    EXPECT_TRUE(duet_triples({{"duet", {{"pairs", {{{"base", 1}}}}}}}).empty());
    EXPECT_TRUE(
        duet_triples({{"duet", {{"pairs", {{{"base", "a"}, {"candidate", "a"}}}}}}}).empty());
    EXPECT_TRUE(
        duet_triples({{"duet", {{"pairs", {{{"base", "b"}, {"candidate", "a"}, {"twin", "b"}}}}}}})
            .empty());
}

} // namespace
} // namespace grp
