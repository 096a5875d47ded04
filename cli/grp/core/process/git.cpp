#include "grp/core/process/git.hpp"

#include "grp/core/error.hpp"
#include "grp/core/process/command_output.hpp"

#include <algorithm>
#include <array>
#include <sstream>

namespace grp {

namespace {

/// Configuration that makes git run a program, switched off on every call (the command line
/// outranks every file): an fsmonitor hook (the attack of CVE-2022-24765), hooks, the gpg
/// program of a signature shown by `log`, an external diff, a fetch of a missing object by a
/// partial clone (core.sshCommand), automatic gc.
constexpr std::array<const char*, 8> inert_config{"core.fsmonitor=false",
                                                  "core.hooksPath=/dev/null",
                                                  "log.showSignature=false",
                                                  "diff.external=",
                                                  "core.attributesFile=/dev/null",
                                                  "protocol.allow=never",
                                                  "gc.auto=0",
                                                  "maintenance.auto=false"};

/// The environment of every call: neither the system's nor the user's configuration (a CI
/// image's `safe.directory=*` would switch git's owner check off; the user's settings change
/// nothing this reads), nor configuration passed down by a git that runs us (`git -c ...
/// bisect run`); no prompt, no pager, no optional index write in a repository we only read;
/// messages in English, so that a refusal is recognised.
const std::vector<std::string>& git_environment() {
    static const std::vector<std::string> env{"GIT_CONFIG_NOSYSTEM=1",
                                              "GIT_CONFIG_GLOBAL=/dev/null",
                                              "GIT_CONFIG_PARAMETERS",
                                              "GIT_CONFIG_COUNT",
                                              "GIT_ATTR_NOSYSTEM=1",
                                              "GIT_EXTERNAL_DIFF",
                                              "GIT_PAGER=cat",
                                              "GIT_TERMINAL_PROMPT=0",
                                              "GIT_ASKPASS",
                                              "GIT_OPTIONAL_LOCKS=0",
                                              "LC_ALL=C",
                                              "LANGUAGE"};
    return env;
}

command_result git(const std::string& repo, const std::vector<std::string>& args,
                   std::size_t max_bytes = std::size_t{64} << 20) {
    std::vector<std::string> argv{"git", "--no-pager", "-C", repo};
    for (const char* setting : inert_config) {
        argv.insert(argv.end(), {"-c", setting});
    }
    argv.insert(argv.end(), args.begin(), args.end());
    return command_output(argv, {max_bytes, std::chrono::seconds(60)}, git_environment());
}

/// Whether git refused the repository for its owner ("detected dubious ownership"; 2.35.2 said
/// "unsafe repository ... is owned by someone else").
bool foreign_owner(const command_result& r) {
    return r.started && r.exit_status != 0 &&
           (r.err.find("dubious ownership") != std::string::npos ||
            r.err.find("owned by someone else") != std::string::npos);
}

/// Throws foreign_repository_error when git refused `repo` for its owner.
void check_owner(const command_result& r, const std::string& repo) {
    if (foreign_owner(r)) {
        throw foreign_repository_error(
            repo + ": repository owned by another user: git does not read it for us (its "
                   "configuration could run programs as you); run as its owner, or copy it");
    }
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

/// `-c` settings that switch off every filter driver the repository's configuration defines:
/// `status` runs a file's clean filter (named by .gitattributes) to compare its content.
/// Empty when there are none; nullopt for a driver name a `-c` cannot spell.
std::optional<std::vector<std::string>> filters_off(const std::string& dir) {
    const auto names =
        git(dir, {"config", "-z", "--name-only", "--get-regexp", "^filter\\."}, 1U << 20U);
    std::vector<std::string> off;
    for (const auto& name : split_on(names.out, '\0')) {
        const auto driver = name.substr(0, name.rfind('.'));
        if (driver.find_first_of("=\n") != std::string::npos) {
            return std::nullopt;
        }
        if (!off.empty() && off.back() == driver + ".required=false") {
            continue; // the driver's next key: already off
        }
        for (const char* key : {".clean=", ".smudge=", ".process=", ".required=false"}) {
            off.insert(off.end(), {"-c", driver + key});
        }
    }
    return names.truncated ? std::nullopt : std::optional(off);
}

/// Whether tracked files differ from HEAD (a submodule at another commit counts, its own
/// changes do not: checking them runs git in the submodule). True when it cannot be checked
/// safely: a dirty run is an event in `history`, never a point.
bool worktree_dirty(const std::string& dir) {
    auto args = filters_off(dir);
    if (!args) {
        return true;
    }
    args->insert(args->end(),
                 {"status", "--porcelain", "--untracked-files=no", "--ignore-submodules=dirty"});
    const auto status = git(dir, *args, 4096);
    // Cut at the cap is still dirty: only the first lines are kept.
    return !status.started || status.exit_status != 0 || !trimmed(status.out).empty();
}

} // namespace

bool is_full_sha(const std::string& s) {
    return (s.size() == 40 || s.size() == 64) && std::all_of(s.begin(), s.end(), [](char c) {
               return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f');
           });
}

revision_lookup current_revision(const std::string& dir) {
    const auto head =
        git(dir, {"log", "-1", "--no-show-signature", "--format=%H%n%cI", "HEAD"}, 4096);
    if (foreign_owner(head)) {
        return {std::nullopt, "repository owned by another user (reading it could run the "
                              "programs its configuration names, as you)"};
    }
    if (!head.ok()) {
        // Outside a repository, or without git, a run records no revision and says nothing.
        const bool hung = head.started && head.exit_status == -1 && !head.problem.empty();
        return {std::nullopt, hung ? "git: " + head.problem : ""};
    }
    const auto lines = split_on(head.out, '\n');
    if (lines.empty() || !is_full_sha(lines[0])) {
        return {};
    }
    return {git_revision{lines[0], lines.size() > 1 ? trimmed(lines[1]) : "", worktree_dirty(dir)},
            ""};
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
    check_owner(r, repo);
    if (!r.ok()) {
        throw usage_error("git rev-list " + ref + " in " + repo + ": " + complaint(r));
    }
    return split_on(r.out, '\n');
}

std::vector<std::string> files_at(const std::string& repo, const std::string& ref) {
    check_ref(ref);
    // --full-tree: from a subfolder ls-tree would list that folder alone, relative to it.
    const auto r = git(repo, {"ls-tree", "-r", "-z", "--full-tree", "--name-only", ref, "--"});
    check_owner(r, repo);
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

std::string resolve_commit(const std::string& repo, const std::string& ref) {
    check_ref(ref);
    const auto r = git(repo, {"rev-parse", "--verify", "--quiet", ref + "^{commit}"}, 4096);
    check_owner(r, repo);
    auto sha = trimmed(r.out);
    if (!r.ok() || !is_full_sha(sha)) {
        throw usage_error("git rev-parse " + ref + " in " + repo + ": " +
                          (r.ok() || r.err.empty() ? "not a commit" : complaint(r)));
    }
    return sha;
}

commit_facts commit_facts_of(const std::string& repo, const std::string& commit) {
    if (!is_full_sha(commit)) {
        return {};
    }
    const auto r = git(repo, {"log", "-1", "--no-show-signature", "--format=%aI%n%s", commit, "--"},
                       1U << 16U);
    if (!r.ok()) {
        return {};
    }
    const auto cut = r.out.find('\n');
    if (cut == std::string::npos) {
        return {};
    }
    return {trimmed(r.out.substr(cut + 1)), trimmed(r.out.substr(0, cut))};
}

} // namespace grp
