# Writes the bytes of INPUT to OUTPUT as the comma-separated elements of a C
# array initializer: `static const unsigned char Data[] = {
# #include "OUTPUT" };`. Run with cmake -DINPUT=... -DOUTPUT=... -P.
file(READ ${INPUT} Hex HEX)
string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," Bytes "${Hex}")
# Sixteen bytes a line.
string(REGEX REPLACE "((0x..,){16})" "\\1\n" Bytes "${Bytes}")
file(WRITE ${OUTPUT}.tmp "${Bytes}\n")
file(RENAME ${OUTPUT}.tmp ${OUTPUT})
