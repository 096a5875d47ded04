// Text that came from outside the program (a driver's build log, argv, file names, profile
// strings) is untrusted twice over: it may not be valid UTF-8, which JSON requires, and it may
// hold control characters that a terminal obeys (ESC starts a sequence that can rewrite the
// screen or the window title, BEL rings). These functions make such text safe for the two places
// it goes: valid_utf8 before it is stored in a profile, terminal_escape before it is printed.
// name_problem decides which strings may be names (case keys) at all.
// The markdown and HTML writers have their own escaping (report/text/escape.hpp).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace grp {

/// True when `text` is well-formed UTF-8 (no overlong forms, no surrogates, at most U+10FFFF).
[[nodiscard]] bool is_valid_utf8(std::string_view text);

/// `text` with every byte that is not part of a well-formed UTF-8 sequence replaced by U+FFFD,
/// so that it can be stored in JSON. Valid text is returned unchanged.
[[nodiscard]] std::string valid_utf8(std::string_view text);

/// The longest prefix of `text` of at most `max_bytes` bytes that does not end inside a UTF-8
/// sequence (a build log cut at 4096 bytes must not end in half a character).
[[nodiscard]] std::string utf8_prefix(std::string_view text, std::size_t max_bytes);

/// `text` made safe to print on a terminal: C0 controls other than tab (and newline when
/// `keep_newlines`), DEL, the C1 controls U+0080..U+009F (0x9B is a CSI on some terminals) and
/// bytes that are not UTF-8 become visible escapes such as "\x1b"; a backslash stays one.
/// Printable UTF-8 passes unchanged. Use it on every profile, spec or driver string printed.
[[nodiscard]] std::string terminal_escape(std::string_view text, bool keep_newlines = false);

/// Why `name` cannot name a kernel, or "" when it can. Names are case keys: they go into
/// profiles, CSV cells, tables and messages, so they must be non-empty, well-formed UTF-8 and
/// printable: no C0 control (tab, CR and LF included), DEL or C1 control, no space at either
/// end. The reason names the offending byte(s) escaped and their offset: "holds a tab (\x09) at
/// offset 4".
[[nodiscard]] std::string name_problem(std::string_view name);

/// `w` as one POSIX shell word for a command the user copies: as is when it holds only
/// letters, digits and _./:=,^+-@%, else in single quotes (each ' written as '\'').
std::string as_shell_word(const std::string& w);

} // namespace grp
