// The profile JSON Schema against the writer (to_json) and against broken documents: the schema
// must accept everything to_json writes, declare every key it writes, and point at what is wrong.
#include "grp/model/profile/profile.hpp"
#include "grp/model/profile/schema_check.hpp"
#include "model/profile/profile_samples.hpp"

#include <fstream>
#include <gtest/gtest.h>
#include <set>
#include <sstream>

namespace grp {
namespace {

using ojson = nlohmann::ordered_json;

std::string read_text(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

const ojson& schema() {
    static const ojson s = ojson::parse(profile_schema_text());
    return s;
}

const ojson& resolve(const ojson& s) {
    if (s.contains("$ref")) {
        const auto ref = s["$ref"].get<std::string>();
        return schema().at(ojson::json_pointer(ref.substr(1)));
    }
    return s;
}

std::string dump(const std::vector<schema_problem>& problems) {
    std::string out;
    for (const auto& p : problems) {
        out += display_pointer(p.pointer) + ": " + p.message + "\n";
    }
    return out;
}

/// Walks `doc` beside `s` and records, for every object the schema describes field by field,
/// the keys written but not declared and the keys declared but not written.
void compare_keys(const ojson& doc, const ojson& s_in, const std::string& where,
                  std::vector<std::string>& diffs) {
    const ojson& s = resolve(s_in);
    if (doc.is_object() && s.contains("properties")) {
        const auto& props = s["properties"];
        for (const auto& [key, value] : doc.items()) {
            if (!props.contains(key)) {
                diffs.push_back("written, not in schema: " + where + "/" + key);
            } else {
                compare_keys(value, props[key], where + "/" + key, diffs);
            }
        }
        for (const auto& [key, value] : props.items()) {
            if (!doc.contains(key)) {
                diffs.push_back("in schema, not written: " + where + "/" + key);
            }
        }
    } else if (doc.is_array() && s.contains("items")) {
        for (std::size_t i = 0; i < doc.size(); ++i) {
            compare_keys(doc[i], s["items"], where + "/" + std::to_string(i), diffs);
        }
    }
}

TEST(profile_schema, embedded_text_is_the_shipped_file) {
    const auto file = read_text(std::string(GRP_TEST_DATA) + "/../../profiles/profile.schema.json");
    ASSERT_FALSE(file.empty());
    EXPECT_EQ(profile_schema_text(), file);
    EXPECT_EQ(schema()["$schema"], "http://json-schema.org/draft-07/schema#");
}

TEST(profile_schema, accepts_what_to_json_writes_with_every_optional_set) {
    const ojson doc = test::rich_profile();
    EXPECT_EQ(dump(check_profile_schema(doc)), "");
}

TEST(profile_schema, accepts_what_to_json_writes_with_every_optional_empty) {
    const ojson doc = test::empty_optionals_profile();
    EXPECT_EQ(dump(check_profile_schema(doc)), "");
    EXPECT_EQ(dump(check_profile_schema(ojson(profile{}))), "");
}

TEST(profile_schema, accepts_non_finite_numbers_written_as_null) {
    profile p = test::rich_profile();
    p.cases[0].gbps = std::nan("");
    p.cases[0].result = {std::nan("")};
    p.cases[0].summary->stddev_ns = INFINITY;
    p.devices[0].peak->copy_gbps = std::nan("");
    EXPECT_EQ(dump(check_profile_schema(ojson(p))), "");
}

TEST(profile_schema, declares_exactly_the_keys_to_json_writes) {
    std::vector<std::string> diffs;
    compare_keys(ojson(test::rich_profile()), schema(), "", diffs);
    std::string all;
    for (const auto& d : diffs) {
        all += d + "\n";
    }
    EXPECT_EQ(all, "");
}

TEST(profile_schema, shipped_fixture_is_valid) {
    const auto check = check_profile_file(std::string(GRP_TEST_DATA) + "/validate/valid.json");
    EXPECT_TRUE(check.ok()) << (check.problems.empty() ? "" : check.problems[0]);
    EXPECT_EQ(check.cases, 2u);
    EXPECT_EQ(check.devices, 1u);
}

TEST(profile_schema, wrong_type_names_pointer_expected_and_found) {
    ojson doc = test::rich_profile();
    doc["cases"][0]["key"]["n"] = "1048576";
    const auto problems = check_profile_schema(doc);
    ASSERT_EQ(problems.size(), 1u) << dump(problems);
    EXPECT_EQ(problems[0].pointer, "/cases/0/key/n");
    EXPECT_EQ(problems[0].message, "expected integer (minimum 0), found string \"1048576\"");
}

// runs[].revision is null or an object (a oneOf): a wrong one says both, never "expected , found
// object"; an object with a bad commit is blamed for the commit alone.
TEST(profile_schema, a_bad_revision_names_what_is_expected) {
    ojson doc = test::rich_profile();
    doc["runs"][0]["revision"] = {{"commit", "abc"}, {"dirty", false}};
    auto problems = check_profile_schema(doc);
    ASSERT_EQ(problems.size(), 1u) << dump(problems);
    EXPECT_EQ(problems[0].pointer, "/runs/0/revision/commit");
    EXPECT_EQ(problems[0].message.rfind("expected string matching /^([0-9a-f]{40}", 0), 0u)
        << problems[0].message;
    doc["runs"][0]["revision"] = "abc";
    problems = check_profile_schema(doc);
    ASSERT_FALSE(problems.empty());
    EXPECT_EQ(problems[0].pointer, "/runs/0/revision");
    EXPECT_EQ(problems[0].message, "expected null or object, found string \"abc\"")
        << dump(problems);
    doc["runs"][0]["revision"] = ojson::object();
    problems = check_profile_schema(doc);
    ASSERT_FALSE(problems.empty());
    EXPECT_EQ(problems[0].message, "missing required field \"commit\"") << dump(problems);
    for (const auto& p : problems) {
        EXPECT_EQ(p.message.find("expected ,"), std::string::npos) << dump(problems);
    }
}

TEST(profile_schema, ns_samples_must_be_non_negative_integers) {
    ojson doc = test::rich_profile();
    doc["cases"][0]["rounds"][0]["samples_ns"] = {412000, 4.5e5, -3};
    const auto problems = check_profile_schema(doc);
    ASSERT_EQ(problems.size(), 2u) << dump(problems);
    EXPECT_EQ(problems[0].pointer, "/cases/0/rounds/0/samples_ns/1");
    EXPECT_NE(problems[0].message.find("found number 450000.0"), std::string::npos);
    EXPECT_EQ(problems[1].pointer, "/cases/0/rounds/0/samples_ns/2");
}

TEST(profile_schema, unknown_status_lists_the_allowed_ones) {
    ojson doc = test::rich_profile();
    doc["cases"][0]["status"] = "maybe";
    const auto problems = check_profile_schema(doc);
    ASSERT_EQ(problems.size(), 1u) << dump(problems);
    EXPECT_EQ(problems[0].pointer, "/cases/0/status");
    EXPECT_NE(problems[0].message.find("\"race-observed\""), std::string::npos);
    EXPECT_NE(problems[0].message.find("found string \"maybe\""), std::string::npos);
}

TEST(profile_schema, missing_field_is_named_at_its_parent) {
    ojson doc = test::rich_profile();
    doc["devices"][0].erase("fp64");
    doc.erase("host");
    const auto problems = check_profile_schema(doc);
    ASSERT_EQ(problems.size(), 2u) << dump(problems);
    std::set<std::string> seen;
    for (const auto& p : problems) {
        seen.insert(display_pointer(p.pointer) + ": " + p.message);
    }
    EXPECT_EQ(seen.count("(root): missing required field \"host\""), 1u) << dump(problems);
    EXPECT_EQ(seen.count("/devices/0: missing required field \"fp64\""), 1u) << dump(problems);
}

TEST(profile_schema, schema_version_must_be_semver_of_major_2) {
    for (const char* bad : {"2", "2.0", "v2.0.0", "2.0.0.0", "20.0.0", "2.01.0"}) {
        ojson doc = test::rich_profile();
        doc["schema_version"] = bad;
        const auto problems = check_profile_schema(doc);
        ASSERT_EQ(problems.size(), 1u) << bad;
        EXPECT_EQ(problems[0].pointer, "/schema_version") << bad;
    }
    for (const char* good : {"2.0.0", "2.12.3", "2.1.0-rc.1", "2.0.0+build.7"}) {
        ojson doc = test::rich_profile();
        doc["schema_version"] = good;
        EXPECT_TRUE(check_profile_schema(doc).empty()) << good;
    }
}

TEST(profile_schema, free_objects_and_unknown_fields_are_allowed) {
    ojson doc = test::rich_profile();
    doc["settings"]["new_option"] = {1, 2, 3};
    doc["cases"][0]["extra"] = {{"nested", {{"deep", nullptr}}}};
    doc["kernels"][0]["spec"] = {{"anything", "goes"}};
    doc["field_from_1_1"] = true;
    doc["cases"][0]["another_new_field"] = "x";
    EXPECT_EQ(dump(check_profile_schema(doc)), "");
}

TEST(profile_schema, pointers_reach_array_items_and_the_root) {
    ojson doc = test::rich_profile();
    doc["tool"] = {{"name", "x"}, {"version", "1"}, {"git_sha", "y"}, {"argv", {1}}};
    ASSERT_EQ(check_profile_schema(doc).at(0).pointer, "/tool/argv/0");
    EXPECT_EQ(check_profile_schema(ojson::array()).at(0).pointer, "");
}

TEST(profile_check_text, reports_each_stage_with_its_location) {
    const auto good = ojson(test::rich_profile()).dump(1);
    EXPECT_TRUE(check_profile_text(good, "g.json").ok());

    const auto broken = check_profile_text(good.substr(0, good.size() / 2), "b.json");
    ASSERT_EQ(broken.problems.size(), 1u);
    EXPECT_EQ(broken.problems[0].rfind("b.json:", 0), 0u);
    EXPECT_NE(broken.problems[0].find(": not valid JSON"), std::string::npos);

    ojson future = test::rich_profile();
    future["schema_version"] = "3.1.0";
    future["cases"] = "a 3.x layout this tool cannot know";
    const auto major = check_profile_text(future.dump(), "f.json");
    ASSERT_EQ(major.problems.size(), 1u);
    EXPECT_NE(major.problems[0].find("reads schema 1.x to 2.x"), std::string::npos)
        << major.problems[0];
}

TEST(profile_check_text, long_problem_lists_are_cut) {
    ojson doc = test::rich_profile();
    doc["cases"][0]["rounds"][0]["samples_ns"] = std::vector<std::string>(50, "x");
    const auto check = check_profile_text(doc.dump(), "m.json");
    ASSERT_EQ(check.problems.size(), 21u);
    EXPECT_EQ(check.problems.back(), "m.json: ... and 30 more problems");
}

TEST(profile_check_text, schema_1_profiles_are_checked_against_the_1x_schema) {
    const auto v1 = read_text(std::string(GRP_TEST_DATA) + "/validate/valid.json");
    const auto ok = check_profile_text(v1, "v1.json");
    EXPECT_TRUE(ok.ok()) << (ok.problems.empty() ? "" : ok.problems[0]);
    auto bad = ojson::parse(v1);
    bad["cases"][0]["samples_ns"] = {-1};
    const auto check = check_profile_text(bad.dump(), "v1.json");
    ASSERT_FALSE(check.ok());
    EXPECT_NE(check.problems[0].find("/cases/0/samples_ns/0"), std::string::npos)
        << check.problems[0];
}

TEST(profile_check_text, duplicate_case_keys_are_a_problem) {
    auto doc = ojson(test::rich_profile());
    doc["cases"].push_back(doc["cases"][0]);
    const auto check = check_profile_text(doc.dump(), "d.json");
    ASSERT_EQ(check.problems.size(), 1u);
    EXPECT_NE(check.problems[0].find("two cases have the key"), std::string::npos);
}

TEST(profile_schema_doc, schema_md_documents_every_field) {
    const auto doc = read_text(std::string(GRP_TEST_DATA) + "/../../profiles/SCHEMA.md");
    ASSERT_FALSE(doc.empty());
    std::vector<std::string> missing;
    std::vector<const ojson*> todo{&schema()};
    for (const auto& [name, def] : schema()["definitions"].items()) {
        todo.push_back(&def);
    }
    while (!todo.empty()) {
        const ojson* s = todo.back();
        todo.pop_back();
        if (!s->contains("properties")) {
            continue;
        }
        for (const auto& [key, sub] : (*s)["properties"].items()) {
            if (doc.find("`" + key + "`") == std::string::npos) {
                missing.push_back(key);
            }
            todo.push_back(&sub);
        }
    }
    std::string list;
    for (const auto& m : missing) {
        list += " " + m;
    }
    EXPECT_EQ(list, "") << "fields not documented in profiles/SCHEMA.md";
}

} // namespace
} // namespace grp
