#include "grp/report/text/escape.hpp"

#include <algorithm>
#include <cctype>

namespace grp {

namespace {

// U+FFFD REPLACEMENT CHARACTER in UTF-8.
constexpr const char* replacement = "\xEF\xBF\xBD";

bool is_forbidden_control(unsigned char c) {
    return (c < 0x20 && c != '\t' && c != '\n' && c != '\r') || c == 0x7F;
}

} // namespace

std::string html_escape(std::string_view text) {
    std::string out;
    out.reserve(text.size() + text.size() / 8);
    for (char ch : text) {
        auto c = static_cast<unsigned char>(ch);
        switch (ch) {
        case '&':
            out += "&amp;";
            break;
        case '<':
            out += "&lt;";
            break;
        case '>':
            out += "&gt;";
            break;
        case '"':
            out += "&quot;";
            break;
        case '\'':
            out += "&#39;";
            break;
        default:
            if (is_forbidden_control(c)) {
                out += replacement;
            } else {
                out += ch;
            }
        }
    }
    return out;
}

std::string markdown_escape(std::string_view text) {
    // '<', '>' and '&' become entities rather than backslash escapes: GitHub passes raw HTML
    // through its sanitizer, and an entity can never start a tag. Line-start syntax (#, -, 1.)
    // needs no escape: callers never start a line with a profile string.
    std::string out;
    out.reserve(text.size() + text.size() / 4);
    for (char ch : text) {
        auto c = static_cast<unsigned char>(ch);
        switch (ch) {
        case '&':
            out += "&amp;";
            break;
        case '<':
            out += "&lt;";
            break;
        case '>':
            out += "&gt;";
            break;
        case '\n':
        case '\r':
        case '\t':
            out += ' ';
            break;
        case '\\':
        case '`':
        case '*':
        case '_':
        case '[':
        case ']':
        case '|':
        case '~':
            out += '\\';
            out += ch;
            break;
        default:
            if (is_forbidden_control(c)) {
                out += replacement;
            } else {
                out += ch;
            }
        }
    }
    return out;
}

std::string markdown_code(std::string_view text) {
    // Inside a code span nothing is markup and a backslash is a backslash (#71: `a\_b` showed
    // its backslash on GitHub). Only a backtick can end the span: the fence is one backtick
    // longer than the longest run inside, with a space inside each end where the text starts or
    // ends with a backtick (CommonMark strips one such space).
    std::string body;
    body.reserve(text.size());
    std::size_t run = 0, longest = 0;
    for (char ch : text) {
        const auto c = static_cast<unsigned char>(ch);
        run = ch == '`' ? run + 1 : 0;
        longest = std::max(longest, run);
        if (ch == '\n' || ch == '\r' || ch == '\t') {
            body += ' ';
        } else if (is_forbidden_control(c)) {
            body += replacement;
        } else {
            body += ch;
        }
    }
    if (body.empty()) {
        return "` `"; // "``" would be no span at all
    }
    const std::string fence(longest + 1, '`');
    const bool pad = body.front() == '`' || body.back() == '`';
    return fence + (pad ? " " : "") + body + (pad ? " " : "") + fence;
}

std::string html_id(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    for (char ch : text) {
        auto c = static_cast<unsigned char>(ch);
        out += (std::isalnum(c) != 0 && c < 0x80) ? static_cast<char>(std::tolower(c)) : '-';
    }
    return out.empty() ? "x" : out;
}

std::string markdown_row(const std::vector<std::string>& cells) {
    std::string s = "|";
    for (const auto& c : cells) {
        s += " " + markdown_escape(c) + " |";
    }
    return s + "\n";
}

} // namespace grp
