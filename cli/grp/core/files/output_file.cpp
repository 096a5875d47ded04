#include "grp/core/files/output_file.hpp"

#include "grp/core/error.hpp"
#include "grp/core/text_safe.hpp"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <optional>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

namespace grp {

namespace fs = std::filesystem;

namespace {

/// The process umask, read once (umask() can only be read by setting it).
mode_t process_umask() {
    static const mode_t mask = [] {
        const mode_t m = ::umask(0);
        ::umask(m);
        return m;
    }();
    return mask;
}

std::string parent_dir(const std::string& path) {
    const fs::path p(path);
    return p.has_parent_path() ? p.parent_path().string() : std::string(".");
}

/// A unique temp name beside `path`: ".NAME.XXXXXX", NAME cut so the whole stays a valid name.
std::string temp_template(const std::string& path) {
    const std::string name = fs::path(path).filename().string();
    return (fs::path(parent_dir(path)) / ("." + utf8_prefix(name, 64) + ".XXXXXX")).string();
}

/// Writes all of `text` to `fd`, retrying short writes and EINTR. Returns errno, or 0.
int write_all(int fd, const std::string& text) {
    std::size_t done = 0;
    while (done < text.size()) {
        const ssize_t n = ::write(fd, text.data() + done, text.size() - done);
        if (n < 0 && errno == EINTR) {
            continue;
        }
        if (n < 0) {
            return errno;
        }
        done += static_cast<std::size_t>(n);
    }
    return 0;
}

/// The descriptor a path names by itself: /dev/stdout (1), /dev/stderr (2), /dev/fd/N and
/// /proc/self/fd/N. Written through that descriptor, as `-` is through stdout: resolving the
/// name instead gives the file the shell redirected to (a regular file that would then need
/// --force and be replaced by a rename) or, where /dev/stdout is a node of its own, that node.
std::optional<int> descriptor_of(const std::string& path) {
    if (path == "/dev/stdout") {
        return STDOUT_FILENO;
    }
    if (path == "/dev/stderr") {
        return STDERR_FILENO;
    }
    for (const std::string prefix : {"/dev/fd/", "/proc/self/fd/"}) {
        const auto digits = path.substr(std::min(path.size(), prefix.size()));
        if (path.rfind(prefix, 0) == 0 && !digits.empty() && digits.size() < 6 &&
            digits.find_first_not_of("0123456789") == std::string::npos) {
            return std::stoi(digits);
        }
    }
    return std::nullopt;
}

std::string reason(int err) {
    std::string r = std::strerror(err);
    if (err == ENOSPC || err == EDQUOT) {
        r += " (disk full?)";
    } else if (err == EROFS) {
        r += " (read-only file system)";
    }
    return r;
}

/// Links `tmp` to `path` only if nothing is at `path`. Returns errno, or 0.
int publish_no_replace(const std::string& tmp, const std::string& path) {
    if (::link(tmp.c_str(), path.c_str()) == 0) {
        ::unlink(tmp.c_str());
        return 0;
    }
    if (errno == EEXIST) {
        return EEXIST;
    }
#ifdef SYS_renameat2
    // File systems without hard links (FAT, some FUSE): rename with RENAME_NOREPLACE (1).
    if (::syscall(SYS_renameat2, AT_FDCWD, tmp.c_str(), AT_FDCWD, path.c_str(), 1U) == 0) {
        return 0;
    }
    if (errno != EINVAL && errno != ENOSYS) {
        return errno;
    }
#endif
    // Neither is supported: check, then rename (a narrow race, on such file systems only).
    struct stat st {};
    if (::lstat(path.c_str(), &st) == 0) {
        return EEXIST;
    }
    return ::rename(tmp.c_str(), path.c_str()) == 0 ? 0 : errno;
}

// The folder of `path` takes a new file: one is created there (and removed), after creating
// the folder first when `create_dirs`. file_error saying why not.
void probe_directory(const std::string& path, const std::string& what, bool create_dirs) {
    const std::string dir = parent_dir(path);
    std::error_code ec;
    if (create_dirs) {
        fs::create_directories(dir, ec);
    }
    std::string tmp = temp_template(path);
    const int fd = ::mkstemp(tmp.data());
    if (fd < 0) {
        const int err = errno;
        const std::string why = ec              ? "cannot be created: " + ec.message()
                                : err == ENOENT ? std::string("does not exist")
                                                : "is not writable: " + reason(err);
        throw file_error("cannot write the " + what + " '" + path + "': its directory '" + dir +
                         "' " + why + "; choose another place");
    }
    ::close(fd);
    ::unlink(tmp.c_str());
}

} // namespace

output_file::output_file(std::string path, std::string what, bool force, bool create_dirs)
    : m_path(std::move(path)), m_what(std::move(what)), m_force(force), m_create_dirs(create_dirs) {
}

bool output_file::is_stdout() const {
    return m_path == "-" || descriptor_of(m_path) == STDOUT_FILENO;
}

void output_file::probe() const {
    (void)process_umask();
    if (is_stdout()) {
        return;
    }
    if (m_path.empty()) {
        throw usage_error("the " + m_what + " file name is empty; name a file");
    }
    if (const auto fd = descriptor_of(m_path)) {
        if (::fcntl(*fd, F_GETFL) < 0) {
            throw file_error("cannot write the " + m_what + " to '" + m_path + "': descriptor " +
                             std::to_string(*fd) + " is not open");
        }
        return; // written in place, like a device: no --force
    }
    struct stat st {};
    const bool exists = ::lstat(m_path.c_str(), &st) == 0;
    struct stat target {};
    const bool resolves = exists && ::stat(m_path.c_str(), &target) == 0;
    if (resolves && S_ISDIR(target.st_mode)) {
        throw usage_error("the " + m_what + " '" + m_path + "' is a directory; name a file");
    }
    if (resolves && S_ISBLK(target.st_mode)) {
        throw usage_error("the " + m_what + " '" + m_path +
                          "' is a block device; this tool does not write onto disks");
    }
    if (resolves && !S_ISREG(target.st_mode)) {
        return; // a character device, FIFO or socket: written in place
    }
    if (exists && !m_force) {
        throw usage_error("the " + m_what + " '" + m_path +
                          "' already exists; pass --force to overwrite it, or choose another "
                          "name");
    }
    probe_directory(m_path, m_what, m_create_dirs);
}

void output_file::write(const std::string& text) const {
    if (is_stdout()) {
        if (const int err = write_all(STDOUT_FILENO, text); err != 0) {
            throw file_error("writing the " + m_what + " to stdout failed: " + reason(err));
        }
        return;
    }
    if (const auto fd = descriptor_of(m_path)) {
        if (const int err = write_all(*fd, text); err != 0) {
            throw file_error("writing the " + m_what + " to '" + m_path +
                             "' failed: " + reason(err));
        }
        return;
    }
    struct stat st {};
    if (::stat(m_path.c_str(), &st) == 0 && !S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode)) {
        write_special(text);
    } else {
        write_regular(text);
    }
}

void output_file::write_special(const std::string& text) const {
    // O_NONBLOCK: a FIFO with no reader fails with ENXIO instead of waiting forever.
    const int fd = ::open(m_path.c_str(), O_WRONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
    if (fd < 0) {
        const int err = errno;
        throw file_error("cannot open the " + m_what + " '" + m_path + "' for writing: " +
                         (err == ENXIO ? std::string("a FIFO with no reader") : reason(err)));
    }
    ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) & ~O_NONBLOCK);
    const int err = write_all(fd, text);
    ::close(fd);
    if (err != 0) {
        throw file_error("writing the " + m_what + " '" + m_path + "' failed: " + reason(err));
    }
}

void output_file::write_regular(const std::string& text) const {
    struct stat old {};
    const bool replacing = ::stat(m_path.c_str(), &old) == 0 && S_ISREG(old.st_mode);
    std::string tmp = temp_template(m_path);
    const int fd = ::mkstemp(tmp.data());
    if (fd < 0) {
        throw file_error("cannot write the " + m_what + " '" + m_path + "': " + reason(errno));
    }
    const mode_t mode = replacing ? (old.st_mode & 07777U) : (0666U & ~process_umask());
    int err = ::fchmod(fd, mode) == 0 ? 0 : errno;
    if (err == 0) {
        err = write_all(fd, text);
    }
    if (err == 0 && ::fsync(fd) != 0 && errno != EINVAL) {
        err = errno;
    }
    if (::close(fd) != 0 && err == 0) {
        err = errno;
    }
    if (err == 0) {
        err = m_force ? (::rename(tmp.c_str(), m_path.c_str()) == 0 ? 0 : errno)
                      : publish_no_replace(tmp, m_path);
    }
    if (err == 0) {
        return;
    }
    ::unlink(tmp.c_str());
    if (err == EEXIST) {
        throw usage_error("the " + m_what + " '" + m_path +
                          "' was created by another process meanwhile (it already exists); "
                          "not replaced (pass --force to overwrite it)");
    }
    throw file_error("writing the " + m_what + " '" + m_path + "' failed: " + reason(err));
}

bool same_file(const std::string& a, const std::string& b) {
    auto norm = [](const std::string& p) {
        return p == "-" ? std::string("/dev/stdout") : p;
    };
    const std::string x = norm(a), y = norm(b);
    std::error_code ec;
    if (fs::equivalent(x, y, ec) && !ec) {
        return true;
    }
    auto canonical = [](const std::string& p) {
        std::error_code e;
        const auto abs = fs::absolute(p, e);
        auto c = fs::weakly_canonical(abs, e); // keeps "missing/.." as written
        return (e ? abs : c).lexically_normal();
    };
    return canonical(x) == canonical(y);
}

void check_distinct_files(const std::vector<std::string>& inputs,
                          const std::vector<const output_file*>& outputs) {
    for (std::size_t i = 0; i < outputs.size(); ++i) {
        const auto& out = outputs[i]->path();
        for (const auto& in : inputs) {
            if (same_file(in, out)) {
                throw usage_error("the output '" + out + "' is the input '" + in +
                                  "'; writing it would replace the input. Choose another name");
            }
        }
        for (std::size_t k = 0; k < i; ++k) {
            if (same_file(outputs[k]->path(), out)) {
                throw usage_error("two outputs name the same file ('" + outputs[k]->path() +
                                  "' and '" + out + "'); one would replace the other");
            }
        }
    }
}

} // namespace grp
