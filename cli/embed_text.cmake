# Writes OUT, a C++ raw string literal holding the text file IN, for a .cc file to #include.
# Run with cmake -DIN=... -DOUT=... -P embed_text.cmake.
file(READ ${IN} content)
string(FIND "${content}" ")MJTEXT\"" clash)
if(NOT clash EQUAL -1)
  message(FATAL_ERROR "${IN} contains the raw-string delimiter )MJTEXT\"")
endif()
file(WRITE ${OUT} "// Generated from ${IN} by cli/embed_text.cmake. Do not edit.\nR\"MJTEXT(${content})MJTEXT\"\n")
