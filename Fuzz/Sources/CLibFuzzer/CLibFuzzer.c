// Empty: the declaration is in include/CLibFuzzer.h.
