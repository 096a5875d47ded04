#include "commands/history_sources.hpp"

#include "grp/core/error.hpp"
#include "grp/core/files/json_file.hpp"
#include "grp/core/process/git.hpp"
#include "grp/model/compare/cause_match.hpp"
#include "grp/model/profile/io.hpp"

#include <algorithm>
#include <filesystem>

namespace grp::cli {

namespace fs = std::filesystem;

namespace {

bool is_json_name(const std::string& name) {
    return name.size() > 5 && name.compare(name.size() - 5, 5, ".json") == 0;
}

/// Keeps `p` as a source, or says why it cannot be one.
void keep(history_inputs& in, std::string name, profile p) {
    const bool check_only =
        !p.cases.empty() && std::all_of(p.cases.begin(), p.cases.end(),
                                        [](const auto& c) { return c.check.has_value(); });
    if (check_only) {
        in.skipped.push_back({name, "a check profile: the simulator times nothing (its counts "
                                    "explain the steps of the profile it lies beside)"});
        in.checks.push_back({std::move(name), std::move(p)});
    } else if (p.cases.empty()) {
        in.skipped.push_back({name, "no cases"});
    } else {
        in.sources.push_back({std::move(name), std::move(p)});
    }
}

/// The first line of an error about `name`, without the name it starts with: one line per skip.
std::string skip_reason(const std::string& name, const std::string& what) {
    auto line = what.substr(0, what.find('\n'));
    if (line.compare(0, name.size() + 2, name + ": ") == 0) {
        line.erase(0, name.size() + 2);
    }
    return line;
}

void read_file(history_inputs& in, const std::string& path) {
    try {
        keep(in, path, load_profile(path));
    } catch (const error& e) {
        in.skipped.push_back({path, skip_reason(path, e.what())});
    }
}

/// Every *.json under `dir`, walked by hand so that a folder that cannot be read, and an entry
/// named *.json that is not a regular file (a FIFO, a dangling link), is named in `skipped`
/// instead of vanishing. Links to folders are not followed (no loops).
void json_files_under(const fs::path& dir, std::vector<std::string>& files,
                      std::vector<skipped_source>& skipped) {
    std::error_code ec;
    fs::directory_iterator it(dir, ec);
    if (ec) {
        skipped.push_back({dir.string(), "folder not read: " + ec.message()});
        return;
    }
    for (const fs::directory_iterator end; it != end; it.increment(ec)) {
        if (ec) {
            skipped.push_back({dir.string(), "folder not read to its end: " + ec.message()});
            return;
        }
        const auto link = it->symlink_status(ec);
        const auto name = it->path().filename().string();
        if (fs::is_directory(link)) {
            json_files_under(it->path(), files, skipped);
        } else if (is_json_name(name)) {
            if (fs::is_regular_file(it->status(ec))) {
                files.push_back(it->path().string());
            } else {
                skipped.push_back({it->path().string(), "not a regular file"});
            }
        }
    }
}

/// The check profile beside each timed file (X.check.json) that the paths did not name: a
/// profile given alone still finds its own. One that does not load is named in `skipped`.
void add_checks_beside(history_inputs& in) {
    for (const auto& src : in.sources) {
        const auto path = check_profile_beside(src.name, false);
        std::error_code ec;
        if (path.empty() || !fs::is_regular_file(path, ec) ||
            std::any_of(in.checks.begin(), in.checks.end(),
                        [&path](const history_source& c) { return c.name == path; })) {
            continue;
        }
        try {
            auto p = load_profile(path);
            if (is_check_profile(p)) {
                in.checks.push_back({path, std::move(p)});
            }
        } catch (const error& e) {
            in.skipped.push_back({path, skip_reason(path, e.what())});
        }
    }
}

} // namespace

history_inputs read_history_paths(const std::vector<std::string>& paths) {
    history_inputs in;
    for (const auto& p : paths) {
        if (p.empty()) {
            throw usage_error("an empty path: give a profile or a folder of profiles (an unset "
                              "variable in a script?)");
        }
        std::error_code ec;
        const auto st = fs::status(p, ec);
        if (ec || !fs::exists(st)) {
            throw usage_error(p + ": no such file or folder");
        }
        if (fs::is_directory(st)) {
            std::vector<std::string> files;
            json_files_under(p, files, in.skipped);
            std::sort(files.begin(), files.end());
            for (const auto& f : files) {
                read_file(in, f);
            }
        } else {
            read_file(in, p);
        }
    }
    drop_copies(in.sources, in.skipped);
    add_checks_beside(in);
    return in;
}

history_inputs read_history_ref(const std::string& repo, const std::string& ref,
                                const std::string& under) {
    history_inputs in;
    const auto prefix = under.empty() || under.back() == '/' ? under : under + "/";
    for (const auto& path : files_at(repo, ref)) {
        if (!is_json_name(path) || path.compare(0, prefix.size(), prefix) != 0) {
            continue;
        }
        const auto name = ref + ":" + path;
        try {
            keep(in, name,
                 parse_profile(file_at(repo, ref, path, profile_json_limits.max_bytes), name));
        } catch (const error& e) {
            in.skipped.push_back({name, skip_reason(name, e.what())});
        }
    }
    drop_copies(in.sources, in.skipped);
    return in;
}

} // namespace grp::cli
