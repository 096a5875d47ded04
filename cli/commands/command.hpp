// How commands plug into main: each command file registers its subcommand with add_X(app, slot);
// when CLI11 selects it, its callback puts the work into `slot`, and main runs it after parsing
// so that exceptions reach main's single error handler.
#pragma once

#include <CLI/CLI.hpp>
#include <functional>
#include <string>
#include <vector>

namespace grp::cli {

/// The selected command's work; returns the process exit status.
using command_slot = std::function<int()>;

void add_platforms(CLI::App& app, command_slot& slot);
void add_run(CLI::App& app, command_slot& slot);
void add_check(CLI::App& app, command_slot& slot);
void add_validate(CLI::App& app, command_slot& slot);
void add_compare(CLI::App& app, command_slot& slot);
void add_report(CLI::App& app, command_slot& slot);
void add_merge(CLI::App& app, command_slot& slot);
void add_history(CLI::App& app, command_slot& slot);
void add_bisect(CLI::App& app, command_slot& slot);
void add_completion(CLI::App& app, command_slot& slot);
void add_man(CLI::App& app, command_slot& slot);

/// Adds the shared `--device` option (repeatable, comma-separated) to a subcommand.
void add_device_option(CLI::App* sub, std::vector<std::string>& devices);

/// Adds `--color auto|always|never` (default auto: a terminal and NO_COLOR unset).
void add_color_option(CLI::App* sub, std::string& mode);

/// Lets files follow `--` after other files (`compare A.json -- B.json`), as they may before
/// any (`compare -- A.json B.json`). Call right after adding the subcommand's file positional.
/// CLI11 2.1 hands a `--` back to the main app once a subcommand's positional has its minimum,
/// and the files after it were refused as unexpected; a hidden positional that never fills (the
/// file list takes every value first) keeps the subcommand parsing them.
void accept_files_after_double_dash(CLI::App* sub);

/// One group of `--help`: its title and the long names of its options.
struct help_group {
    const char* title;
    std::vector<std::string> options; ///< "--kernel", ...
};

/// Makes `sub`'s help read by task: each listed option moves to its group, printed in the
/// order given after the ungrouped options (-h); every value's type reads as a word (N for
/// counts, NUM for reals, or `type_names`' entry by long name) rather than CLI11's
/// "UINT:UINT in [0 - 18446744073709551615]". Throws CLI::OptionNotFound for a name `sub`
/// lacks (a bug, caught by any --help test). Call after every option is added.
void tidy_help(CLI::App* sub, const std::vector<help_group>& groups,
               const std::vector<std::pair<std::string, std::string>>& type_names = {});

/// Keeps main's argv for invocation_argv (called once, first thing in main).
void set_invocation_argv(int argc, char** argv);

/// The argv main was called with, for the profile's tool.argv.
const std::vector<std::string>& invocation_argv();

} // namespace grp::cli
