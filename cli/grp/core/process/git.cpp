#include "grp/core/process/git.hpp"

#include "grp/core/error.hpp"
#include "grp/core/process/command_output.hpp"

#include <algorithm>
#include <sstream>

namespace grp {

namespace {

command_result git(const std::string& repo, std::vector<std::string> args,
                   std::size_t max_bytes = std::size_t{64} << 20) {
    std::vector<std::string> argv{"git", "-c", "safe.directory=*", "-C", repo};
    argv.insert(argv.end(), args.begin(), args.end());
    return command_output(argv, {max_bytes, std::chrono::seconds(60)});
}

/// git's first line of complaint, or why it did not run.
std::string complaint(const command_result& r) {
    if (!r.started || !r.problem.empty()) {
        return r.problem.empty() ? std::string("git could not be run") : r.problem;
    }
    const auto first = r.err.substr(0, r.err.find('\n'));
    return first.empty() ? "git exited " + std::to_string(r.exit_status) : first;
}

std::string trimmed(const std::string& s) {
    const auto end = s.find_last_not_of(" \n\r\t");
    return end == std::string::npos ? std::string() : s.substr(0, end + 1);
}

std::vector<std::string> split_on(const std::string& text, char sep) {
    std::vector<std::string> parts;
    std::string part;
    std::istringstream in(text);
    while (std::getline(in, part, sep)) {
        if (!part.empty()) {
            parts.push_back(part);
        }
    }
    return parts;
}

/// Refuses a ref git would read as an option ("--output=x"): refs are names, not flags.
void check_ref(const std::string& ref) {
    if (ref.empty() || ref.front() == '-') {
        throw usage_error("not a git ref: '" + ref + "'");
    }
}

} // namespace

bool is_full_sha(const std::string& s) {
    return (s.size() == 40 || s.size() == 64) && std::all_of(s.begin(), s.end(), [](char c) {
               return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f');
           });
}

std::optional<git_revision> current_revision(const std::string& dir) {
    const auto head = git(dir, {"log", "-1", "--format=%H%n%cI", "HEAD"}, 4096);
    if (!head.ok()) {
        return std::nullopt;
    }
    const auto lines = split_on(head.out, '\n');
    if (lines.empty() || !is_full_sha(lines[0])) {
        return std::nullopt;
    }
    git_revision r{lines[0], lines.size() > 1 ? trimmed(lines[1]) : "", false};
    const auto status = git(dir, {"status", "--porcelain", "--untracked-files=no"}, 4096);
    r.dirty = status.ok() && !trimmed(status.out).empty();
    return r;
}

std::optional<bool> is_ancestor(const std::string& repo, const std::string& a,
                                const std::string& b) {
    if (a.empty() || b.empty() || a.front() == '-' || b.front() == '-') {
        return std::nullopt;
    }
    const auto r = git(repo, {"merge-base", "--is-ancestor", a, b}, 4096);
    if (!r.started || (r.exit_status != 0 && r.exit_status != 1)) {
        return std::nullopt;
    }
    return r.exit_status == 0;
}

std::vector<std::string> first_parent_commits(const std::string& repo, const std::string& ref) {
    check_ref(ref);
    const auto r = git(repo, {"rev-list", "--first-parent", ref, "--"});
    if (!r.ok()) {
        throw usage_error("git rev-list " + ref + " in " + repo + ": " + complaint(r));
    }
    return split_on(r.out, '\n');
}

std::vector<std::string> files_at(const std::string& repo, const std::string& ref) {
    check_ref(ref);
    const auto r = git(repo, {"ls-tree", "-r", "-z", "--name-only", ref, "--"});
    if (!r.ok()) {
        throw usage_error("git ls-tree " + ref + " in " + repo + ": " + complaint(r));
    }
    return split_on(r.out, '\0');
}

std::string file_at(const std::string& repo, const std::string& ref, const std::string& path,
                    std::size_t max_bytes) {
    check_ref(ref);
    const auto r = git(repo, {"cat-file", "blob", ref + ":" + path}, max_bytes);
    if (r.truncated) {
        throw file_error(ref + ":" + path + ": larger than " + std::to_string(max_bytes) +
                         " bytes");
    }
    if (!r.ok()) {
        throw file_error(ref + ":" + path + ": " + complaint(r));
    }
    return r.out;
}

} // namespace grp
