// arith's float ops (NaN in min/max both ways, remainders, every cmpf predicate class) and
// math's ops on hand-computed values: exact where the value is exact in f32, within 1e-6
// otherwise; checked with cf.assert (tests/test_op_registry.c runs it).
module {
  func.func @main() attributes {dimension_semantics = [], scalar_prefetch = 0 : i64, scratch_operands = 0 : i64} {
    %cst = arith.constant 1.500000e+00 : f32
    %cst_0 = arith.constant 2.250000e+00 : f32
    %0 = arith.addf %cst, %cst_0 : f32
    %cst_1 = arith.constant 3.750000e+00 : f32
    %1 = arith.cmpf oeq, %0, %cst_1 : f32
    cf.assert %1, "arith.addf"
    %cst_2 = arith.constant 1.500000e+00 : f32
    %cst_3 = arith.constant 2.250000e+00 : f32
    %2 = arith.subf %cst_2, %cst_3 : f32
    %cst_4 = arith.constant -7.500000e-01 : f32
    %3 = arith.cmpf oeq, %2, %cst_4 : f32
    cf.assert %3, "arith.subf"
    %cst_5 = arith.constant 1.500000e+00 : f32
    %cst_6 = arith.constant -2.000000e+00 : f32
    %4 = arith.mulf %cst_5, %cst_6 : f32
    %cst_7 = arith.constant -3.000000e+00 : f32
    %5 = arith.cmpf oeq, %4, %cst_7 : f32
    cf.assert %5, "arith.mulf"
    %cst_8 = arith.constant 1.000000e+00 : f32
    %cst_9 = arith.constant 4.000000e+00 : f32
    %6 = arith.divf %cst_8, %cst_9 : f32
    %cst_10 = arith.constant 2.500000e-01 : f32
    %7 = arith.cmpf oeq, %6, %cst_10 : f32
    cf.assert %7, "arith.divf"
    %cst_11 = arith.constant 7.500000e+00 : f32
    %cst_12 = arith.constant 2.000000e+00 : f32
    %8 = arith.remf %cst_11, %cst_12 : f32
    %cst_13 = arith.constant 1.500000e+00 : f32
    %9 = arith.cmpf oeq, %8, %cst_13 : f32
    cf.assert %9, "arith.remf 7.5, 2"
    %cst_14 = arith.constant -7.500000e+00 : f32
    %cst_15 = arith.constant 2.000000e+00 : f32
    %10 = arith.remf %cst_14, %cst_15 : f32
    %cst_16 = arith.constant -1.500000e+00 : f32
    %11 = arith.cmpf oeq, %10, %cst_16 : f32
    cf.assert %11, "arith.remf takes the dividend's sign"
    %cst_17 = arith.constant -1.000000e+00 : f32
    %cst_18 = arith.constant 2.000000e+00 : f32
    %12 = arith.maximumf %cst_17, %cst_18 : f32
    %cst_19 = arith.constant 2.000000e+00 : f32
    %13 = arith.cmpf oeq, %12, %cst_19 : f32
    cf.assert %13, "arith.maximumf"
    %cst_20 = arith.constant -1.000000e+00 : f32
    %cst_21 = arith.constant 2.000000e+00 : f32
    %14 = arith.minimumf %cst_20, %cst_21 : f32
    %cst_22 = arith.constant -1.000000e+00 : f32
    %15 = arith.cmpf oeq, %14, %cst_22 : f32
    cf.assert %15, "arith.minimumf"
    %cst_23 = arith.constant 0x7FC00000 : f32
    %cst_24 = arith.constant 2.000000e+00 : f32
    %16 = arith.maxnumf %cst_23, %cst_24 : f32
    %cst_25 = arith.constant 2.000000e+00 : f32
    %17 = arith.cmpf oeq, %16, %cst_25 : f32
    cf.assert %17, "arith.maxnumf ignores NaN"
    %cst_26 = arith.constant 0x7FC00000 : f32
    %cst_27 = arith.constant 2.000000e+00 : f32
    %18 = arith.minnumf %cst_26, %cst_27 : f32
    %cst_28 = arith.constant 2.000000e+00 : f32
    %19 = arith.cmpf oeq, %18, %cst_28 : f32
    cf.assert %19, "arith.minnumf ignores NaN"
    %cst_29 = arith.constant 0x7FC00000 : f32
    %cst_30 = arith.constant 1.000000e+00 : f32
    %20 = arith.minimumf %cst_29, %cst_30 : f32
    %21 = arith.cmpf uno, %20, %20 : f32
    cf.assert %21, "arith.minimumf propagates NaN"
    %cst_31 = arith.constant 1.500000e+00 : f32
    %22 = arith.negf %cst_31 : f32
    %cst_32 = arith.constant -1.500000e+00 : f32
    %23 = arith.cmpf oeq, %22, %cst_32 : f32
    cf.assert %23, "arith.negf"
    %cst_33 = arith.constant 1.000000e+00 : f32
    %cst_34 = arith.constant 2.000000e+00 : f32
    %cst_35 = arith.constant 0x7FC00000 : f32
    %24 = arith.cmpf olt, %cst_33, %cst_34 : f32
    %true = arith.constant true
    %25 = arith.cmpi eq, %24, %true : i1
    cf.assert %25, "arith.cmpf olt"
    %26 = arith.cmpf ogt, %cst_33, %cst_34 : f32
    %false = arith.constant false
    %27 = arith.cmpi eq, %26, %false : i1
    cf.assert %27, "arith.cmpf ogt"
    %28 = arith.cmpf oeq, %cst_35, %cst_35 : f32
    %false_36 = arith.constant false
    %29 = arith.cmpi eq, %28, %false_36 : i1
    cf.assert %29, "arith.cmpf oeq"
    %30 = arith.cmpf une, %cst_35, %cst_35 : f32
    %true_37 = arith.constant true
    %31 = arith.cmpi eq, %30, %true_37 : i1
    cf.assert %31, "arith.cmpf une"
    %32 = arith.cmpf ord, %cst_33, %cst_35 : f32
    %false_38 = arith.constant false
    %33 = arith.cmpi eq, %32, %false_38 : i1
    cf.assert %33, "arith.cmpf ord"
    %34 = arith.cmpf uno, %cst_33, %cst_35 : f32
    %true_39 = arith.constant true
    %35 = arith.cmpi eq, %34, %true_39 : i1
    cf.assert %35, "arith.cmpf uno"
    %36 = arith.cmpf ule, %cst_34, %cst_33 : f32
    %false_40 = arith.constant false
    %37 = arith.cmpi eq, %36, %false_40 : i1
    cf.assert %37, "arith.cmpf ule"
    %38 = arith.cmpf oge, %cst_34, %cst_34 : f32
    %true_41 = arith.constant true
    %39 = arith.cmpi eq, %38, %true_41 : i1
    cf.assert %39, "arith.cmpf oge"
    %cst_42 = arith.constant 0.000000e+00 : f32
    %40 = math.exp %cst_42 : f32
    %cst_43 = arith.constant 1.000000e+00 : f32
    %41 = arith.cmpf oeq, %40, %cst_43 : f32
    cf.assert %41, "math.exp(0.000000e+00)"
    %cst_44 = arith.constant 3.000000e+00 : f32
    %42 = math.exp2 %cst_44 : f32
    %cst_45 = arith.constant 8.000000e+00 : f32
    %43 = arith.cmpf oeq, %42, %cst_45 : f32
    cf.assert %43, "math.exp2(3.000000e+00)"
    %cst_46 = arith.constant 0.000000e+00 : f32
    %44 = math.expm1 %cst_46 : f32
    %cst_47 = arith.constant 0.000000e+00 : f32
    %45 = arith.cmpf oeq, %44, %cst_47 : f32
    cf.assert %45, "math.expm1(0.000000e+00)"
    %cst_48 = arith.constant 1.000000e+00 : f32
    %46 = math.log %cst_48 : f32
    %cst_49 = arith.constant 0.000000e+00 : f32
    %47 = arith.cmpf oeq, %46, %cst_49 : f32
    cf.assert %47, "math.log(1.000000e+00)"
    %cst_50 = arith.constant 2.000000e+00 : f32
    %48 = math.log %cst_50 : f32
    %cst_51 = arith.constant 0.693147182 : f32
    %49 = arith.subf %48, %cst_51 : f32
    %50 = math.absf %49 : f32
    %cst_52 = arith.constant 9.99999997E-7 : f32
    %51 = arith.cmpf ole, %50, %cst_52 : f32
    cf.assert %51, "math.log(2.000000e+00)"
    %cst_53 = arith.constant 8.000000e+00 : f32
    %52 = math.log2 %cst_53 : f32
    %cst_54 = arith.constant 3.000000e+00 : f32
    %53 = arith.cmpf oeq, %52, %cst_54 : f32
    cf.assert %53, "math.log2(8.000000e+00)"
    %cst_55 = arith.constant 0.000000e+00 : f32
    %54 = math.log1p %cst_55 : f32
    %cst_56 = arith.constant 0.000000e+00 : f32
    %55 = arith.cmpf oeq, %54, %cst_56 : f32
    cf.assert %55, "math.log1p(0.000000e+00)"
    %cst_57 = arith.constant 1.600000e+01 : f32
    %56 = math.sqrt %cst_57 : f32
    %cst_58 = arith.constant 4.000000e+00 : f32
    %57 = arith.cmpf oeq, %56, %cst_58 : f32
    cf.assert %57, "math.sqrt(1.600000e+01)"
    %cst_59 = arith.constant 4.000000e+00 : f32
    %58 = math.rsqrt %cst_59 : f32
    %cst_60 = arith.constant 5.000000e-01 : f32
    %59 = arith.cmpf oeq, %58, %cst_60 : f32
    cf.assert %59, "math.rsqrt(4.000000e+00)"
    %cst_61 = arith.constant 0.000000e+00 : f32
    %60 = math.sin %cst_61 : f32
    %cst_62 = arith.constant 0.000000e+00 : f32
    %61 = arith.cmpf oeq, %60, %cst_62 : f32
    cf.assert %61, "math.sin(0.000000e+00)"
    %cst_63 = arith.constant 1.57079637 : f32
    %62 = math.sin %cst_63 : f32
    %cst_64 = arith.constant 1.000000e+00 : f32
    %63 = arith.subf %62, %cst_64 : f32
    %64 = math.absf %63 : f32
    %cst_65 = arith.constant 9.99999997E-7 : f32
    %65 = arith.cmpf ole, %64, %cst_65 : f32
    cf.assert %65, "math.sin(pi/2)"
    %cst_66 = arith.constant 0.000000e+00 : f32
    %66 = math.cos %cst_66 : f32
    %cst_67 = arith.constant 1.000000e+00 : f32
    %67 = arith.cmpf oeq, %66, %cst_67 : f32
    cf.assert %67, "math.cos(0.000000e+00)"
    %cst_68 = arith.constant 0.785398185 : f32
    %68 = math.tan %cst_68 : f32
    %cst_69 = arith.constant 1.000000e+00 : f32
    %69 = arith.subf %68, %cst_69 : f32
    %70 = math.absf %69 : f32
    %cst_70 = arith.constant 9.99999997E-7 : f32
    %71 = arith.cmpf ole, %70, %cst_70 : f32
    cf.assert %71, "math.tan(pi/4)"
    %cst_71 = arith.constant 0.000000e+00 : f32
    %72 = math.tanh %cst_71 : f32
    %cst_72 = arith.constant 0.000000e+00 : f32
    %73 = arith.cmpf oeq, %72, %cst_72 : f32
    cf.assert %73, "math.tanh(0.000000e+00)"
    %cst_73 = arith.constant 0.000000e+00 : f32
    %74 = math.erf %cst_73 : f32
    %cst_74 = arith.constant 0.000000e+00 : f32
    %75 = arith.cmpf oeq, %74, %cst_74 : f32
    cf.assert %75, "math.erf(0.000000e+00)"
    %cst_75 = arith.constant 1.000000e+00 : f32
    %76 = math.erf %cst_75 : f32
    %cst_76 = arith.constant 0.842700779 : f32
    %77 = arith.subf %76, %cst_76 : f32
    %78 = math.absf %77 : f32
    %cst_77 = arith.constant 9.99999997E-7 : f32
    %79 = arith.cmpf ole, %78, %cst_77 : f32
    cf.assert %79, "math.erf(1.000000e+00)"
    %cst_78 = arith.constant -3.000000e+00 : f32
    %80 = math.absf %cst_78 : f32
    %cst_79 = arith.constant 3.000000e+00 : f32
    %81 = arith.cmpf oeq, %80, %cst_79 : f32
    cf.assert %81, "math.absf(-3.000000e+00)"
    %cst_80 = arith.constant 1.200000e+00 : f32
    %82 = math.ceil %cst_80 : f32
    %cst_81 = arith.constant 2.000000e+00 : f32
    %83 = arith.cmpf oeq, %82, %cst_81 : f32
    cf.assert %83, "math.ceil(1.200000e+00)"
    %cst_82 = arith.constant -1.200000e+00 : f32
    %84 = math.floor %cst_82 : f32
    %cst_83 = arith.constant -2.000000e+00 : f32
    %85 = arith.cmpf oeq, %84, %cst_83 : f32
    cf.assert %85, "math.floor(-1.200000e+00)"
    %cst_84 = arith.constant 2.500000e+00 : f32
    %86 = math.round %cst_84 : f32
    %cst_85 = arith.constant 3.000000e+00 : f32
    %87 = arith.cmpf oeq, %86, %cst_85 : f32
    cf.assert %87, "math.round rounds half away from zero"
    %cst_86 = arith.constant -2.500000e+00 : f32
    %88 = math.round %cst_86 : f32
    %cst_87 = arith.constant -3.000000e+00 : f32
    %89 = arith.cmpf oeq, %88, %cst_87 : f32
    cf.assert %89, "math.round(-2.5)"
    %cst_88 = arith.constant 2.500000e+00 : f32
    %90 = math.roundeven %cst_88 : f32
    %cst_89 = arith.constant 2.000000e+00 : f32
    %91 = arith.cmpf oeq, %90, %cst_89 : f32
    cf.assert %91, "math.roundeven rounds half to even"
    %cst_90 = arith.constant 3.500000e+00 : f32
    %92 = math.roundeven %cst_90 : f32
    %cst_91 = arith.constant 4.000000e+00 : f32
    %93 = arith.cmpf oeq, %92, %cst_91 : f32
    cf.assert %93, "math.roundeven(3.5)"
    %cst_92 = arith.constant 1.000000e+00 : f32
    %cst_93 = arith.constant 1.000000e+00 : f32
    %94 = math.atan2 %cst_92, %cst_93 : f32
    %cst_94 = arith.constant 0.785398185 : f32
    %95 = arith.subf %94, %cst_94 : f32
    %96 = math.absf %95 : f32
    %cst_95 = arith.constant 9.99999997E-7 : f32
    %97 = arith.cmpf ole, %96, %cst_95 : f32
    cf.assert %97, "math.atan2(1, 1)"
    %cst_96 = arith.constant 1.000000e+00 : f32
    %cst_97 = arith.constant -1.000000e+00 : f32
    %98 = math.atan2 %cst_96, %cst_97 : f32
    %cst_98 = arith.constant 2.3561945 : f32
    %99 = arith.subf %98, %cst_98 : f32
    %100 = math.absf %99 : f32
    %cst_99 = arith.constant 9.99999997E-7 : f32
    %101 = arith.cmpf ole, %100, %cst_99 : f32
    cf.assert %101, "math.atan2(1, -1)"
    %cst_100 = arith.constant 2.000000e+00 : f32
    %cst_101 = arith.constant 1.000000e+01 : f32
    %102 = math.powf %cst_100, %cst_101 : f32
    %cst_102 = arith.constant 1.024000e+03 : f32
    %103 = arith.cmpf oeq, %102, %cst_102 : f32
    cf.assert %103, "math.powf(2, 10)"
    %c-5_i32 = arith.constant -5 : i32
    %104 = math.absi %c-5_i32 : i32
    %c5_i32 = arith.constant 5 : i32
    %105 = arith.cmpi eq, %104, %c5_i32 : i32
    cf.assert %105, "math.absi(-5) = 5"
    %c1_i32 = arith.constant 1 : i32
    %106 = math.ctlz %c1_i32 : i32
    %c31_i32 = arith.constant 31 : i32
    %107 = arith.cmpi eq, %106, %c31_i32 : i32
    cf.assert %107, "math.ctlz(1) = 31"
    %c0_i32 = arith.constant 0 : i32
    %108 = math.ctlz %c0_i32 : i32
    %c32_i32 = arith.constant 32 : i32
    %109 = arith.cmpi eq, %108, %c32_i32 : i32
    cf.assert %109, "math.ctlz(0) = 32"
    %c240_i32 = arith.constant 240 : i32
    %110 = math.ctpop %c240_i32 : i32
    %c4_i32 = arith.constant 4 : i32
    %111 = arith.cmpi eq, %110, %c4_i32 : i32
    cf.assert %111, "math.ctpop(240) = 4"
    %c-1_i32 = arith.constant -1 : i32
    %112 = math.ctpop %c-1_i32 : i32
    %c32_i32_103 = arith.constant 32 : i32
    %113 = arith.cmpi eq, %112, %c32_i32_103 : i32
    cf.assert %113, "math.ctpop(-1) = 32"
    %c8_i32 = arith.constant 8 : i32
    %114 = math.cttz %c8_i32 : i32
    %c3_i32 = arith.constant 3 : i32
    %115 = arith.cmpi eq, %114, %c3_i32 : i32
    cf.assert %115, "math.cttz(8) = 3"
    %c0_i32_104 = arith.constant 0 : i32
    %116 = math.cttz %c0_i32_104 : i32
    %c32_i32_105 = arith.constant 32 : i32
    %117 = arith.cmpi eq, %116, %c32_i32_105 : i32
    cf.assert %117, "math.cttz(0) = 32"
    return
  }
}
