#include "grp/core/machine/sensors/sysfs_file.hpp"

#include <cerrno>
#include <cstdlib>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace grp {

std::optional<std::string> read_sysfs_text(const std::string& path) {
    const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
    if (fd < 0) {
        return std::nullopt;
    }
    struct stat st {};
    std::optional<std::string> out;
    if (::fstat(fd, &st) == 0 && S_ISREG(st.st_mode)) {
        char buf[4096];
        const auto n = ::read(fd, buf, sizeof buf);
        if (n >= 0) {
            out = std::string(buf, static_cast<std::size_t>(n));
        }
    }
    ::close(fd);
    return out;
}

std::optional<std::int64_t> read_sysfs_integer(const std::string& path) {
    const auto text = read_sysfs_text(path);
    if (!text || text->find('\0') != std::string::npos) {
        return std::nullopt;
    }
    const char* s = text->c_str();
    char* end = nullptr;
    errno = 0;
    const long long v = std::strtoll(s, &end, 10);
    if (end == s || errno == ERANGE) {
        return std::nullopt;
    }
    for (; *end != '\0'; ++end) {
        if (*end != ' ' && *end != '\t' && *end != '\n' && *end != '\r') {
            return std::nullopt;
        }
    }
    return static_cast<std::int64_t>(v);
}

std::optional<std::int64_t> read_sysfs_in(const std::string& path, std::int64_t lo,
                                          std::int64_t hi) {
    const auto v = read_sysfs_integer(path);
    return v && *v >= lo && *v <= hi ? v : std::nullopt;
}

} // namespace grp
