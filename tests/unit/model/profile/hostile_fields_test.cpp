// Profile fields a hostile or broken writer can get wrong, refused by validate's one check
// (check_profile_text) and so by every reader: a case's device past 32 bits, a kernel name with
// ESC or NUL, a malformed settings.duet (issue #48).
#include "grp/model/profile/schema_check.hpp"
#include "test_data.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

namespace grp {
namespace {

using ojson = nlohmann::ordered_json;

/// The problems of tests/data/validate/valid.json after `edit`, joined.
template <typename F> std::string problems_after(F edit) {
    auto j = ojson::parse(test::read_test_data("validate/valid.json"));
    edit(j);
    std::string all;
    for (const auto& p : check_profile_text(j.dump(), "p.json").problems) {
        all += p + "\n";
    }
    return all;
}

TEST(HostileFields, TheUneditedFileIsValid) {
    EXPECT_EQ(problems_after([](ojson&) {}), "");
}

TEST(HostileFields, ADeviceIndexPast32BitsNamesNoDeviceNeverDevice0) {
    const auto why = problems_after([](ojson& j) { j["cases"][0]["device"] = 4294967296ULL; });
    EXPECT_NE(why.find("\"device\": 4294967296 names no device"), std::string::npos) << why;
    const auto max = problems_after([](ojson& j) { j["cases"][0]["device"] = 4294967295ULL; });
    EXPECT_NE(max.find("4294967295 names no device"), std::string::npos) << max;
}

TEST(HostileFields, AKernelNameWithEscOrNulIsRefused) {
    const auto esc = problems_after([](ojson& j) { j["cases"][0]["key"]["kernel"] = "a\x1b[2Jb"; });
    EXPECT_NE(esc.find("/cases/0/key/kernel: the kernel name 'a\\x1b[2Jb'"), std::string::npos)
        << esc;
    const auto nul = problems_after(
        [](ojson& j) { j["cases"][0]["key"]["kernel"] = std::string("sum\0evil", 8); });
    EXPECT_NE(nul.find("/cases/0/key/kernel"), std::string::npos) << nul;
}

TEST(HostileFields, AMalformedDuetRecordIsRefusedNotReadAsNoDuet) {
    for (const auto& bad : {ojson("base"), ojson::object(), ojson{{"pairs", 3}},
                            ojson{{"pairs", {{{"base", "k"}, {"candidate", "k"}}}}}}) {
        const auto why = problems_after([&](ojson& j) { j["settings"]["duet"] = bad; });
        EXPECT_NE(why.find("/settings/duet: not a duet record"), std::string::npos)
            << bad.dump() << ": " << why;
    }
}

} // namespace
} // namespace grp
