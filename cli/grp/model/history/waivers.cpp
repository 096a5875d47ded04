#include "grp/model/history/waivers.hpp"

#include "grp/core/error.hpp"
#include "grp/core/files/json_file.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <fnmatch.h>

namespace grp {

namespace {

/// YYYY-MM-DD of a day that exists (2027-02-30 does not).
bool is_date(const std::string& s) {
    const auto digit = [&](std::size_t i) {
        return std::isdigit(static_cast<unsigned char>(s[i])) != 0;
    };
    if (s.size() != 10 || s[4] != '-' || s[7] != '-' || !digit(0) || !digit(1) || !digit(2) ||
        !digit(3) || !digit(5) || !digit(6) || !digit(8) || !digit(9)) {
        return false;
    }
    const int year = std::stoi(s.substr(0, 4)), month = std::stoi(s.substr(5, 2));
    const int day = std::stoi(s.substr(8, 2));
    const bool leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
    constexpr std::array<int, 12> days{31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    return month >= 1 && month <= 12 && day >= 1 &&
           day <= days[static_cast<std::size_t>(month - 1)] + (month == 2 && leap ? 1 : 0);
}

/// 7 to 40 hex digits (a SHA-1 or a prefix of one), or 64 (SHA-256): a longer one never matches.
bool is_hex_prefix(const std::string& s) {
    return s.size() >= 7 && (s.size() <= 40 || s.size() == 64) &&
           std::all_of(s.begin(), s.end(),
                       [](char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'); });
}

std::string field(const nlohmann::ordered_json& w, const char* name, const std::string& where) {
    const auto it = w.find(name);
    if (it == w.end()) {
        throw file_error(where + ": no \"" + name + "\"");
    }
    auto v = json_to_string(*it, where + "." + name);
    if (v.empty()) {
        throw file_error(where + "." + name + ": empty");
    }
    // The globs go to fnmatch as C strings: "reduce6/*\u0000/nothing" would match as "reduce6/*"
    // and waive every reduce6 step.
    if (const auto nul = v.find('\0'); nul != std::string::npos) {
        throw file_error(where + "." + name + ": holds a NUL character (\\u0000) at offset " +
                         std::to_string(nul) + "; remove it");
    }
    return v;
}

waiver waiver_from(const nlohmann::ordered_json& w, const std::string& where) {
    if (!w.is_object()) {
        throw file_error(where + ": expected an object");
    }
    waiver x{field(w, "case", where),   field(w, "device", where),  field(w, "commit", where),
             field(w, "reason", where), field(w, "expires", where), where};
    std::transform(x.commit.begin(), x.commit.end(), x.commit.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    if (!is_hex_prefix(x.commit)) {
        throw file_error(where + ".commit: expected 7 to 40 hex digits (or 64), got '" + x.commit +
                         "'");
    }
    if (!is_date(x.expires)) {
        throw file_error(where + ".expires: expected YYYY-MM-DD, got '" + x.expires + "'");
    }
    return x;
}

bool covers(const waiver& w, const history_result& r, const history_finding& f) {
    if (f.kind != finding_kind::step && f.kind != finding_kind::drift) {
        return false; // a wrong result is never waived: fix it
    }
    const auto& s = r.time.series[f.series];
    if (fnmatch(w.case_glob.c_str(), s.key.to_string().c_str(), 0) != 0 ||
        fnmatch(w.device_glob.c_str(), s.device.text().c_str(), 0) != 0) {
        return false;
    }
    // A step starts at its first bad commit; a drift at any commit of its span (the span moves
    // with each merge, the commit a reviewer named does not).
    const auto from = f.kind == finding_kind::drift ? f.last_good : f.first_bad;
    for (auto place = from; place <= f.first_bad; ++place) {
        if (r.time.places[place].commit.compare(0, w.commit.size(), w.commit) == 0) {
            return true;
        }
    }
    return false;
}

std::string expired_text(const waiver& w) {
    return w.where + " (" + w.case_glob + " on " + w.device_glob + " at " + w.commit + ": " +
           w.reason + ") expired on " + w.expires + ": renew it with a new date or remove it";
}

/// Whether `w` covers compare's case `cc`, and in what words (empty: it does not).
std::string covers_case(const waiver& w, const case_comparison& cc, const waiver_scope& scope) {
    if (cc.outcome != verdict::slower ||
        fnmatch(w.case_glob.c_str(), cc.key.to_string().c_str(), 0) != 0 ||
        fnmatch(w.device_glob.c_str(), scope.device_key(cc).c_str(), 0) != 0) {
        return "";
    }
    const auto between = scope.between(w);
    if (between && !*between) {
        return "";
    }
    return "waived: " + w.reason + " (until " + w.expires +
           (between ? "" : "; commits unknown: by case and device") + ")";
}

} // namespace

std::vector<std::string> waive_cases(comparison& c, const std::vector<waiver>& waivers,
                                     const std::string& today, const waiver_scope& scope) {
    std::vector<std::string> expired;
    for (const auto& w : waivers) {
        if (w.expires < today) {
            expired.push_back(expired_text(w));
            continue;
        }
        for (auto& cc : c.cases) {
            const auto words = cc.fails ? covers_case(w, cc, scope) : std::string();
            if (!words.empty()) {
                cc.fails = false;
                cc.note = words + (cc.note.empty() ? "" : "; " + cc.note);
            }
        }
    }
    return expired;
}

std::vector<waiver> load_waivers(const std::string& path) {
    const auto doc = parse_json_text(
        read_regular_file(path, "waivers file", std::size_t{1} << 20U, exit_code::usage), path,
        {std::size_t{1} << 20U, 16});
    const auto list = doc.is_object() ? doc.find("waivers") : doc.end();
    if (list == doc.end() || !list->is_array()) {
        throw file_error(path + ": expected {\"waivers\": [...]}");
    }
    std::vector<waiver> out;
    for (std::size_t i = 0; i < list->size(); ++i) {
        out.push_back(waiver_from((*list)[i], path + ": waivers[" + std::to_string(i) + "]"));
    }
    return out;
}

void apply_waivers(history_result& r, const std::vector<waiver>& waivers,
                   const std::string& today) {
    for (const auto& w : waivers) {
        if (w.expires < today) {
            r.expired.push_back(expired_text(w));
            continue;
        }
        for (auto& f : r.findings) {
            if (f.waived.empty() && covers(w, r, f)) {
                f.waived = w.reason + " (until " + w.expires + ")";
                f.fails = false;
            }
        }
    }
}

} // namespace grp
