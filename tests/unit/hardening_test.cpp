// Issue #15, per class: bad input to the loaders is a file_error (exit 5), never a crash; every
// reader agrees with validate; a profile is always valid JSON; counts never wrap.
#include "grp/core/checked_math.hpp"
#include "grp/core/error.hpp"
#include "grp/core/text_safe.hpp"
#include "grp/core/units.hpp"
#include "grp/model/plan/pass_plan.hpp"
#include "grp/model/profile/io.hpp"
#include "grp/model/profile/profile.hpp"
#include "grp/model/profile/schema_check.hpp"
#include "grp/model/spec/kernel_spec.hpp"
#include "model/profile/profile_samples.hpp"

#include <gtest/gtest.h>

namespace grp {
namespace {

using ojson = nlohmann::ordered_json;

std::string profile_error(const std::string& text) {
    try {
        (void)parse_profile(text, "p.json");
    } catch (const file_error& e) {
        return e.what();
    }
    return "(no error)";
}

std::string spec_error(const std::string& text) {
    try {
        (void)parse_kernel_specs(text, "s.json", [](const std::string&) { return "src"; });
    } catch (const file_error& e) {
        return e.what();
    }
    return "(no error)";
}

// Class 1: whatever bytes a driver log, argv or a path holds, the profile is valid JSON.
TEST(hardening, a_profile_with_invalid_utf8_still_writes_valid_json) {
    profile p = test::rich_profile();
    p.tool.argv = {"gpu-reduce-prof", "run", "-k", "caf\xE9.json"};
    p.cases[0].extra["build_log"] = std::string(4095, 'x') + "\xE2\x82"; // cut in a character
    p.cases[0].reason = "bad\xFF";
    std::string text;
    ASSERT_NO_THROW(text = profile_text(p));
    EXPECT_TRUE(is_valid_utf8(text));
    const profile back = parse_profile(text, "p.json");
    EXPECT_EQ(back.tool.argv[3], "caf\xEF\xBF\xBD.json");
}

// Class 6: numbers and depth.
TEST(hardening, a_number_beyond_double_range_is_a_bad_file_with_its_place) {
    ojson j = test::rich_profile();
    std::string text = j.dump(1);
    const auto at = text.find("\"bytes\": ");
    ASSERT_NE(at, std::string::npos);
    text.insert(at + 9, "1e400, \"x\": ");
    const auto msg = profile_error(text);
    EXPECT_NE(msg.find("p.json:"), std::string::npos) << msg;
    EXPECT_NE(msg.find("1e400"), std::string::npos) << msg;
}

TEST(hardening, deep_nesting_is_a_bad_file_not_a_stack_overflow) {
    const std::string deep = std::string(1 << 20, '[') + std::string(1 << 20, ']');
    EXPECT_NE(profile_error(deep).find("nested deeper than"), std::string::npos);
    EXPECT_NE(spec_error(deep).find("nested deeper than"), std::string::npos);
    EXPECT_NE(check_profile_text(deep, "p.json").problems.at(0).find("nested deeper"),
              std::string::npos);
    // Inside a valid profile, in a free-form field.
    ojson j = test::rich_profile();
    ojson nest = ojson::array();
    for (int i = 0; i < 200; ++i) {
        nest = ojson::array({nest});
    }
    j["scenarios"]["deep"] = nest;
    EXPECT_NE(profile_error(j.dump()).find("nested deeper than"), std::string::npos);
}

TEST(hardening, spec_json_that_is_not_an_object_where_one_is_expected_is_a_bad_file) {
    for (const char* text :
         {"[]", "42", R"({"kernels": [1]})", R"({"kernels": [[]]})",
          R"({"defaults": [1], "kernels": [{"name": "k"}]})",
          R"({"defaults": "x", "kernels": [{"name": "k"}]})",
          R"({"source": "a.cl", "kernels": [{"name": "k", "args": ["input", "output", "n"],
              "grid": [1]}]})",
          R"({"source": "a.cl", "kernels": [{"name": "k", "args": ["input", "output", "n"],
              "local_mem": 3}]})"}) {
        EXPECT_NE(spec_error(text).rfind("s.json", 0), std::string::npos) << text;
    }
}

// Class 7: constants, counts and products that would wrap.
TEST(hardening, spec_constants_are_checked_against_their_type) {
    auto with_const = [](const std::string& c) {
        return R"({"source": "a.cl", "kernels": [{"name": "k", "args": ["input", "output", "n", )" +
               c + "]}]}";
    };
    EXPECT_EQ(spec_error(with_const(R"({"const": "uint", "value": 4294967295})")), "(no error)");
    EXPECT_NE(spec_error(with_const(R"({"const": "uint", "value": 4294967296})")), "(no error)");
    EXPECT_NE(spec_error(with_const(R"({"const": "uint", "value": -1})")), "(no error)");
    EXPECT_NE(spec_error(with_const(R"({"const": "int", "value": 2147483648})")), "(no error)");
    EXPECT_NE(spec_error(with_const(R"({"const": "int", "value": 1.5})")), "(no error)");
    EXPECT_NE(spec_error(with_const(R"({"const": "float", "value": 1e39})")), "(no error)");
    EXPECT_NE(spec_error(with_const(R"({"const": "float", "value": "1"})")), "(no error)");
    EXPECT_EQ(spec_error(with_const(R"({"const": "float", "value": -2.5})")), "(no error)");
}

TEST(hardening, spec_sizes_are_bounded_so_products_cannot_wrap) {
    const std::string head = R"({"source": "a.cl", "kernels": [{"name": "k",
        "args": ["input", "output", "n", "local"], )";
    EXPECT_NE(spec_error(head + R"("local_mem": {"elems_per_item": 4611686018427387904}}]})")
                  .find("local_mem.elems_per_item: must be from 1 to 65536"),
              std::string::npos);
    EXPECT_NE(spec_error(head + R"("local_size": {"max": 18446744073709551615}}]})")
                  .find("local_size.max: must be at most"),
              std::string::npos);
    EXPECT_NE(
        spec_error(head + R"("grid": {"max_groups": "99999999999999999999*cu"}}]})").find("K*cu"),
        std::string::npos);
    EXPECT_NE(spec_error(head + R"("grid": {"elems_per_item": -1}}]})")
                  .find("expected a whole number >= 0, got -1"),
              std::string::npos);
}

TEST(hardening, pass_plans_saturate_instead_of_wrapping) {
    kernel_spec k;
    k.grid.elems_per_item = std::uint64_t{1} << 32U;
    k.sizes = size_rule::pad;
    const pass_info big{~std::uint64_t{0} - 5, 0, std::uint64_t{1} << 33U, 1};
    EXPECT_GE(padded_elements(k, big), big.n); // never a small number from a wrapped product
    EXPECT_EQ(saturating_mul(std::uint64_t{1} << 62U, 4), UINT64_MAX);
    EXPECT_FALSE(checked_mul(std::uint64_t{1} << 62U, 4).has_value());
    EXPECT_EQ(*checked_mul(3, 5), 15U);
}

TEST(hardening, counts_reject_overflow_and_deep_exponents) {
    EXPECT_THROW((void)parse_count("2^64", "-n"), usage_error);
    EXPECT_THROW((void)parse_count("99999999999999999999", "-n"), usage_error);
    EXPECT_THROW((void)parse_count("2^2^2", "-n"), usage_error);
    std::string towers = "2";
    for (int i = 0; i < 100000; ++i) {
        towers += "^2";
    }
    EXPECT_THROW((void)parse_count(towers, "-n"), usage_error); // no recursion per caret
    EXPECT_THROW((void)parse_count("-3", "-n"), usage_error);
    EXPECT_EQ(parse_count("2^62", "-n"), std::uint64_t{1} << 62U);
    EXPECT_EQ(parse_count("1^99999999999", "-n"), 1U); // no loop of 10^11 steps
    EXPECT_EQ(parse_count("0^5", "-n"), 0U);
}

// Found by fuzz_profile: a 1.x profile, upgraded on load, was written back as "1.0.0" in the
// 2.x shape, which no reader accepts. What this tool writes it must read back.
TEST(hardening, an_upgraded_schema_1_profile_writes_back_as_schema_2) {
    const profile p = load_profile(std::string(GRP_TEST_DATA) + "/report/sweep.json");
    ASSERT_EQ(p.schema_version.rfind("1.", 0), 0U);
    const profile back = parse_profile(profile_text(p), "again.json");
    EXPECT_EQ(back.schema_version, profile_schema_version);
    EXPECT_EQ(back.cases.size(), p.cases.size());
}

// Class 9: one loading path; what validate rejects, every reader rejects.
TEST(hardening, readers_reject_what_validate_rejects) {
    const ojson good = test::rich_profile();
    std::vector<std::pair<std::string, ojson>> edits = {
        {"/cases/0/rounds/0/samples_ns/0", -5},
        {"/cases/0/rounds/0/samples_ns/0", 2.5},
        {"/cases/0/key/n", -1},
        {"/schema_version", "1abc"},
        {"/schema_version", "2.x"},
        {"/cases/0/device", "0"},
        {"/devices/0/compute_units", -1},
        {"/cases/0/rounds_planned", 1.5},
    };
    for (const auto& [pointer, value] : edits) {
        ojson j = good;
        j[ojson::json_pointer(pointer)] = value;
        const auto text = j.dump();
        const bool valid = check_profile_text(text, "p.json").ok();
        const bool loads = profile_error(text) == "(no error)";
        EXPECT_FALSE(valid) << pointer << " = " << value.dump();
        EXPECT_EQ(valid, loads) << pointer << " = " << value.dump() << ": " << profile_error(text);
    }
}

} // namespace
} // namespace grp
