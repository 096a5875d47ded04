// The one loading path: regular files only, size and depth limits before a DOM exists, every
// parser exception a file_error with PATH:LINE:COL, and conversions that never wrap.
#include "grp/core/files/json_file.hpp"

#include <cstdio>
#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

namespace grp {
namespace {

using ojson = nlohmann::ordered_json;
namespace fs = std::filesystem;

std::string parse_error_of(const std::string& text, json_limits limits = {}) {
    try {
        (void)parse_json_text(text, "f.json", limits);
    } catch (const file_error& e) {
        return e.what();
    }
    return "(no error)";
}

TEST(json_file, syntax_errors_name_line_and_column) {
    EXPECT_EQ(parse_error_of("{\n  \"a\": tru\n}").rfind("f.json:2:", 0), 0U)
        << parse_error_of("{\n  \"a\": tru\n}");
    EXPECT_NE(parse_error_of("").find("f.json:1:1: not valid JSON"), std::string::npos);
    EXPECT_NE(parse_error_of("{} {}").find("f.json:1:"), std::string::npos);
}

TEST(json_file, a_number_beyond_double_range_is_a_file_error_with_its_place) {
    const auto msg = parse_error_of("{\"a\": [1,\n 1e400]}");
    EXPECT_EQ(msg.rfind("f.json:2:", 0), 0U) << msg;
    EXPECT_NE(msg.find("1e400"), std::string::npos) << msg;
    EXPECT_EQ(msg.find("[json.exception"), std::string::npos) << msg;
}

TEST(json_file, invalid_utf8_in_a_string_is_a_file_error) {
    EXPECT_EQ(parse_error_of("[\"caf\xE9\"]").rfind("f.json:1:", 0), 0U);
}

TEST(json_file, deep_nesting_is_refused_before_parsing) {
    const std::string deep = std::string(100000, '[') + std::string(100000, ']');
    const auto msg = parse_error_of(deep, {1 << 20, 128});
    EXPECT_NE(msg.find("f.json:1:129: nested deeper than 128"), std::string::npos) << msg;
    // Brackets inside strings do not nest; exactly the limit is fine.
    EXPECT_EQ(parse_error_of("[\"[[[[[[[[\"]", {1 << 20, 2}), "(no error)");
    EXPECT_EQ(parse_error_of("[[1]]", {1 << 20, 2}), "(no error)");
    EXPECT_NE(parse_error_of("[[[1]]]", {1 << 20, 2}).find("nested deeper"), std::string::npos);
    EXPECT_EQ(parse_error_of("[\"\\\"[[[\"]", {1 << 20, 1}), "(no error)"); // escaped quote
}

TEST(json_file, size_limit_applies_to_text_and_files) {
    EXPECT_NE(parse_error_of("[1,2,3]", {4, 8}).find("larger than"), std::string::npos);
}

class temp_dir : public ::testing::Test {
protected:
    void SetUp() override {
        m_dir = fs::temp_directory_path() /
                ("grp-json-file-test-" + std::to_string(::getpid()) + "-" +
                 ::testing::UnitTest::GetInstance()->current_test_info()->name());
        fs::remove_all(m_dir);
        fs::create_directories(m_dir);
    }
    void TearDown() override { fs::remove_all(m_dir); }
    fs::path m_dir;
};

using json_file_read = temp_dir;

std::string read_error_of(const std::string& path, std::size_t max = 1 << 20) {
    try {
        (void)read_regular_file(path, "profile", max);
    } catch (const error& e) {
        return e.what();
    }
    return "(no error)";
}

TEST_F(json_file_read, refuses_directories_devices_and_fifos_without_blocking) {
    EXPECT_NE(read_error_of(m_dir.string()).find("is a directory"), std::string::npos);
    EXPECT_NE(read_error_of("/dev/zero").find("is a device"), std::string::npos);
    const auto fifo = (m_dir / "fifo").string();
    ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
    EXPECT_NE(read_error_of(fifo).find("is a FIFO"), std::string::npos); // returns at once
}

TEST_F(json_file_read, missing_files_carry_the_callers_exit_code) {
    const auto missing = (m_dir / "nope.json").string();
    try {
        (void)read_regular_file(missing, "kernel spec", 100, exit_code::usage);
        FAIL() << "no error";
    } catch (const error& e) {
        EXPECT_EQ(e.code(), exit_code::usage);
        EXPECT_NE(std::string(e.what()).find("nope.json"), std::string::npos);
    }
    EXPECT_THROW((void)read_regular_file(missing, "profile", 100), file_error);
}

TEST_F(json_file_read, files_over_the_limit_are_refused) {
    const auto big = (m_dir / "big.json").string();
    std::ofstream(big) << std::string(5000, ' ') << "{}";
    EXPECT_NE(read_error_of(big, 4096).find("larger than"), std::string::npos);
    EXPECT_EQ(read_error_of(big, 8192), "(no error)");
}

TEST(json_convert, counts_never_wrap_or_truncate) {
    EXPECT_EQ(json_to_u64(ojson(7), "x"), 7U);
    EXPECT_EQ(json_to_u64(ojson::parse("18446744073709551615"), "x"), UINT64_MAX);
    EXPECT_THROW((void)json_to_u64(ojson(-3), "x"), file_error);
    EXPECT_THROW((void)json_to_u64(ojson(2.5), "x"), file_error);
    EXPECT_THROW((void)json_to_u64(ojson(2.0), "x"), file_error);
    EXPECT_THROW((void)json_to_u64(ojson("1"), "x"), file_error);
    EXPECT_EQ(json_to_i64(ojson(-5), "x", -10, 10), -5);
    EXPECT_THROW((void)json_to_i64(ojson(11), "x", -10, 10), file_error);
    EXPECT_THROW((void)json_to_i64(ojson::parse("18446744073709551615"), "x", -10, 10), file_error);
    EXPECT_THROW((void)json_to_double(ojson("nan"), "x"), file_error);
    EXPECT_EQ(json_to_string(ojson("s"), "x"), "s");
    try {
        (void)json_to_u64(ojson(-1), "spec.json: kernels[0].grid.elems_per_item");
    } catch (const file_error& e) {
        EXPECT_STREQ(e.what(), "spec.json: kernels[0].grid.elems_per_item: expected a whole "
                               "number >= 0, got -1");
    }
}

// A file name is bytes; JSON text is UTF-8: a name that is not UTF-8 is printed escaped, and
// the rest of the document as it is (nlohmann's dump would throw mid-output).
TEST(json_output, names_that_are_not_utf8_are_escaped_not_fatal) {
    const std::string bad = "perf/p\xff.json";
    nlohmann::ordered_json doc{{"file", bad}, {bad, {"ok", 1}}, {"name", "caf\xc3\xa9"}};
    EXPECT_THROW((void)doc.dump(2), nlohmann::json::type_error);
    const auto text = json_output_text(doc, 2);
    const auto back = nlohmann::ordered_json::parse(text);
    EXPECT_EQ(back["file"], "perf/p\\xff.json");
    EXPECT_TRUE(back.contains("perf/p\\xff.json")) << text;
    EXPECT_EQ(back["name"], "caf\xc3\xa9");
    EXPECT_EQ(json_output_text({{"a", 1}}, -1), R"({"a":1})");
}

} // namespace
} // namespace grp
