/* Quiet assertions for the monideal tests' inner loops. Check records the
 * location of every passing ck_assert (a write to its log file each time), which
 * made loops of millions of checks take minutes; these test first and call Check
 * only on failure, with the expression, the values and the line. */
#ifndef GBC_TESTS_MI_CHECK_H
#define GBC_TESTS_MI_CHECK_H

#include <check.h>
#include <stdint.h>

#define MI_ASSERT(c)                                                          \
    do {                                                                      \
        if (!(c))                                                             \
            ck_abort_msg("assertion failed: %s", #c);                         \
    } while (0)

#define MI_ASSERT_INT_EQ(a, b)                                                \
    do {                                                                      \
        intmax_t mi_a_ = (intmax_t)(a), mi_b_ = (intmax_t)(b);                \
        if (mi_a_ != mi_b_)                                                   \
            ck_abort_msg("assertion failed: %s == %s (%jd vs %jd)", #a, #b,   \
                         mi_a_, mi_b_);                                       \
    } while (0)

#define MI_ASSERT_UINT_EQ(a, b)                                               \
    do {                                                                      \
        uintmax_t mi_a_ = (uintmax_t)(a), mi_b_ = (uintmax_t)(b);             \
        if (mi_a_ != mi_b_)                                                   \
            ck_abort_msg("assertion failed: %s == %s (%ju vs %ju)", #a, #b,   \
                         mi_a_, mi_b_);                                       \
    } while (0)

#endif
