# Writes OUT, C++ source text holding the viewer's web assets (replays/viewer/viewer.js and
# viewer.css) as raw string literals, for replays/replay_html.cc to #include.
# Run with cmake -DJS=... -DCSS=... -DOUT=... -P embed_viewer.cmake.
set(body "// Generated from replays/viewer/ by replays/embed_viewer.cmake. Do not edit.\n")
foreach(pair "JS;kViewerJs" "CSS;kViewerCss")
  list(GET pair 0 var)
  list(GET pair 1 name)
  file(READ ${${var}} content)
  string(FIND "${content}" ")MJVIEW\"" clash)
  if(NOT clash EQUAL -1)
    message(FATAL_ERROR "${${var}} contains the raw-string delimiter )MJVIEW\"")
  endif()
  string(APPEND body "constexpr const char ${name}[] = R\"MJVIEW(${content})MJVIEW\";\n")
endforeach()
file(WRITE ${OUT} "${body}")
