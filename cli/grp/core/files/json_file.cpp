#include "grp/core/files/json_file.hpp"

#include "grp/core/text_position.hpp"
#include "grp/core/text_safe.hpp"

#include <cerrno>
#include <cmath>
#include <cstring>
#include <fcntl.h>
#include <limits>
#include <sys/stat.h>
#include <unistd.h>

namespace grp {

using ojson = nlohmann::ordered_json;

namespace {

/// Closes a file descriptor on every way out.
struct fd_guard {
    int fd;
    ~fd_guard() {
        if (fd >= 0) {
            ::close(fd);
        }
    }
};

const char* kind_of(mode_t mode) {
    if (S_ISDIR(mode)) {
        return "a directory";
    }
    if (S_ISFIFO(mode)) {
        return "a FIFO (named pipe)";
    }
    if (S_ISCHR(mode) || S_ISBLK(mode)) {
        return "a device";
    }
    if (S_ISSOCK(mode)) {
        return "a socket";
    }
    return "not a regular file";
}

/// Byte offset where nesting first goes deeper than `max_depth`, or npos. Strings are skipped
/// (a bracket inside one does not nest); the text need not be valid JSON: the parser that runs
/// afterwards reports syntax errors.
std::size_t too_deep_at(const std::string& text, std::size_t max_depth) {
    std::size_t depth = 0;
    bool in_string = false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (in_string) {
            if (c == '\\') {
                ++i;
            } else if (c == '"') {
                in_string = false;
            }
        } else if (c == '"') {
            in_string = true;
        } else if (c == '[' || c == '{') {
            if (++depth > max_depth) {
                return i;
            }
        } else if ((c == ']' || c == '}') && depth > 0) {
            --depth;
        }
    }
    return std::string::npos;
}

/// Finds where the parser failed, for exceptions that carry no position (a number outside
/// double range is an out_of_range error, not a parse_error): parses again with a SAX handler
/// that builds nothing and keeps the position of the first error.
class error_locator : public nlohmann::json_sax<ojson> {
public:
    std::size_t position = 0;
    bool null() override { return true; }
    bool boolean(bool) override { return true; }
    bool number_integer(number_integer_t) override { return true; }
    bool number_unsigned(number_unsigned_t) override { return true; }
    bool number_float(number_float_t, const string_t&) override { return true; }
    bool string(string_t&) override { return true; }
    bool binary(binary_t&) override { return true; }
    bool start_object(std::size_t) override { return true; }
    bool key(string_t&) override { return true; }
    bool end_object() override { return true; }
    bool start_array(std::size_t) override { return true; }
    bool end_array() override { return true; }
    bool parse_error(std::size_t pos, const std::string&,
                     const nlohmann::detail::exception&) override {
        position = pos;
        return false;
    }
};

std::string position_of(const std::string& text) {
    error_locator loc;
    (void)ojson::sax_parse(text, &loc);
    return line_column(text, loc.position == 0 ? 0 : loc.position - 1);
}

/// nlohmann's messages start with "[json.exception.parse_error.101] "; users need the rest.
std::string without_tag(const char* what) {
    std::string s = what;
    if (s.rfind("[json.exception.", 0) == 0) {
        if (auto close = s.find("] "); close != std::string::npos) {
            s.erase(0, close + 2);
        }
    }
    return s;
}

[[noreturn]] void bad_value(const std::string& where, const char* expected, const ojson& v) {
    throw file_error(where + ": expected " + expected + ", got " + json_brief(v));
}

} // namespace

std::string read_regular_file(const std::string& path, const std::string& what,
                              std::size_t max_bytes, exit_code if_missing) {
    // O_NONBLOCK: opening a FIFO with no writer would otherwise wait forever.
    fd_guard f{::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC)};
    if (f.fd < 0) {
        const int err = errno;
        const std::string msg = path + ": cannot open " + what +
                                " for reading: " + std::strerror(err) +
                                (err == ENOENT ? " (check the path)" : "");
        if (err == ENOENT && if_missing == exit_code::usage) {
            throw usage_error(msg);
        }
        if (err == ENOENT && if_missing != exit_code::bad_file) {
            throw error(msg, if_missing);
        }
        throw file_error(msg);
    }
    struct stat st {};
    if (::fstat(f.fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        throw file_error(path + ": the " + what + " is " + kind_of(st.st_mode) +
                         ", not a regular file; name a file");
    }
    std::string text;
    char buf[1 << 16];
    for (;;) {
        const ssize_t got = ::read(f.fd, buf, sizeof buf);
        if (got < 0 && errno == EINTR) {
            continue;
        }
        if (got < 0) {
            throw file_error(path + ": reading the " + what + " failed: " + std::strerror(errno));
        }
        if (got == 0) {
            return text;
        }
        if (text.size() + static_cast<std::size_t>(got) > max_bytes) {
            throw file_error(path + ": the " + what + " is larger than " +
                             std::to_string(max_bytes >> 20U) + " MiB, the most this tool reads");
        }
        text.append(buf, static_cast<std::size_t>(got));
    }
}

ojson parse_json_text(const std::string& text, const std::string& path, const json_limits& limits) {
    if (text.size() > limits.max_bytes) {
        throw file_error(path + ": larger than " + std::to_string(limits.max_bytes >> 20U) +
                         " MiB, the most this tool reads");
    }
    if (auto at = too_deep_at(text, limits.max_depth); at != std::string::npos) {
        throw file_error(path + ":" + line_column(text, at) + ": nested deeper than " +
                         std::to_string(limits.max_depth) +
                         " levels of arrays and objects; no file this tool reads needs that");
    }
    try {
        return ojson::parse(text);
    } catch (const nlohmann::json::parse_error& e) {
        throw file_error(path + ":" + line_column(text, e.byte == 0 ? 0 : e.byte - 1) +
                         ": not valid JSON: " + terminal_escape(without_tag(e.what())));
    } catch (const nlohmann::json::exception& e) {
        throw file_error(path + ":" + position_of(text) +
                         ": not valid JSON: " + terminal_escape(without_tag(e.what())));
    }
}

std::uint64_t json_to_u64(const ojson& v, const std::string& where) {
    if (v.is_number_unsigned()) {
        return v.get<std::uint64_t>();
    }
    if (v.is_number_integer() && v.get<std::int64_t>() >= 0) {
        return static_cast<std::uint64_t>(v.get<std::int64_t>());
    }
    bad_value(where, "a whole number >= 0", v);
}

std::int64_t json_to_i64(const ojson& v, const std::string& where, std::int64_t lo,
                         std::int64_t hi) {
    const std::string range =
        "a whole number from " + std::to_string(lo) + " to " + std::to_string(hi);
    const bool fits = v.is_number_integer() &&
                      (!v.is_number_unsigned() ||
                       v.get<std::uint64_t>() <=
                           static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max()));
    if (!fits || v.get<std::int64_t>() < lo || v.get<std::int64_t>() > hi) {
        bad_value(where, range.c_str(), v);
    }
    return v.get<std::int64_t>();
}

double json_to_double(const ojson& v, const std::string& where) {
    if (!v.is_number() || !std::isfinite(v.get<double>())) {
        bad_value(where, "a number", v);
    }
    return v.get<double>();
}

std::string json_to_string(const ojson& v, const std::string& where) {
    if (!v.is_string()) {
        bad_value(where, "a string", v);
    }
    return v.get<std::string>();
}

std::string json_brief(const ojson& v) {
    if (v.is_object()) {
        return "an object";
    }
    if (v.is_array()) {
        return "an array";
    }
    std::string text = v.dump(-1, ' ', false, ojson::error_handler_t::replace);
    if (text.size() > 40) {
        text = utf8_prefix(text, 37) + "...";
    }
    return terminal_escape(text);
}

namespace {

std::string escaped_if_not_utf8(const std::string& s) {
    return is_valid_utf8(s) ? s : terminal_escape(s);
}

/// `v` with every string and key that is not UTF-8 escaped (JSON nests no deeper than the
/// tool's own documents: the recursion is bounded).
ojson utf8_copy(const ojson& v) {
    if (v.is_string()) {
        return escaped_if_not_utf8(v.get<std::string>());
    }
    if (v.is_array()) {
        ojson out = ojson::array();
        for (const auto& item : v) {
            out.push_back(utf8_copy(item));
        }
        return out;
    }
    if (v.is_object()) {
        ojson out = ojson::object();
        for (const auto& [key, item] : v.items()) {
            out[escaped_if_not_utf8(key)] = utf8_copy(item);
        }
        return out;
    }
    return v;
}

} // namespace

std::string json_output_text(const ojson& doc, int indent) {
    try {
        return doc.dump(indent);
    } catch (const ojson::type_error&) { // 316: invalid UTF-8, the only one dump throws
        return utf8_copy(doc).dump(indent, ' ', false, ojson::error_handler_t::replace);
    }
}

} // namespace grp
