#include "grp/core/element_type.hpp"

#include "grp/core/error.hpp"

namespace grp {

std::string to_string(element_type t) {
    switch (t) {
    case element_type::int32:
        return "int";
    case element_type::uint32:
        return "uint";
    case element_type::float32:
        return "float";
    case element_type::float64:
        return "double";
    }
    return "?";
}

const std::vector<element_type>& all_element_types() {
    static const std::vector<element_type> all = {element_type::int32, element_type::uint32,
                                                  element_type::float32, element_type::float64};
    return all;
}

element_type parse_element_type(const std::string& s) {
    for (auto t : all_element_types()) {
        if (to_string(t) == s) {
            return t;
        }
    }
    throw usage_error("unknown element type '" + s + "'; valid types: int, uint, float, double");
}

std::size_t size_of(element_type t) {
    return t == element_type::float64 ? 8 : 4;
}

bool is_floating(element_type t) {
    return t == element_type::float32 || t == element_type::float64;
}

std::string to_string(data_layout l) {
    switch (l) {
    case data_layout::flat:
        return "flat";
    case data_layout::aos12:
        return "aos12";
    case data_layout::aos16:
        return "aos16";
    case data_layout::soa:
        return "soa";
    }
    return "?";
}

data_layout parse_data_layout(const std::string& s) {
    for (auto l : {data_layout::flat, data_layout::aos12, data_layout::aos16, data_layout::soa}) {
        if (to_string(l) == s) {
            return l;
        }
    }
    throw usage_error("unknown layout '" + s + "'; valid layouts: flat, aos12, aos16, soa");
}

std::size_t components(data_layout l) {
    return l == data_layout::flat ? 1 : 3;
}

std::size_t record_bytes(data_layout l, element_type t) {
    switch (l) {
    case data_layout::flat:
        return size_of(t);
    case data_layout::aos12:
        return 3 * size_of(t);
    case data_layout::aos16:
        return 4 * size_of(t);
    case data_layout::soa:
        return 3 * size_of(t);
    }
    return 0;
}

int layout_rank(const std::string& l) {
    if (l == "aos12") {
        return 0;
    }
    if (l == "aos16") {
        return 1;
    }
    return l == "soa" ? 2 : 3;
}

} // namespace grp
