# Make the partially linked library object publish only the public API: every
# global symbol not in EXPORTS becomes local, and every COMDAT group signature is
# renamed with a gbc prefix, since the linker keeps one group per signature name
# whatever the symbol's binding (a host's own target_clones fg_axpy would otherwise
# discard the library's resolver of that name).
# usage: cmake -DOBJCOPY=objcopy -DREADELF=readelf -DEXPORTS=gbc_exports.txt
#              -DINPUT=gbc_all.o -DOUTPUT=gbc_public.o -P gbc_localize.cmake
foreach(v OBJCOPY READELF EXPORTS INPUT OUTPUT)
  if(NOT ${v})
    message(FATAL_ERROR "gbc_localize.cmake: ${v} not given")
  endif()
endforeach()
set(tmp "${OUTPUT}.tmp")
execute_process(COMMAND "${OBJCOPY}" "--keep-global-symbols=${EXPORTS}" "${INPUT}" "${tmp}"
                RESULT_VARIABLE rc ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "${OBJCOPY} --keep-global-symbols failed on ${INPUT}: ${err}")
endif()
execute_process(COMMAND "${READELF}" -gW "${tmp}"
                RESULT_VARIABLE rc OUTPUT_VARIABLE groups ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "${READELF} -g failed on ${tmp}: ${err}")
endif()
# lines such as: COMDAT group section [    1] `.group' [fg_axpy.resolver] contains 2 sections:
string(REGEX MATCHALL "COMDAT group section [^\n]* contains" lines "${groups}")
set(renames "")
foreach(line IN LISTS lines)
  string(REGEX REPLACE ".*\\[(.*)\\] contains$" "\\1" sig "${line}")
  if(NOT sig MATCHES "^gbc_")
    list(APPEND renames "--redefine-sym" "${sig}=gbc_local.${sig}")
  endif()
endforeach()
if(renames)
  execute_process(COMMAND "${OBJCOPY}" ${renames} "${tmp}" RESULT_VARIABLE rc ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${OBJCOPY} --redefine-sym failed on ${tmp}: ${err}")
  endif()
endif()
file(RENAME "${tmp}" "${OUTPUT}")
