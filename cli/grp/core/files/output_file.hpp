// The one path by which every command writes a file the user named (run's profile, report's
// HTML and markdown, compare's outputs). The rules it guarantees:
//  - probe() before long work: a directory, an existing file without --force, a missing or
//    unwritable directory fail in seconds, not after an hour-long sweep;
//  - write() never leaves a half-written file under the user's name: the text goes to a fresh
//    temp file beside the target (mkstemp: O_EXCL, so a pre-existing file or symlink at the temp
//    name is never followed), is flushed to disk, then renamed into place; the temp is removed
//    on every failure, and messages name the user's path, never the temp;
//  - without --force an existing file is never replaced, atomically: the temp is linked to the
//    name (link() fails if anything got there first), so two runs cannot both "win";
//  - /dev/stdout, /dev/stderr, /dev/fd/N and /proc/self/fd/N are written through that
//    descriptor, like `-` (no --force: the shell opened it, whatever it redirects to);
//  - character devices, FIFOs and sockets (/dev/null, a pipe from `>(...)`) are written in
//    place, since renaming over them would replace the node; a FIFO with no reader fails
//    instead of blocking; block devices are refused;
//  - check_distinct_files(): no output names an input or another output, however spelled
//    (./p.json, an absolute path, a symlink, a hard link).
#pragma once

#include <string>
#include <vector>

namespace grp {

class output_file {
public:
    /// `path` as the user gave it ("-" is stdout); `what` names it in messages ("profile",
    /// "HTML report"); `force` allows replacing an existing file; `create_dirs` lets probe()
    /// create missing parent directories (run's default out/), otherwise they are an error.
    output_file(std::string path, std::string what, bool force, bool create_dirs = false);

    [[nodiscard]] const std::string& path() const { return m_path; }
    /// "-" or a name of descriptor 1 (/dev/stdout, /dev/fd/1, /proc/self/fd/1).
    [[nodiscard]] bool is_stdout() const;

    /// Checks now that write() can succeed later: creates missing parent directories (when
    /// allowed) and a probe file in the target's directory, then removes it. Throws usage_error
    /// (the target is a directory, or exists without force) or file_error (the directory is
    /// missing, cannot be created or cannot be written).
    void probe() const;

    /// Writes `text` as the whole file, per the rules above. Throws usage_error when the file
    /// appeared meanwhile and force is off, file_error for every other failure (disk full,
    /// read-only, removed directory), naming path().
    void write(const std::string& text) const;

private:
    void write_special(const std::string& text) const;
    void write_regular(const std::string& text) const;

    std::string m_path;
    std::string m_what;
    bool m_force;
    bool m_create_dirs;
};

/// True when `a` and `b` name the same file: the same inode when both exist, else the same
/// path once made absolute with symlinks in existing parents resolved. "-" means stdout.
[[nodiscard]] bool same_file(const std::string& a, const std::string& b);

/// Throws usage_error when an output is the same file as an input (a report would replace its
/// own profile) or as another output (one would silently replace the other).
void check_distinct_files(const std::vector<std::string>& inputs,
                          const std::vector<const output_file*>& outputs);

} // namespace grp
