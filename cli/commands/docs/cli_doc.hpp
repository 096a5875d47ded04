// The command line as data, read from CLI11's own tables: every sub-command with its options,
// their names, values and help. The shell completions and the man page are generated from it,
// so neither can drift from `--help`.
#pragma once

#include <CLI/CLI.hpp>
#include <string>
#include <vector>

namespace grp::cli {

struct option_doc {
    std::vector<std::string> names;  ///< "-k", "--kernel"; empty for a positional
    std::string positional;          ///< the positional's name ("profiles"), else ""
    std::string type_name;           ///< "FILE", "DEV", "TEXT", ... ("" for a flag)
    std::vector<std::string> values; ///< the allowed values when CLI11 checks a set
    std::string description;
    bool takes_value = false;
};

struct command_doc {
    std::string name, description, footer;
    std::vector<option_doc> options;
};

/// The visible sub-commands of `app` (hidden ones have no group), in the order added.
std::vector<command_doc> describe_commands(const CLI::App& app);

/// The first sentence of `text`, on one line, at most `max_chars` long.
std::string first_sentence(const std::string& text, std::size_t max_chars);

} // namespace grp::cli
