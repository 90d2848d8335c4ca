/*===- mm-cuda/math_constants.h - CUDA's mathematical constants -*- C -*-===*
 *
 * CUDA's CUDART_* constants, single (`_F`) and double precision: special
 * values, as bit patterns through __int_as_float and __longlong_as_double
 * (device functions, as in CUDA), and mathematical constants rounded to
 * nearest, with the `_HI`/`_LO` pairs whose sum carries twice the
 * precision (the high part the rounded constant, the low part the rounded
 * rest). The values were computed to 300 bits and agree with CUDA 13's.
 *
 *===----------------------------------------------------------------------===*/

#ifndef __MATH_CONSTANTS_H__
#define __MATH_CONSTANTS_H__

#define CUDART_INF_F             __int_as_float(0x7f800000U)
#define CUDART_NAN_F             __int_as_float(0x7fffffffU)
#define CUDART_MIN_DENORM_F      __int_as_float(0x00000001U)
#define CUDART_MAX_NORMAL_F      __int_as_float(0x7f7fffffU)
#define CUDART_NEG_ZERO_F        __int_as_float(0x80000000U)
#define CUDART_ZERO_F            0.0F
#define CUDART_ONE_F             1.0F
#define CUDART_SQRT_HALF_F       0.707106769F
#define CUDART_SQRT_HALF_HI_F    0.707106769F
#define CUDART_SQRT_HALF_LO_F    1.21016175e-08F
#define CUDART_SQRT_TWO_F        1.41421354F
#define CUDART_THIRD_F           0.333333343F
#define CUDART_PIO4_F            0.785398185F
#define CUDART_PIO2_F            1.57079637F
#define CUDART_3PIO4_F           2.3561945F
#define CUDART_2_OVER_PI_F       0.636619747F
#define CUDART_SQRT_2_OVER_PI_F  0.797884583F
#define CUDART_PI_F              3.14159274F
#define CUDART_L2E_F             1.44269502F
#define CUDART_L2T_F             3.32192802F
#define CUDART_LG2_F             0.30103001F
#define CUDART_LGE_F             0.434294492F
#define CUDART_LN2_F             0.693147182F
#define CUDART_LNT_F             2.30258512F
#define CUDART_LNPI_F            1.14472985F
#define CUDART_TWO_TO_M126_F     1.17549435e-38F
#define CUDART_TWO_TO_126_F      8.50705917e+37F
#define CUDART_NORM_HUGE_F       3.40282347e+38F
#define CUDART_TWO_TO_23_F       8388608.0F
#define CUDART_TWO_TO_24_F       16777216.0F
#define CUDART_TWO_TO_31_F       2147483648.0F
#define CUDART_TWO_TO_32_F       4294967296.0F
#define CUDART_REMQUO_BITS_F     3U
#define CUDART_REMQUO_MASK_F     (~((~0U) << CUDART_REMQUO_BITS_F))
#define CUDART_TRIG_PLOSS_F      105615.0F
#define CUDART_INF               __longlong_as_double(0x7ff0000000000000ULL)
#define CUDART_NAN               __longlong_as_double(0xfff8000000000000ULL)
#define CUDART_NEG_ZERO          __longlong_as_double(0x8000000000000000ULL)
#define CUDART_MIN_DENORM        __longlong_as_double(0x0000000000000001ULL)
#define CUDART_ZERO              0.0
#define CUDART_ONE               1.0
#define CUDART_SQRT_TWO          1.4142135623730951
#define CUDART_SQRT_HALF         0.7071067811865476
#define CUDART_SQRT_HALF_HI      0.7071067811865476
#define CUDART_SQRT_HALF_LO      (-4.833646656726457e-17)
#define CUDART_THIRD             0.3333333333333333
#define CUDART_TWOTHIRD          0.6666666666666666
#define CUDART_PIO4              0.7853981633974483
#define CUDART_PIO4_HI           0.7853981633974483
#define CUDART_PIO4_LO           3.061616997868383e-17
#define CUDART_PIO2              1.5707963267948966
#define CUDART_PIO2_HI           1.5707963267948966
#define CUDART_PIO2_LO           6.123233995736766e-17
#define CUDART_3PIO4             2.356194490192345
#define CUDART_2_OVER_PI         0.6366197723675814
#define CUDART_PI                3.141592653589793
#define CUDART_PI_HI             3.141592653589793
#define CUDART_PI_LO             1.2246467991473532e-16
#define CUDART_SQRT_2PI          2.5066282746310007
#define CUDART_SQRT_2PI_HI       2.5066282746310007
#define CUDART_SQRT_2PI_LO       (-1.8328579980459167e-16)
#define CUDART_SQRT_PIO2         1.2533141373155003
#define CUDART_SQRT_PIO2_HI      1.2533141373155003
#define CUDART_SQRT_PIO2_LO      (-9.164289990229583e-17)
#define CUDART_SQRT_2OPI         0.7978845608028654
#define CUDART_L2E               1.4426950408889634
#define CUDART_L2E_HI            1.4426950408889634
#define CUDART_L2E_LO            2.0355273740931033e-17
#define CUDART_L2T               3.321928094887362
#define CUDART_LG2               0.3010299956639812
#define CUDART_LG2_HI            0.3010299956639812
#define CUDART_LG2_LO            (-2.8037281277851704e-18)
#define CUDART_LGE               0.4342944819032518
#define CUDART_LGE_HI            0.4342944819032518
#define CUDART_LGE_LO            1.098319650216765e-17
#define CUDART_LN2               0.6931471805599453
#define CUDART_LN2_HI            0.6931471805599453
#define CUDART_LN2_LO            2.3190468138462996e-17
#define CUDART_LNT               2.302585092994046
#define CUDART_LNT_HI            2.302585092994046
#define CUDART_LNT_LO            (-2.1707562233822494e-16)
#define CUDART_LNPI              1.1447298858494002
#define CUDART_LN2_X_1024        709.782712893384
#define CUDART_LN2_X_1025        710.475860073944
#define CUDART_LN2_X_1075        745.1332191019412
#define CUDART_LG2_X_1024        308.25471555991675
#define CUDART_LG2_X_1075        323.60724533877976
#define CUDART_TWO_TO_23         8388608.0
#define CUDART_TWO_TO_52         4503599627370496.0
#define CUDART_TWO_TO_53         9007199254740992.0
#define CUDART_TWO_TO_54         18014398509481984.0
#define CUDART_TWO_TO_M54        5.551115123125783e-17
#define CUDART_TWO_TO_M1022      2.2250738585072014e-308
#define CUDART_TRIG_PLOSS        2147483648.0
#define CUDART_DBL2INT_CVT       6755399441055744.0

#endif /* __MATH_CONSTANTS_H__ */
