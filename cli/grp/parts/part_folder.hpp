// Where the processes of `run --runs` leave their profiles (the parts) until the parent has
// merged them and written the output: a hidden folder beside the output (".NAME.parts-XXXXXX"),
// so a finished process lives on the output's disk, never only in $TMPDIR (a full or missing
// temp folder, or a reboot, lost it). $TMPDIR (else /tmp) is used only when the output has no
// folder of its own (stdout, a device). A part is removed only once the profile holding it is
// written; a folder that still holds parts at the end is named on stderr, and one left by a
// parent that was killed (SIGKILL, a power cut) is named by the next run with the same output.
#pragma once

#include <cstddef>
#include <mutex>
#include <set>
#include <string>
#include <vector>

namespace grp::parts {

class part_folder {
public:
    /// Makes a fresh folder beside `output` ("-": stdout, or a device: in $TMPDIR). Throws
    /// file_error naming the places tried when none can be made.
    explicit part_folder(const std::string& output);
    part_folder(const part_folder&) = delete;
    part_folder& operator=(const part_folder&) = delete;
    /// Removes the folder when it is empty; otherwise names it and what it holds on stderr.
    ~part_folder();

    [[nodiscard]] const std::string& path() const { return m_path; }
    /// The profile of process `i` (1-based).
    [[nodiscard]] std::string file(std::size_t i) const;
    /// Process `i`'s part is in the profile checkpointed last: it goes once that is saved.
    void merged(std::size_t i);
    /// The profile with every merged part was written: their files are removed (and the
    /// folder, when nothing else is in it).
    void saved();
    /// A line for stderr when the folder still holds files ("" when it is empty or gone); it
    /// is removed when empty. `running`: a process may still write its part there.
    std::string leave(bool running);

private:
    std::string m_path;
    std::mutex m_mutex;
    std::set<std::size_t> m_merged;
};

/// Where the process that writes the part `part_path` saves it when that cannot be written (a
/// full or read-only disk): a name in $TMPDIR (else /tmp) made of the part's folder and file
/// ("gpu-reduce-prof-rescued-NAME.parts-XXXXXX-part-1.json"), so that the parent finds the
/// rescued part and merges it like the part itself.
std::string part_rescue_path(const std::string& part_path);

/// The rescued part of `part_path` (part_rescue_path) when it is a regular file of this user
/// (never a link or another user's plant in a shared /tmp); "" otherwise.
std::string rescued_part(const std::string& part_path);

/// One line per folder of parts beside `output` that an earlier run with this output left
/// (its parent was killed before it could merge them), saying how to keep or remove them.
std::vector<std::string> leftover_parts(const std::string& output);

} // namespace grp::parts
