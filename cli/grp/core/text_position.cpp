#include "grp/core/text_position.hpp"

namespace grp {

std::string line_column(const std::string& text, std::size_t offset) {
    std::size_t line = 1;
    std::size_t col = 1;
    for (std::size_t i = 0; i < offset && i < text.size(); ++i) {
        if (text[i] == '\n') {
            ++line;
            col = 1;
        } else {
            ++col;
        }
    }
    return std::to_string(line) + ":" + std::to_string(col);
}

} // namespace grp
