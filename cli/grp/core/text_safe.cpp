#include "grp/core/text_safe.hpp"

#include <cstdint>
#include <cstdio>

namespace grp {

namespace {

// U+FFFD REPLACEMENT CHARACTER in UTF-8.
constexpr std::string_view replacement = "\xEF\xBF\xBD";

bool continuation(unsigned char c) {
    return (c & 0xC0U) == 0x80U;
}

/// Bytes of the well-formed UTF-8 sequence that starts at text[i], or 0 when none does there
/// (a stray continuation byte, a truncated sequence, an overlong form, a surrogate, > U+10FFFF).
std::size_t sequence_length(std::string_view text, std::size_t i) {
    const auto b0 = static_cast<unsigned char>(text[i]);
    if (b0 < 0x80) {
        return 1;
    }
    std::size_t len = 0;
    std::uint32_t cp = 0;
    if (b0 >= 0xC2 && b0 <= 0xDF) {
        len = 2;
        cp = b0 & 0x1FU;
    } else if (b0 >= 0xE0 && b0 <= 0xEF) {
        len = 3;
        cp = b0 & 0x0FU;
    } else if (b0 >= 0xF0 && b0 <= 0xF4) {
        len = 4;
        cp = b0 & 0x07U;
    } else {
        return 0; // 0x80..0xC1 (continuation or overlong lead) and 0xF5..0xFF
    }
    if (i + len > text.size()) {
        return 0;
    }
    for (std::size_t k = 1; k < len; ++k) {
        const auto b = static_cast<unsigned char>(text[i + k]);
        if (!continuation(b)) {
            return 0;
        }
        cp = (cp << 6U) | (b & 0x3FU);
    }
    const bool overlong = (len == 3 && cp < 0x800) || (len == 4 && cp < 0x10000);
    const bool surrogate = cp >= 0xD800 && cp <= 0xDFFF;
    return overlong || surrogate || cp > 0x10FFFF ? 0 : len;
}

void append_hex(std::string& out, unsigned char c) {
    char buf[8];
    std::snprintf(buf, sizeof buf, "\\x%02x", static_cast<unsigned>(c));
    out += buf;
}

} // namespace

bool is_valid_utf8(std::string_view text) {
    for (std::size_t i = 0; i < text.size();) {
        const auto len = sequence_length(text, i);
        if (len == 0) {
            return false;
        }
        i += len;
    }
    return true;
}

std::string valid_utf8(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    for (std::size_t i = 0; i < text.size();) {
        const auto len = sequence_length(text, i);
        if (len == 0) {
            out += replacement;
            ++i;
        } else {
            out.append(text.substr(i, len));
            i += len;
        }
    }
    return out;
}

std::string utf8_prefix(std::string_view text, std::size_t max_bytes) {
    if (text.size() <= max_bytes) {
        return std::string(text);
    }
    std::size_t end = max_bytes;
    // Step back over continuation bytes to the lead byte of the character that is cut, at
    // most 3 of them: the cut then falls before that character.
    for (std::size_t back = 0; back < 4 && end > 0; ++back) {
        if (!continuation(static_cast<unsigned char>(text[end]))) {
            break;
        }
        --end;
    }
    return std::string(text.substr(0, end));
}

std::string terminal_escape(std::string_view text, bool keep_newlines) {
    std::string out;
    out.reserve(text.size());
    for (std::size_t i = 0; i < text.size();) {
        const auto c = static_cast<unsigned char>(text[i]);
        const auto len = sequence_length(text, i);
        if (len == 0) {
            append_hex(out, c);
            ++i;
            continue;
        }
        const bool c0 = len == 1 && (c < 0x20 || c == 0x7F);
        const bool allowed_c0 = c == '\t' || (keep_newlines && c == '\n');
        // U+0080..U+009F are encoded as C2 80..C2 9F.
        const bool c1 = len == 2 && c == 0xC2 && static_cast<unsigned char>(text[i + 1]) < 0xA0;
        if ((c0 && !allowed_c0) || c1) {
            for (std::size_t k = 0; k < len; ++k) {
                append_hex(out, static_cast<unsigned char>(text[i + k]));
            }
        } else {
            out.append(text.substr(i, len));
        }
        i += len;
    }
    return out;
}

std::string name_problem(std::string_view name) {
    if (name.empty()) {
        return "is empty";
    }
    if (name.front() == ' ' || name.back() == ' ') {
        return "starts or ends with a space";
    }
    for (std::size_t i = 0; i < name.size();) {
        const auto c = static_cast<unsigned char>(name[i]);
        const auto len = sequence_length(name, i);
        std::string hex;
        if (len == 0) {
            append_hex(hex, c);
            return "is not valid UTF-8 (byte " + hex + " at offset " + std::to_string(i) + ")";
        }
        const bool c1 = len == 2 && c == 0xC2 && static_cast<unsigned char>(name[i + 1]) < 0xA0;
        if ((len == 1 && (c < 0x20 || c == 0x7F)) || c1) {
            for (std::size_t k = 0; k < len; ++k) {
                append_hex(hex, static_cast<unsigned char>(name[i + k]));
            }
            const char* what = c == '\t'   ? "a tab"
                               : c == '\r' ? "a carriage return"
                               : c == '\n' ? "a line feed"
                                           : "a control character";
            return std::string("holds ") + what + " (" + hex + ") at offset " + std::to_string(i);
        }
        i += len;
    }
    return "";
}

std::string as_shell_word(const std::string& w) {
    const bool plain =
        !w.empty() && w.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMN"
                                          "OPQRSTUVWXYZ0123456789_./:=,^+-@%") == std::string::npos;
    std::string quoted = "'";
    for (char ch : w) {
        quoted += ch == '\'' ? std::string("'\\''") : std::string(1, ch);
    }
    return plain ? w : quoted + "'";
}

} // namespace grp
