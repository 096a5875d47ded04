// What git knows that a profile needs: the commit a run measured (`run` records it in the
// profile's `revision`), the first-parent line that orders `history`'s points, and the files of
// a ref that keeps profiles (a `perf-data` branch), read with git itself, never a clone of our
// own. Every call is `git -c safe.directory=* -C REPO ...` through command_output: in a
// container the checkout often belongs to another user, and a ref or path is an argument, never
// shell text.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace grp {

struct git_revision {
    std::string commit;       ///< full sha of HEAD
    std::string committed_at; ///< committer date, ISO 8601 ("" when git did not say)
    bool dirty = false;       ///< tracked files differ from the commit
};

/// HEAD of the repository that holds `dir`; nullopt when git is missing or `dir` is not in a
/// repository (a run outside git records no revision). Never throws.
std::optional<git_revision> current_revision(const std::string& dir);

/// The commits on REF's first-parent line, newest first (full shas). Throws usage_error naming
/// git's complaint when `repo` is not a repository or `ref` does not resolve.
std::vector<std::string> first_parent_commits(const std::string& repo, const std::string& ref);

/// Every file path of REF's tree (recursive). Throws usage_error as first_parent_commits.
std::vector<std::string> files_at(const std::string& repo, const std::string& ref);

/// The bytes of PATH at REF, at most `max_bytes` (file_error beyond, or when git cannot read it).
std::string file_at(const std::string& repo, const std::string& ref, const std::string& path,
                    std::size_t max_bytes);

/// Whether commit `a` is `b` or an ancestor of it (`git merge-base --is-ancestor`); nullopt
/// when git cannot tell (not a repository, an unknown commit). Never throws.
std::optional<bool> is_ancestor(const std::string& repo, const std::string& a,
                                const std::string& b);

/// A full sha: 40 (SHA-1) or 64 (SHA-256) lowercase hex digits.
bool is_full_sha(const std::string& s);

} // namespace grp
