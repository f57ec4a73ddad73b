# Writes OUT, a C++ raw string literal holding the file IN (replays/replay.schema.json), for
# replays/replay_schema.cc to #include. Run with cmake -DIN=... -DOUT=... -P embed_schema.cmake.
file(READ ${IN} content)
string(FIND "${content}" ")MJSCHEMA\"" clash)
if(NOT clash EQUAL -1)
  message(FATAL_ERROR "${IN} contains the raw-string delimiter )MJSCHEMA\"")
endif()
file(WRITE ${OUT} "// Generated from replays/replay.schema.json by replays/embed_schema.cmake. Do not edit.\nR\"MJSCHEMA(${content})MJSCHEMA\"\n")
