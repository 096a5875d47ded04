#include "grp/report/html/csp.hpp"

#include "grp/core/sha256.hpp"

namespace grp::html {

std::string base64(const std::uint8_t* data, std::size_t size) {
    static const char alphabet[] =
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    std::string out;
    for (std::size_t i = 0; i < size; i += 3) {
        std::uint32_t v = std::uint32_t{data[i]} << 16;
        if (i + 1 < size) {
            v |= std::uint32_t{data[i + 1]} << 8;
        }
        if (i + 2 < size) {
            v |= data[i + 2];
        }
        out += alphabet[(v >> 18) & 63];
        out += alphabet[(v >> 12) & 63];
        out += i + 1 < size ? alphabet[(v >> 6) & 63] : '=';
        out += i + 2 < size ? alphabet[v & 63] : '=';
    }
    return out;
}

std::string csp_script_hash(std::string_view script_text) {
    const auto d = sha256_digest(script_text);
    return "'sha256-" + base64(d.data(), d.size()) + "'";
}

std::string content_security_policy(const std::vector<std::string_view>& scripts) {
    std::string s = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; "
                    "base-uri 'none'; form-action 'none'; script-src";
    for (auto text : scripts) {
        s += " " + csp_script_hash(text);
    }
    return scripts.empty() ? s + " 'none'" : s;
}

} // namespace grp::html
