#pragma once
// Names that come from data (a ruleset's "name", a replay's file name) turned into file names and
// links that cannot leave their folder or run anything, and files written without following a
// link planted where the file goes (docs/REPLAY.md "Viewer", docs/PLAYTEST.md).

#include <string>
#include <string_view>
#include <vector>

#include "rules/ruleset.h"
#include "tiles/result.h"

namespace mj {

// One path component made from `name`: ASCII letters, digits, '-', '_' and '.' are kept, every
// other byte (a '/', a '\\', a ':', a space, a control character, any non-ASCII byte) becomes
// '_'; a leading '.' becomes '_' (no "..", no hidden file); at most 80 bytes; "unnamed" when
// nothing is left. "../../escaped" -> "_._.._escaped", "/etc" -> "_etc".
[[nodiscard]] std::string SafeFileName(std::string_view name);

// SafeFileName of each name, made unique: a name met again (or equal to an earlier one once made
// safe, compared without regard to case, for file systems that do not tell case apart) gets
// "-2", "-3", ... (riichi, riichi -> riichi, riichi-2).
[[nodiscard]] std::vector<std::string> UniqueSafeFileNames(const std::vector<std::string>& names);

// The folders of rulesets' replays (playtest --out DIR/<folder>): UniqueSafeFileNames of their
// names, so "../../x", "/abs" or two rulesets both named "riichi" stay apart inside DIR.
[[nodiscard]] std::vector<std::string> RulesetFolderNames(const std::vector<Ruleset>& rulesets);

// A relative path ("a/b c.html") as an href: each component percent-encoded (RFC 3986: all but
// letters, digits and - . _ ~), '/' kept between them, so no file name can become a scheme
// ("javascript:...") or leave the page's folder.
[[nodiscard]] std::string RelativeLink(std::string_view relative_path);

// Writes `bytes` to `path` (mode 0644) through a new file beside it renamed over `path`: a
// symbolic or hard link planted where the file goes is replaced, never followed, so nothing it
// points to is overwritten. Errors name the path.
[[nodiscard]] Result<bool> WriteFileNoFollow(const std::string& path, std::string_view bytes);

}  // namespace mj
