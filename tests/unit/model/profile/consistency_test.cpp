// Issue #31 (gates that refuse wrong inputs): what the JSON Schema cannot express is one check,
// consistency_problems (io.hpp), that validate lists and every reader refuses: a round's run is
// read as 64 bits and must be listed in runs[]; and over every fixture profile of the
// repository, a reader accepts exactly what validate accepts.
#include "grp/core/error.hpp"
#include "grp/model/profile/io.hpp"
#include "grp/model/profile/schema_check.hpp"
#include "model/profile/profile_samples.hpp"

#include <dirent.h>
#include <gtest/gtest.h>

namespace grp {
namespace {

std::string reader_error(const std::string& text) {
    try {
        (void)parse_profile(text, "p.json");
    } catch (const file_error& e) {
        return e.what();
    }
    return "(no error)";
}

TEST(profile_consistency, a_run_index_beyond_32_bits_is_kept_and_refused_not_wrapped) {
    profile p = test::rich_profile();
    p.runs.push_back(p.runs.front());
    p.runs.back().id = "feedc0de00000002";
    ASSERT_EQ(p.runs.size(), 2U);
    ASSERT_GE(p.cases[0].rounds.size(), 2U);
    p.cases[0].rounds[1].run = (run_index{1} << 32) + 1; // read as 32 bits: run 1, a listed one
    const auto text = profile_text(p);
    EXPECT_NE(text.find("4294967297"), std::string::npos);
    EXPECT_NE(reader_error(text).find("p.json: /cases/0/rounds/1/run: 4294967297 names no run"),
              std::string::npos)
        << reader_error(text);
    const auto check = check_profile_text(text, "p.json");
    ASSERT_EQ(check.problems.size(), 1U);
    EXPECT_NE(check.problems[0].find("4294967297 names no run (case "), std::string::npos);
    EXPECT_NE(check.problems[0].find("runs[] lists 2"), std::string::npos);
}

TEST(profile_consistency, a_round_of_an_unlisted_run_is_refused_naming_case_and_round) {
    profile p = test::rich_profile();
    p.cases[0].rounds[0].run = 1; // runs[] lists one run
    const auto error = reader_error(profile_text(p));
    EXPECT_NE(
        error.find("/cases/0/rounds/0/run: 1 names no run (case " + p.cases[0].key.to_string()),
        std::string::npos)
        << error;
}

TEST(profile_consistency, validate_lists_every_problem_and_a_reader_names_the_first) {
    profile p = test::rich_profile();
    p.cases[0].rounds[0].run = 7;
    p.cases[0].rounds[1].run = 8;
    p.cases.push_back(p.cases[0]); // and a duplicate key
    const auto text = profile_text(p);
    const auto check = check_profile_text(text, "p.json");
    ASSERT_EQ(check.problems.size(), 5U); // 4 rounds, 1 duplicate
    EXPECT_NE(check.problems[4].find("two cases have the key"), std::string::npos);
    EXPECT_NE(reader_error(text).find("(and 4 more; 'gpu-reduce-prof validate' lists them)"),
              std::string::npos);
}

// Issue #70: validate accepted a settings.sequential that compare refused or, forged, read as
// a verdict (a look at processes that never measured). Both now refuse it through one check.
TEST(profile_consistency, a_sequential_record_the_profile_does_not_bear_out_is_refused_by_both) {
    profile p = test::rich_profile(); // one process
    p.settings["sequential"] = {{"spending", "obrien-fleming"},
                                {"alpha", 0.01},
                                {"max_processes", 8},
                                {"looks", {3}},
                                {"stopped", "interrupted"}};
    const auto text = profile_text(p);
    const auto check = check_profile_text(text, "p.json");
    ASSERT_EQ(check.problems.size(), 1U);
    EXPECT_NE(check.problems[0].find("/settings/sequential/looks: the last look is at 3 processes, "
                                     "but 1 measured"),
              std::string::npos)
        << check.problems[0];
    EXPECT_NE(reader_error(text).find("p.json: /settings/sequential/looks: the last look is at 3"),
              std::string::npos)
        << reader_error(text);
}

std::vector<std::string> json_files(const std::string& folder) {
    std::vector<std::string> out;
    if (DIR* d = opendir((std::string(GRP_TEST_DATA) + "/" + folder).c_str())) {
        while (const dirent* e = readdir(d)) {
            const std::string name = e->d_name;
            if (name.size() > 5 && name.compare(name.size() - 5, 5, ".json") == 0) {
                out.push_back(std::string(GRP_TEST_DATA) + "/" + folder + "/" + name);
            }
        }
        closedir(d);
    }
    return out;
}

TEST(profile_consistency, every_reader_accepts_exactly_what_validate_accepts) {
    std::size_t files = 0, refused = 0;
    for (const char* folder : {"compare", "compare/runs", "hardening", "validate", "gates"}) {
        for (const auto& path : json_files(folder)) { // hardening/ has specs too: both refuse
            const bool valid = check_profile_file(path).ok();
            bool loaded = true;
            try {
                (void)load_profile(path);
            } catch (const file_error&) {
                loaded = false;
            }
            EXPECT_EQ(valid, loaded) << path;
            ++files;
            refused += valid ? 0 : 1;
        }
    }
    EXPECT_GT(files, 40U);
    EXPECT_GT(refused, 8U); // the bad fixtures are found, so the comparison means something
}

} // namespace
} // namespace grp
