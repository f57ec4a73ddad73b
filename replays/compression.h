#pragma once
// Compressed replay files: zstd (libzstd) or gzip (zlib) around the exact replay text. Readers
// recognise a compressed file by its first bytes (zstd frame magic 28 b5 2f fd, gzip 1f 8b), not
// by its name, so every command reads .json, .json.zst and .json.gz alike.

#include <optional>
#include <string>
#include <string_view>

#include "tiles/result.h"

namespace mj {

enum class Compression { kNone, kZstd, kGzip };

// "none", "zstd", "gzip"; nullopt otherwise.
[[nodiscard]] std::optional<Compression> ParseCompression(std::string_view name);
// The file name ending: ".json", ".json.zst", ".json.gz".
[[nodiscard]] std::string_view ReplayExtension(Compression c);
// True for a name ending in one of those.
[[nodiscard]] bool IsReplayFileName(std::string_view name);

// The compressed bytes (deterministic: same text -> same bytes; no time stamp in gzip's header).
[[nodiscard]] Result<std::string> Compress(std::string_view text, Compression c);
// `bytes` uncompressed when they start with a zstd or gzip magic number (one or more frames /
// members), else unchanged. Errors say what is wrong with the compressed data.
[[nodiscard]] Result<std::string> Decompress(std::string bytes);

// The whole file, decompressed when it is compressed; the file and its text at most `max_bytes`
// (rules/bounded_json.h's limits). Errors: "cannot read PATH", "PATH: N bytes; at most M",
// "PATH: cannot decompress: ...", "PATH: decompresses to more than M bytes".
[[nodiscard]] Result<std::string> ReadMaybeCompressedFile(const std::string& path, size_t max_bytes);
// Writes `text` (compressed as asked) to `path` in one go.
[[nodiscard]] Result<bool> WriteMaybeCompressedFile(const std::string& path, std::string_view text, Compression c);

}  // namespace mj
