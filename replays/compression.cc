// zstd and gzip around replay files (see compression.h).

#include "replays/compression.h"

#include "rules/bounded_json.h"

#include <zlib.h>
// For ZSTD_c_useRowMatchFinder (an experimental parameter of libzstd 1.5; the frames written
// are ordinary zstd frames whatever parameters made them).
#define ZSTD_STATIC_LINKING_ONLY
#include <zstd.h>

#include <cstdio>
#include <memory>
#include <utility>

namespace mj {
namespace {

// Refuses to inflate past this (a replay is about 100 KB; a "zip bomb" is not a replay).
constexpr size_t kMaxText = size_t{1} << 30;
// zstd: level 3's window and sizes, with the greedy match finder in place of level 3's double-fast
// one, matches of 6 bytes or more, 8 candidates searched, 64 Ki hash and chain entries, and the
// plain hash chain (zstd's row-based finder costs more to set up than a 100 KB replay repays).
// Measured on 200 random-agent riichi replays (about 105 KB each): level 3 gives 10,109 bytes
// per game, these parameters 8,827 bytes at about twice level 3's time (0.55 against 0.28 ms per
// game), lazy matching 8,734 at 1.06 ms, level 5 9,117 at 0.82 ms. See docs/SCALE.md.
bool ConfigureZstd(ZSTD_CCtx* ctx) {
  const std::pair<ZSTD_cParameter, int> params[] = {
      {ZSTD_c_compressionLevel, 3}, {ZSTD_c_strategy, ZSTD_greedy}, {ZSTD_c_minMatch, 6},
      {ZSTD_c_searchLog, 3},        {ZSTD_c_hashLog, 16},           {ZSTD_c_chainLog, 16},
  };
  for (const auto& [param, value] : params)
    if (ZSTD_isError(ZSTD_CCtx_setParameter(ctx, param, value))) return false;
  // Only a speed setting: a library without it writes the same kind of frames, a little slower.
  ZSTD_CCtx_setParameter(ctx, ZSTD_c_useRowMatchFinder, ZSTD_ps_disable);
  return true;
}

bool StartsWith(std::string_view bytes, std::string_view magic) { return bytes.substr(0, magic.size()) == magic; }
constexpr std::string_view kZstdMagic("\x28\xb5\x2f\xfd", 4);
constexpr std::string_view kGzipMagic("\x1f\x8b", 2);

bool EndsWith(std::string_view s, std::string_view end) {
  return s.size() >= end.size() && s.substr(s.size() - end.size()) == end;
}

Result<std::string> ZstdDecompress(std::string_view in) {
  std::unique_ptr<ZSTD_DCtx, size_t (*)(ZSTD_DCtx*)> ctx(ZSTD_createDCtx(), ZSTD_freeDCtx);
  if (!ctx) return Error{"zstd: out of memory"};
  std::string out;
  const unsigned long long size = ZSTD_getFrameContentSize(in.data(), in.size());
  if (size != ZSTD_CONTENTSIZE_UNKNOWN && size != ZSTD_CONTENTSIZE_ERROR && size <= kMaxText) out.reserve(size);
  ZSTD_inBuffer input{in.data(), in.size(), 0};
  size_t last = 0;
  char buf[1 << 16];
  while (input.pos < input.size) {
    ZSTD_outBuffer output{buf, sizeof buf, 0};
    last = ZSTD_decompressStream(ctx.get(), &output, &input);
    if (ZSTD_isError(last))
      return Error{"zstd data is corrupt at byte " + std::to_string(input.pos) + ": " + ZSTD_getErrorName(last)};
    out.append(buf, output.pos);
    if (out.size() > kMaxText) return Error{"zstd data inflates past 1 GiB; not a replay"};
    if (output.pos == 0 && input.pos == input.size) break;
  }
  while (last != 0) {  // flush what the last frame still holds
    ZSTD_outBuffer output{buf, sizeof buf, 0};
    last = ZSTD_decompressStream(ctx.get(), &output, &input);
    if (ZSTD_isError(last)) return Error{std::string("zstd data is corrupt: ") + ZSTD_getErrorName(last)};
    out.append(buf, output.pos);
    if (output.pos == 0) break;
  }
  if (last != 0) return Error{"zstd data is truncated (the last frame is incomplete)"};
  return out;
}

Result<std::string> GzipDecompress(std::string_view in) {
  z_stream z{};
  if (inflateInit2(&z, 15 + 16) != Z_OK) return Error{"gzip: cannot start zlib"};
  std::unique_ptr<z_stream, int (*)(z_stream*)> guard(&z, inflateEnd);
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(in.data()));
  z.avail_in = static_cast<uInt>(in.size());
  std::string out;
  char buf[1 << 16];
  while (true) {
    z.next_out = reinterpret_cast<Bytef*>(buf);
    z.avail_out = sizeof buf;
    const int rc = inflate(&z, Z_NO_FLUSH);
    out.append(buf, sizeof buf - z.avail_out);
    if (out.size() > kMaxText) return Error{"gzip data inflates past 1 GiB; not a replay"};
    if (rc == Z_STREAM_END) {
      if (z.avail_in == 0) return out;
      // Another gzip member follows (`cat a.gz b.gz` is a valid gzip file).
      if (inflateReset(&z) != Z_OK) return Error{"gzip: cannot restart zlib"};
      continue;
    }
    if (rc == Z_BUF_ERROR && z.avail_in == 0) return Error{"gzip data is truncated"};
    if (rc != Z_OK)
      return Error{"gzip data is corrupt at byte " + std::to_string(in.size() - z.avail_in) + ": " +
                   (z.msg ? z.msg : "error " + std::to_string(rc))};
  }
}

}  // namespace

std::optional<Compression> ParseCompression(std::string_view name) {
  if (name == "none") return Compression::kNone;
  if (name == "zstd") return Compression::kZstd;
  if (name == "gzip") return Compression::kGzip;
  return std::nullopt;
}

std::string_view ReplayExtension(Compression c) {
  switch (c) {
    case Compression::kZstd: return ".json.zst";
    case Compression::kGzip: return ".json.gz";
    case Compression::kNone: break;
  }
  return ".json";
}

bool IsReplayFileName(std::string_view name) {
  return EndsWith(name, ".json") || EndsWith(name, ".json.zst") || EndsWith(name, ".json.gz");
}

Result<std::string> Compress(std::string_view text, Compression c) {
  switch (c) {
    case Compression::kNone: return std::string(text);
    case Compression::kZstd: {
      // The parameters stay with the context: ZSTD_compress2 resets only the session.
      thread_local std::unique_ptr<ZSTD_CCtx, size_t (*)(ZSTD_CCtx*)> ctx(ZSTD_createCCtx(), ZSTD_freeCCtx);
      thread_local const bool configured = ctx && ConfigureZstd(ctx.get());
      if (!configured) return Error{"zstd: cannot set up the compressor"};
      std::string out(ZSTD_compressBound(text.size()), '\0');
      const size_t n = ZSTD_compress2(ctx.get(), out.data(), out.size(), text.data(), text.size());
      if (ZSTD_isError(n)) return Error{std::string("zstd: ") + ZSTD_getErrorName(n)};
      out.resize(n);
      return out;
    }
    case Compression::kGzip: {
      z_stream z{};
      // windowBits 15 + 16: a gzip header, written by zlib with no time stamp and no name.
      if (deflateInit2(&z, Z_DEFAULT_COMPRESSION, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) != Z_OK)
        return Error{"gzip: cannot start zlib"};
      std::unique_ptr<z_stream, int (*)(z_stream*)> guard(&z, deflateEnd);
      std::string out(deflateBound(&z, static_cast<uLong>(text.size())) + 32, '\0');
      z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(text.data()));
      z.avail_in = static_cast<uInt>(text.size());
      z.next_out = reinterpret_cast<Bytef*>(out.data());
      z.avail_out = static_cast<uInt>(out.size());
      if (deflate(&z, Z_FINISH) != Z_STREAM_END) return Error{"gzip: compression did not finish"};
      out.resize(z.total_out);
      return out;
    }
  }
  return Error{"unknown compression"};
}

Result<std::string> Decompress(std::string bytes) {
  if (StartsWith(bytes, kZstdMagic)) {
    auto text = ZstdDecompress(bytes);
    if (!text) return Error{"cannot decompress: " + text.error()};
    return text;
  }
  if (StartsWith(bytes, kGzipMagic)) {
    auto text = GzipDecompress(bytes);
    if (!text) return Error{"cannot decompress: " + text.error()};
    return text;
  }
  return bytes;
}

Result<std::string> ReadMaybeCompressedFile(const std::string& path, size_t max_bytes) {
  auto bytes = ReadBoundedFile(path, max_bytes);
  if (!bytes) return Error{bytes.error()};
  auto text = Decompress(std::move(bytes).value());
  if (!text) return Error{path + ": " + text.error()};
  if (text->size() > max_bytes)
    return Error{path + ": decompresses to more than " + std::to_string(max_bytes) + " bytes"};
  return text;
}

Result<bool> WriteMaybeCompressedFile(const std::string& path, std::string_view text, Compression c) {
  std::string packed;
  if (c != Compression::kNone) {
    auto compressed = Compress(text, c);
    if (!compressed) return Error{compressed.error()};
    packed = std::move(compressed).value();
    text = packed;
  }
  std::FILE* f = std::fopen(path.c_str(), "wb");
  if (!f) return Error{"cannot write " + path};
  const bool wrote = std::fwrite(text.data(), 1, text.size(), f) == text.size();
  if (std::fclose(f) != 0 || !wrote) return Error{"cannot write " + path};
  return true;
}

}  // namespace mj
