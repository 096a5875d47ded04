// Reading and writing profile files. Reading goes through core/json_file (regular files only,
// size and depth limits, syntax errors with line:column), then the schema major check (2.x read
// as is, 1.x upgraded first), the JSON Schema itself, and the checks the schema cannot express
// (one case per key and device; every case's device and every round's run listed; shard records
// that agree with each other and the cases; a sequential duet's record of its looks borne out by
// the processes that measured). Writing goes
// through core/output_file (temp file + rename).
#include "grp/model/profile/io.hpp"

#include "grp/core/error.hpp"
#include "grp/core/files/json_file.hpp"
#include "grp/core/files/output_file.hpp"
#include "grp/core/text_safe.hpp"
#include "grp/model/compare/sequential_design.hpp"
#include "grp/model/profile/profile.hpp"
#include "grp/model/profile/schema_check.hpp"
#include "grp/model/profile/v1.hpp"
#include "grp/model/spec/duet.hpp"

#include <set>

namespace grp {

using ojson = nlohmann::ordered_json;

namespace {

int schema_major(const std::string& version) {
    std::size_t digits = 0;
    while (digits < version.size() && version[digits] >= '0' && version[digits] <= '9') {
        ++digits;
    }
    if (digits == 0 || digits > 3 || digits >= version.size() || version[digits] != '.') {
        return -1;
    }
    return std::stoi(version.substr(0, digits));
}

} // namespace

std::vector<std::string> duplicate_case_keys(const profile& p) {
    std::set<std::pair<std::string, int>> seen;
    std::vector<std::string> out;
    for (const auto& c : p.cases) {
        if (!seen.insert({c.key.to_string(), c.device}).second) {
            out.push_back("two cases have the key " + c.key.to_string() + " on device " +
                          std::to_string(c.device) +
                          "; a profile holds one case per key and device (two kernels of the "
                          "same name? rename one in its spec)");
        }
    }
    return out;
}

namespace {

// Every case names a device the profile lists (the schema cannot say so): readers index
// devices[c.device] (a fuzzer found compare dereferencing a missing one).
void add_case_device_problems(const profile& p, std::vector<std::string>& out) {
    for (std::size_t i = 0; i < p.cases.size(); ++i) {
        const int d = p.cases[i].device;
        if (d < 0 || static_cast<std::size_t>(d) >= p.devices.size()) {
            out.push_back("/cases/" + std::to_string(i) + "/device: " + std::to_string(d) +
                          " names no device (the profile lists " +
                          std::to_string(p.devices.size()) + ")");
        }
    }
}

// Every round names a run the profile lists: compare pairs and groups rounds by run (a round
// of an unlisted run would be a process of its own, or paired with another file's process
// after a merge), so a file whose index points past runs[] is refused, not guessed at.
void add_round_run_problems(const profile& p, std::vector<std::string>& out) {
    for (std::size_t i = 0; i < p.cases.size(); ++i) {
        const auto& rounds = p.cases[i].rounds;
        for (std::size_t k = 0; k < rounds.size(); ++k) {
            if (rounds[k].run >= p.runs.size()) {
                out.push_back("/cases/" + std::to_string(i) + "/rounds/" + std::to_string(k) +
                              "/run: " + std::to_string(rounds[k].run) + " names no run (case " +
                              p.cases[i].key.to_string() + "; runs[] lists " +
                              std::to_string(p.runs.size()) + ", indexed from 0)");
            }
        }
    }
}

// A kernel name is a case key printed in tables and CSV cells: the spec reader refuses one with
// a control character (ESC, NUL), and so does every reader of a profile.
void add_kernel_name_problems(const profile& p, std::vector<std::string>& out) {
    for (std::size_t i = 0; i < p.cases.size(); ++i) {
        const auto& name = p.cases[i].key.kernel;
        // Only what a terminal or a CSV cell would obey: an empty name or spaces at its ends
        // are the spec reader's rules, not a danger in a profile older tools wrote.
        if (const auto why = name_problem(name); !why.empty() && terminal_escape(name) != name) {
            out.push_back("/cases/" + std::to_string(i) + "/key/kernel: the kernel name '" +
                          terminal_escape(utf8_prefix(p.cases[i].key.kernel, 80)) + "' " + why);
        }
    }
}

// settings.duet, when present, is what run --duet wrote: compare reads its pairs to judge the
// duet, so a malformed record is refused instead of read as "no duet".
void add_duet_problems(const profile& p, std::vector<std::string>& out) {
    if (!p.settings.is_object() || !p.settings.contains("duet")) {
        return;
    }
    const auto& d = p.settings["duet"];
    const bool no_pairs = d.is_object() && d.contains("pairs") && d["pairs"].is_array() &&
                          d["pairs"].empty(); // well formed, if empty
    if (!no_pairs && duet_triples(p.settings).empty()) {
        out.emplace_back("/settings/duet: not a duet record (an object whose \"pairs\" lists "
                         "objects with distinct \"base\" and \"candidate\" kernel names)");
    }
}

// settings.sequential changes the level compare judges at: a record that its profile does not
// bear out (a look at a process that measured nothing, a forged alpha or budget) is refused by
// the same check compare applies (checked_sequential_design), never read as a verdict.
void add_sequential_problems(const profile& p, std::vector<std::string>& out) {
    try {
        (void)checked_sequential_design(p);
    } catch (const file_error& e) {
        out.emplace_back(e.what());
    }
}

} // namespace

std::vector<std::string> consistency_problems(const profile& p) {
    std::vector<std::string> out;
    add_case_device_problems(p, out);
    add_round_run_problems(p, out);
    add_kernel_name_problems(p, out);
    add_duet_problems(p, out);
    // A shard's record is what merge trusts to call a sweep whole (shard_record.hpp).
    for (auto& problem : shard_problems(p)) {
        out.push_back(std::move(problem));
    }
    add_sequential_problems(p, out);
    // Cases are matched by key: with two cases of one key, compare, merge and report would
    // each pick one (a present key was reported missing).
    for (auto& dup : duplicate_case_keys(p)) {
        out.push_back(std::move(dup));
    }
    return out;
}

profile parse_profile(const std::string& text, const std::string& path) {
    return profile_from_json(parse_json_text(text, path, profile_json_limits), path);
}

profile profile_fields_from_json(nlohmann::ordered_json j, const std::string& path,
                                 bool schema_checked) {
    if (!j.is_object() || !j.contains("schema_version") || !j["schema_version"].is_string()) {
        throw file_error(path + ": not a gpu-reduce-prof profile (no \"schema_version\" string)");
    }
    auto version = j["schema_version"].get<std::string>();
    int major = schema_major(version);
    if (major < profile_schema_oldest_major || major > profile_schema_major) {
        throw file_error(path + ": profile schema version " +
                         terminal_escape(utf8_prefix(version, 40)) +
                         " is not supported; this tool reads schema " +
                         std::to_string(profile_schema_oldest_major) + ".x to " +
                         std::to_string(profile_schema_major) + ".x (writes " +
                         profile_schema_version + "). Use a matching gpu-reduce-prof.");
    }
    // Every reader applies the schema that validate applies, so a file validate rejects
    // (negative or fractional counts, a malformed version) can never change a verdict.
    if (!schema_checked) {
        if (const auto problems = check_profile_schema(j); !problems.empty()) {
            throw file_error(path + ": " + display_pointer(problems.front().pointer) + ": " +
                             problems.front().message +
                             (problems.size() > 1
                                  ? " (and " + std::to_string(problems.size() - 1) +
                                        " more; 'gpu-reduce-prof validate' lists them)"
                                  : ""));
        }
    }
    try {
        if (major == 1) {
            upgrade_v1_document(j);
        }
        return j.get<profile>();
    } catch (const file_error& e) {
        const std::string what = e.what();
        throw file_error(what.rfind(path + ":", 0) == 0 ? what : path + ": " + what);
    } catch (const nlohmann::json::exception& e) {
        throw file_error(path + ": malformed profile: " + terminal_escape(e.what()));
    }
}

profile profile_from_json(nlohmann::ordered_json j, const std::string& path, bool schema_checked) {
    auto p = profile_fields_from_json(std::move(j), path, schema_checked);
    // Every reader refuses what validate refuses (the same check), so a file validate rejects
    // can never change a verdict; validate lists every problem (schema_check.cpp).
    if (const auto problems = consistency_problems(p); !problems.empty()) {
        throw file_error(path + ": " + problems.front() +
                         (problems.size() > 1 ? " (and " + std::to_string(problems.size() - 1) +
                                                    " more; 'gpu-reduce-prof validate' lists them)"
                                              : ""));
    }
    return p;
}

profile load_profile(const std::string& path) {
    return parse_profile(read_regular_file(path, "profile", profile_json_limits.max_bytes), path);
}

void write_file_atomic(const std::string& path, const std::string& text) {
    output_file(path, "file", true).write(text);
}

std::string profile_text(const profile& p) {
    // Strings from drivers, argv and file names are made valid UTF-8 where they are stored;
    // `replace` is the last guard, so that dumping can never throw and lose a finished run.
    return ojson(p).dump(1, ' ', false, ojson::error_handler_t::replace) + "\n";
}

void save_profile(const profile& p, const std::string& path) {
    write_file_atomic(path, profile_text(p));
}

} // namespace grp
