// JSON facts for people: scenario summaries whose keys other code decides.
#include "grp/report/html/json.hpp"

#include "grp/report/html/elements.hpp"
#include "grp/report/text/escape.hpp"
#include "grp/report/views/report_data.hpp"

#include <algorithm>

namespace grp::html {

namespace {

using ojson = nlohmann::ordered_json;

bool is_scalar(const ojson& j) {
    return !j.is_object() && !j.is_array();
}

bool all_objects(const ojson& arr) {
    return std::all_of(arr.begin(), arr.end(), [](const ojson& e) { return e.is_object(); });
}

// An array of flat objects: one row each; columns are the union of their keys (capped).
bool flat_records(const ojson& arr) {
    return std::all_of(arr.begin(), arr.end(), [](const ojson& e) {
        return std::all_of(e.begin(), e.end(), [](const ojson& v) {
            return is_scalar(v) || (v.is_array() && std::all_of(v.begin(), v.end(), is_scalar));
        });
    });
}

std::string records_table(const ojson& arr) {
    std::vector<std::string> keys;
    for (const auto& e : arr) {
        for (const auto& [k, v] : e.items()) {
            if (std::find(keys.begin(), keys.end(), k) == keys.end() && keys.size() < 14) {
                keys.push_back(k);
            }
        }
    }
    std::vector<column> cols;
    cols.reserve(keys.size());
    for (const auto& k : keys) {
        cols.emplace_back(k);
    }
    std::vector<row> rows;
    for (const auto& e : arr) {
        row r;
        for (const auto& k : keys) {
            const auto it = e.find(k);
            if (it == e.end() || it->is_null()) {
                r.cells.emplace_back("");
            } else {
                r.cells.emplace_back(json_text(*it), it->is_number()
                                                         ? std::optional<double>(it->get<double>())
                                                         : std::nullopt);
            }
        }
        rows.push_back(std::move(r));
    }
    return render_table(cols, rows, "compact sortable");
}

struct parts {
    std::vector<std::pair<std::string, std::string>> rows;
    std::string blocks; ///< tables and nested summaries, after the key/value rows
};

std::string summary_html(const ojson& j, int depth);

void collect(const ojson& j, const std::string& prefix, int depth, parts& out) {
    for (const auto& [k, v] : j.items()) {
        const std::string key = prefix.empty() ? k : prefix + "." + k;
        if (v.is_object() && !v.empty()) {
            collect(v, key, depth, out);
        } else if (v.is_array() && !v.empty() && all_objects(v) && depth < 3) {
            if (flat_records(v)) {
                out.blocks += "<h5>" + html_escape(key) + "</h5>" + records_table(v);
                continue;
            }
            // Records holding records (e.g. one summary per device with its own table).
            for (std::size_t i = 0; i < v.size(); ++i) {
                out.blocks += "<h5>" + html_escape(key + " #" + std::to_string(i + 1)) + "</h5>" +
                              summary_html(v[i], depth + 1);
            }
        } else {
            out.rows.emplace_back(key, json_text(v));
        }
    }
}

std::string summary_html(const ojson& j, int depth) {
    if (!j.is_object()) {
        return j.is_null() ? "" : kv_table({{"value", json_text(j)}});
    }
    parts p;
    collect(j, "", depth, p);
    return (p.rows.empty() ? "" : kv_table(p.rows)) + p.blocks;
}

} // namespace

std::string json_summary(const nlohmann::ordered_json& j) {
    return summary_html(j, 0);
}

} // namespace grp::html
