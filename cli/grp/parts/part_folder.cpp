#include "grp/parts/part_folder.hpp"

#include "grp/core/error.hpp"
#include "grp/core/text_safe.hpp"

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <sys/stat.h>
#include <unistd.h>

namespace grp::parts {

namespace {

namespace fs = std::filesystem;

/// True when the output is a file with a folder of its own (not stdout, a FIFO or a device).
bool has_folder(const std::string& output) {
    if (output == "-" || output.empty()) {
        return false;
    }
    struct stat st {};
    return ::stat(output.c_str(), &st) != 0 || S_ISREG(st.st_mode);
}

/// ".NAME.parts-": the prefix of the folders beside `output` (NAME cut so the whole stays a
/// valid file name, as the output's own temp files are).
std::string prefix(const std::string& output) {
    return "." + utf8_prefix(fs::path(output).filename().string(), 64) + ".parts-";
}

fs::path folder_of(const std::string& output) {
    const fs::path p(output);
    return p.has_parent_path() ? p.parent_path() : fs::path(".");
}

std::string make_in(const fs::path& dir, const std::string& name) {
    std::string t = (dir / (name + "XXXXXX")).string();
    return ::mkdtemp(t.data()) == nullptr ? std::string() : t;
}

std::vector<std::string> names_in(const std::string& dir) {
    std::vector<std::string> out;
    std::error_code ec;
    for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
        out.push_back(it->path().filename().string());
    }
    std::sort(out.begin(), out.end());
    return out;
}

std::string merge_hint(const std::string& dir) {
    return "keep them with `gpu-reduce-prof merge " + terminal_escape(dir) +
           "/part-*.json -o FILE`, then remove the folder";
}

} // namespace

part_folder::part_folder(const std::string& output) {
    std::string tried;
    if (has_folder(output)) {
        m_path = make_in(folder_of(output), prefix(output));
        if (!m_path.empty()) {
            return;
        }
        tried = "beside the output (" + terminal_escape(folder_of(output).string()) +
                "): " + std::strerror(errno) + "; ";
    }
    const char* tmp = std::getenv("TMPDIR");
    const bool from_env = tmp != nullptr && *tmp != '\0';
    const std::string parent = from_env ? tmp : "/tmp";
    m_path = make_in(parent, "gpu-reduce-prof-runs-");
    if (m_path.empty()) {
        const std::string why = std::strerror(errno);
        throw error("cannot make a folder for the parts of --runs " + tried + "in " +
                        (from_env ? "$TMPDIR (" + terminal_escape(parent) + ")" : parent) + ": " +
                        why + "; " +
                        (from_env ? "set TMPDIR to a writable folder, or unset it"
                                  : "make /tmp writable, or set TMPDIR to a writable folder") +
                        " (or run one process: --runs 1)",
                    exit_code::bad_file);
    }
}

part_folder::~part_folder() {
    try {
        const std::string line = leave(false);
        if (!line.empty()) {
            std::cerr << "note: " << line << '\n';
        }
    } catch (...) { // NOLINT(bugprone-empty-catch): a destructor must not throw
    }
}

std::string part_folder::file(std::size_t i) const {
    return m_path + "/part-" + std::to_string(i) + ".json";
}

void part_folder::merged(std::size_t i) {
    std::lock_guard<std::mutex> lock(m_mutex);
    m_merged.insert(i);
}

void part_folder::saved() {
    std::lock_guard<std::mutex> lock(m_mutex);
    for (const auto i : m_merged) {
        std::error_code ec;
        fs::remove(file(i), ec);
        if (const auto rescued = rescued_part(file(i)); !rescued.empty()) {
            fs::remove(rescued, ec); // in the profile now written
        }
    }
    m_merged.clear();
}

std::string part_folder::leave(bool running) {
    std::lock_guard<std::mutex> lock(m_mutex);
    std::error_code ec;
    if (m_path.empty() || !fs::exists(m_path, ec)) {
        return "";
    }
    const auto names = names_in(m_path);
    if (names.empty() && !running) {
        fs::remove(m_path, ec);
        return "";
    }
    std::string list;
    for (const auto& n : names) {
        list += (list.empty() ? "" : ", ") + terminal_escape(n);
    }
    if (names.empty()) {
        return "the running process of --runs may still save its finished rounds in " +
               terminal_escape(m_path) + "/";
    }
    return "the part files of --runs stay in " + terminal_escape(m_path) + "/ (" + list +
           (running ? "; the running process may still add its own" : "") +
           "): " + merge_hint(m_path);
}

std::string part_rescue_path(const std::string& part_path) {
    const fs::path part(part_path);
    std::string folder = part.parent_path().filename().string();
    folder.erase(0, folder.find_first_not_of('.')); // no hidden file in $TMPDIR
    const char* tmp = std::getenv("TMPDIR");
    const std::string dir = tmp != nullptr && *tmp != '\0' ? tmp : "/tmp";
    return dir + "/gpu-reduce-prof-rescued-" + folder + "-" + part.filename().string();
}

std::string rescued_part(const std::string& part_path) {
    const std::string path = part_rescue_path(part_path);
    struct stat st {};
    const bool own =
        ::lstat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode) && st.st_uid == ::geteuid();
    return own ? path : "";
}

std::vector<std::string> leftover_parts(const std::string& output) {
    std::vector<std::string> out;
    if (!has_folder(output)) {
        return out;
    }
    const std::string dir = folder_of(output).string();
    const std::string pre = prefix(output);
    for (const auto& name : names_in(dir)) {
        const std::string path = (fs::path(dir) / name).string();
        std::error_code ec;
        if (name.rfind(pre, 0) != 0 || !fs::is_directory(path, ec)) {
            continue;
        }
        const auto parts = names_in(path);
        const auto n = std::count_if(parts.begin(), parts.end(),
                                     [](const std::string& p) { return p.rfind("part-", 0) == 0; });
        out.push_back(terminal_escape(path) + "/ holds " + std::to_string(n) +
                      " part file(s) of an earlier run with this output that ended before "
                      "merging them (its parent was killed, or it still runs): " +
                      merge_hint(path));
    }
    return out;
}

} // namespace grp::parts
