// Checks profiles against the profile JSON Schema (profiles/profile.schema.json), which is embedded
// in the binary at build time (cmake/embed_schema.cmake) so `validate` works from any directory.
// Validation is done by valijson (libvalijson-dev); this file turns its error chains into one line
// per problem: the JSON pointer of the offending value and what was expected there. A whole-file
// check adds what the schema cannot say: JSON syntax errors with line:column, and the semantic load
// by parse_profile (which rejects another schema major with a message naming the supported one).
#pragma once

#include <cstddef>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace grp {

/// The text of profiles/profile.schema.json (schema 2.x) as it was when the binary was built.
const std::string& profile_schema_text();
/// The text of profiles/profile-v1.schema.json: what gpu-reduce-prof 0.1 wrote (schema 1.x).
const std::string& profile_schema_v1_text();

/// One place where a document breaks the schema.
struct schema_problem {
    std::string pointer; ///< RFC 6901 JSON pointer of the offending value; "" is the root
    std::string message; ///< what was expected and what was found
};

/// Validates `doc` against the embedded profile schema of its major version (1 or 2; others
/// against 2). Returns no problems when it conforms; otherwise one entry per offending value,
/// in document order. Never throws for any `doc`.
std::vector<schema_problem> check_profile_schema(const nlohmann::ordered_json& doc);

/// The outcome of checking one profile file: a value, not an exception, so that `validate` can
/// go on with the next file.
struct profile_check {
    /// Ready-to-print lines: "PATH: /pointer: what" for schema problems, "PATH:LINE:COL: ..." for
    /// broken JSON, "PATH: ..." for the rest. Empty when the file is a valid profile.
    std::vector<std::string> problems;
    std::size_t cases = 0;   ///< when valid: number of cases[]
    std::size_t devices = 0; ///< when valid: number of devices[]
    [[nodiscard]] bool ok() const { return problems.empty(); }
};

/// Checks profile JSON text: syntax, schema major, schema, then parse_profile. `path` is used
/// only in the messages. Never throws a grp::error.
profile_check check_profile_text(const std::string& text, const std::string& path);

/// Reads `path` and checks it as check_profile_text does; an unreadable file is a problem.
profile_check check_profile_file(const std::string& path);

/// "(root)" for "", else the pointer itself: how problem lines show a pointer.
std::string display_pointer(const std::string& pointer);

} // namespace grp
