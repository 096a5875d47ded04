// Reading and writing profile files. Reading goes through core/json_file (regular files only,
// size and depth limits, syntax errors with line:column), then the schema major check (2.x read
// as is, 1.x upgraded first), the JSON Schema itself, and the checks the schema cannot express
// (one case per key and device; every case's device and every round's run listed; shard records
// that agree with each other and the cases). Writing goes
// through core/output_file (temp file + rename).
#pragma once

#include "grp/model/profile/profile.hpp"

namespace grp {

/// One message per case key that appears twice on one device (0.1 wrote them when a user
/// kernel shared a built-in's name). Part of consistency_problems.
std::vector<std::string> duplicate_case_keys(const profile& p);

/// What the JSON Schema cannot express, one message per problem ("/json/pointer: what" or the
/// duplicate's): a case whose device, or a round whose run, the profile does not list; a case
/// key twice on one device; a shard record that is not one (shard_problems, shard_record.hpp); a
/// settings.sequential that checked_sequential_design refuses. The one check of every reader:
/// validate lists them all, and profile_from_json (so load_profile,
/// parse_profile: compare, merge, report, run --resume) refuses the file on the first.
std::vector<std::string> consistency_problems(const profile& p);

/// Reads and checks a profile through the one loading path (core/files/json_file.hpp): a regular
/// file of bounded size and depth, valid JSON, the schema of its major version, then
/// consistency_problems. Throws file_error (exit 5) naming the path and, for syntax errors, line
/// and column; for a duplicate, the key.
profile load_profile(const std::string& path);

/// Parses profile JSON text; `path` is only used in messages. Throws file_error as
/// load_profile does.
profile parse_profile(const std::string& text, const std::string& path);

/// Builds a profile from a parsed document: the schema major, the JSON Schema (skipped when
/// the caller has `schema_checked` it already), then the fields, without consistency_problems
/// (validate lists those itself). Throws file_error "PATH: ...".
profile profile_fields_from_json(nlohmann::ordered_json doc, const std::string& path,
                                 bool schema_checked = false);

/// profile_fields_from_json, then the first of consistency_problems as a file_error
/// "PATH: /pointer: what (and N more; ...)".
profile profile_from_json(nlohmann::ordered_json doc, const std::string& path,
                          bool schema_checked = false);

/// Writes atomically, replacing an existing file (core/files/output_file.hpp). Throws file_error.
void save_profile(const profile& p, const std::string& path);

/// The profile as the JSON text save_profile writes.
std::string profile_text(const profile& p);

/// Writes any text atomically, replacing an existing file (output_file with force); devices
/// and FIFOs such as /dev/null are written in place instead.
void write_file_atomic(const std::string& path, const std::string& text);

} // namespace grp
