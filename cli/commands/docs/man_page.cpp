// `gpu-reduce-prof man`: the manual page in roff, generated from the command line's own tables
// (cli_doc) plus the exit codes, so it describes every sub-command and option that `--help`
// does. Hidden from the help; the build writes build/share/man/man1/gpu-reduce-prof.1 with it.
#include "commands/command.hpp"
#include "commands/docs/cli_doc.hpp"
#include "grp/core/version.hpp"

#include <iostream>
#include <sstream>

namespace grp::cli {

namespace {

// Exit codes, as README's table lists them (main.cpp maps grp::error to them).
struct exit_code_doc {
    const char* code;
    const char* meaning;
};
constexpr exit_code_doc exit_codes[] = {
    {"0", "ok"},
    {"1", "run: a case verified wrong (or failed, with --keep-going); compare: a case fails "
          "under --fail-on (a regression)"},
    {"2", "usage: an unknown option or value, a count out of range, a missing kernel file, an "
          "output that exists without --force or names an input"},
    {"3", "OpenCL: no platform or device, an OpenCL call failed, out of host memory"},
    {"4", "kernel build: a kernel failed to compile (the full build log is printed); run saves "
          "the cases finished before"},
    {"5", "bad file: a profile or kernel spec that is not valid JSON, breaks the schema or has "
          "another schema major; a file that is missing or too large; an output that cannot be "
          "written"},
    {"6", "self-check: host and device disagree on a struct layout"},
    {"7", "nothing measured: run skipped every case (the reasons are printed)"},
    {"8", "undecided: compare found no failing case but judged the timing of none of a "
          "candidate's cases; the headline says UNDECIDED, never PASS"},
    {"70", "internal error: a bug; the message says so"},
    {"128+N", "run was stopped by signal N (SIGINT 130, SIGTERM 143, SIGHUP 129); the finished "
              "cases are saved, marked incomplete"},
};

// Roff: a backslash is \e, a hyphen in an option \-, a line must not start with . or '.
std::string roff(const std::string& s, bool hyphens = false) {
    std::string out;
    bool line_start = true;
    for (char c : s) {
        if (line_start && (c == '.' || c == '\'')) {
            out += "\\&";
        }
        if (c == '\\') {
            out += "\\e";
        } else if (c == '-' && hyphens) {
            out += "\\-";
        } else {
            out += c;
        }
        line_start = c == '\n';
    }
    return out;
}

std::string option_line(const option_doc& o) {
    std::string names;
    for (const auto& n : o.names) {
        names += (names.empty() ? "" : ", ") + roff(n, true);
    }
    if (names.empty()) {
        return "\\fI" + roff(o.positional) + "\\fR";
    }
    std::string value;
    if (!o.values.empty()) {
        for (const auto& v : o.values) {
            value += (value.empty() ? "" : "|") + roff(v);
        }
    } else if (o.takes_value) {
        value = roff(o.type_name.empty() ? "VALUE" : o.type_name);
    }
    return "\\fB" + names + "\\fR" + (value.empty() ? "" : " \\fI" + value + "\\fR");
}

void print_command(std::ostream& os, const command_doc& c) {
    os << ".SS " << roff(c.name) << "\n" << roff(c.description) << ".\n";
    for (const auto& o : c.options) {
        os << ".TP\n" << option_line(o) << "\n" << roff(o.description) << "\n";
    }
    if (!c.footer.empty()) {
        os << ".PP\n.nf\n" << roff(c.footer) << "\n.fi\n";
    }
}

std::string man_page(const CLI::App& app) {
    std::ostringstream os;
    os << ".TH GPU-REDUCE-PROF 1 \"\" \"" << roff(version_line()) << "\" \"User Commands\"\n"
       << ".SH NAME\ngpu-reduce-prof \\- profile, verify and compare OpenCL reduction kernels\n"
       << ".SH SYNOPSIS\n.B gpu-reduce-prof\n.I command\n[\\fIoptions\\fR]\n"
       << ".br\n.B gpu-reduce-prof\n\\-\\-help | \\-\\-version\n"
       << ".SH DESCRIPTION\n.nf\n"
       << roff(app.get_description()) << "\n.fi\n"
       << ".PP\nEvery command has \\fB\\-\\-help\\fR with examples. Devices are chosen the same "
          "way everywhere: a flat index, \\fIP:D\\fR, a case-insensitive name substring, or "
          "\\fBall\\fR.\n.SH COMMANDS\n";
    for (const auto& c : describe_commands(app)) {
        print_command(os, c);
    }
    os << ".SH EXIT STATUS\nEvery command uses the same codes:\n";
    for (const auto& [code, meaning] : exit_codes) {
        os << ".TP\n.B " << code << "\n" << roff(meaning) << "\n";
    }
    os << ".SH ENVIRONMENT\n.TP\n.B NO_COLOR\nWhen set and not empty, \\fB\\-\\-color auto\\fR "
          "prints no colour (https://no-color.org).\n"
          ".TP\n.B OCL_ICD_VENDORS, OCL_ICD_FILENAMES, POCL_*, CUDA_VISIBLE_DEVICES\n"
          "Select OpenCL drivers and devices; run records them in the profile's host.env.\n"
       << ".SH FILES\n.TP\n.I /usr/share/gpu-reduce-prof/kernels\nThe built-in kernel suite "
          "(also embedded in the binary) and its README.\n.TP\n"
          ".I /usr/share/gpu-reduce-prof/profiles\nThe profile JSON Schemas and SCHEMA.md.\n"
       << ".SH SEE ALSO\n\\fBclinfo\\fR(1); README.md and the manual's pages (docs/) in "
          "/usr/share/doc/gpu-reduce-prof.\n";
    return os.str();
}

} // namespace

void add_man(CLI::App& app, command_slot& slot) {
    auto* sub = app.add_subcommand("man", "Print the manual page (roff)");
    sub->group(""); // hidden: the build and the package use it, man(1) shows it
    sub->callback([&app, &slot] {
        slot = [&app] {
            std::cout << man_page(app);
            return 0;
        };
    });
}

} // namespace grp::cli
