// Reading fields of a profile's JSON: what the profile readers (profile.cpp, case.cpp,
// case_key.cpp) share. Internal to cli/grp/model/profile.
#pragma once

#include "grp/core/error.hpp"

#include <cmath>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

namespace grp::profile_fields {

/// The number at `key`, or nullopt when it is absent or null.
inline std::optional<double> opt_double(const nlohmann::ordered_json& j, const char* key) {
    auto it = j.find(key);
    if (it == j.end() || it->is_null()) {
        return std::nullopt;
    }
    return it->get<double>();
}

/// Numbers as a JSON array, null for one that is not finite (JSON has no NaN).
inline nlohmann::ordered_json number_list(const std::vector<double>& v) {
    auto out = nlohmann::ordered_json::array();
    for (double x : v) {
        out.push_back(std::isfinite(x) ? nlohmann::ordered_json(x) : nlohmann::ordered_json());
    }
    return out;
}

/// The numbers of the array at `key` (NaN for a null); empty when it is absent.
inline std::vector<double> number_list_from(const nlohmann::ordered_json& j, const char* key) {
    std::vector<double> out;
    if (auto it = j.find(key); it != j.end() && it->is_array()) {
        for (const auto& x : *it) {
            out.push_back(x.is_number() ? x.get<double>() : std::nan(""));
        }
    }
    return out;
}

/// The object at `key` read as T, or nullopt when it is absent, null or not an object.
template <typename T>
std::optional<T> opt_object(const nlohmann::ordered_json& j, const char* key) {
    auto it = j.find(key);
    if (it == j.end() || !it->is_object()) {
        return std::nullopt;
    }
    return it->get<T>();
}

/// The value at `key`; file_error naming the field and `where` when it is absent.
template <typename T>
T require(const nlohmann::ordered_json& j, const char* key, const char* where) {
    auto it = j.find(key);
    if (it == j.end()) {
        throw file_error(std::string("missing field '") + key + "' in " + where);
    }
    return it->get<T>();
}

} // namespace grp::profile_fields
