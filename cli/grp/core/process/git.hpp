// What git knows that a profile needs: the commit a run measured (`run` records it in the
// profile's `revision`), the first-parent line that orders `history`'s points, and the files of
// a ref that keeps profiles (a `perf-data` branch), read with git itself, never a clone of our
// own. Reading a revision must never run a program a repository configures: git's own check of
// the repository's owner stays on (a repository owned by another user is refused, and `run`
// says its revision was not recorded), and every call also switches off the configuration that
// runs programs (core.fsmonitor, hooks, signature checks, filters, fetching a missing object)
// and reads neither the system's nor the user's git configuration, where a CI image's
// `safe.directory=*` would switch the owner check off. Calls go through command_output: a ref
// or path is an argument, never shell text.
#pragma once

#include "grp/core/error.hpp"

#include <optional>
#include <string>
#include <vector>

namespace grp {

struct git_revision {
    std::string commit;       ///< full sha of HEAD
    std::string committed_at; ///< committer date, ISO 8601 ("" when git did not say)
    bool dirty = false;       ///< tracked files differ from the commit
};

/// What current_revision found: the revision, or why a repository's was not recorded.
struct revision_lookup {
    std::optional<git_revision> revision;
    /// "" when recorded, or outside a repository (or without git: a run outside git records
    /// no revision silently); else why not: "repository owned by another user", a timeout.
    std::string not_recorded;
};

/// HEAD of the repository that holds `dir`. Never throws.
revision_lookup current_revision(const std::string& dir);

/// Thrown where git refuses a repository owned by another user (its configuration could run
/// programs as the current user): a usage_error whose message says what to do.
struct foreign_repository_error : usage_error {
    using usage_error::usage_error;
};

/// The commits on REF's first-parent line, newest first (full shas). Throws usage_error naming
/// git's complaint when `repo` is not a repository or `ref` does not resolve, and
/// foreign_repository_error when `repo` belongs to another user.
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

/// REF resolved to the full sha of a commit (`git rev-parse --verify REF^{commit}`). Throws
/// usage_error naming git's complaint when it names no commit, foreign_repository_error as
/// first_parent_commits.
std::string resolve_commit(const std::string& repo, const std::string& ref);

/// What `bisect` says of a commit beside its sha.
struct commit_facts {
    std::string subject;     ///< the first line of its message
    std::string author_date; ///< ISO 8601
};

/// The subject and author date of `commit`; empty fields when git cannot say. Never throws.
commit_facts commit_facts_of(const std::string& repo, const std::string& commit);

/// A full sha: 40 (SHA-1) or 64 (SHA-256) lowercase hex digits.
bool is_full_sha(const std::string& s);

} // namespace grp
