// arith's integer ops and casts on hand-computed cases (signed and unsigned division and
// remainders rounding each way, shifts, min/max both ways, wrap-around, every cast); each
// result is checked with cf.assert, so running the kernel checks it (tests/test_op_registry.c).
module {
  func.func @main() attributes {dimension_semantics = [], scalar_prefetch = 0 : i64, scratch_operands = 0 : i64} {
    %c7_i32 = arith.constant 7 : i32
    %c-2_i32 = arith.constant -2 : i32
    %0 = arith.divsi %c7_i32, %c-2_i32 : i32
    %c-3_i32 = arith.constant -3 : i32
    %1 = arith.cmpi eq, %0, %c-3_i32 : i32
    cf.assert %1, "arith.divsi 7, -2 = -3"
    %c-7_i32 = arith.constant -7 : i32
    %c2_i32 = arith.constant 2 : i32
    %2 = arith.divsi %c-7_i32, %c2_i32 : i32
    %c-3_i32_0 = arith.constant -3 : i32
    %3 = arith.cmpi eq, %2, %c-3_i32_0 : i32
    cf.assert %3, "arith.divsi -7, 2 = -3"
    %c-16_i32 = arith.constant -16 : i32
    %c16_i32 = arith.constant 16 : i32
    %4 = arith.divui %c-16_i32, %c16_i32 : i32
    %c268435455_i32 = arith.constant 268435455 : i32
    %5 = arith.cmpi eq, %4, %c268435455_i32 : i32
    cf.assert %5, "arith.divui 0xfffffff0 / 16"
    %c-7_i32_1 = arith.constant -7 : i32
    %c2_i32_2 = arith.constant 2 : i32
    %6 = arith.remsi %c-7_i32_1, %c2_i32_2 : i32
    %c-1_i32 = arith.constant -1 : i32
    %7 = arith.cmpi eq, %6, %c-1_i32 : i32
    cf.assert %7, "arith.remsi -7, 2 = -1"
    %c-1_i32_3 = arith.constant -1 : i32
    %c10_i32 = arith.constant 10 : i32
    %8 = arith.remui %c-1_i32_3, %c10_i32 : i32
    %c5_i32 = arith.constant 5 : i32
    %9 = arith.cmpi eq, %8, %c5_i32 : i32
    cf.assert %9, "arith.remui 0xffffffff % 10"
    %c-7_i32_4 = arith.constant -7 : i32
    %c2_i32_5 = arith.constant 2 : i32
    %10 = arith.floordivsi %c-7_i32_4, %c2_i32_5 : i32
    %c-4_i32 = arith.constant -4 : i32
    %11 = arith.cmpi eq, %10, %c-4_i32 : i32
    cf.assert %11, "arith.floordivsi -7, 2 = -4"
    %c7_i32_6 = arith.constant 7 : i32
    %c2_i32_7 = arith.constant 2 : i32
    %12 = arith.floordivsi %c7_i32_6, %c2_i32_7 : i32
    %c3_i32 = arith.constant 3 : i32
    %13 = arith.cmpi eq, %12, %c3_i32 : i32
    cf.assert %13, "arith.floordivsi 7, 2 = 3"
    %c7_i32_8 = arith.constant 7 : i32
    %c2_i32_9 = arith.constant 2 : i32
    %14 = arith.ceildivsi %c7_i32_8, %c2_i32_9 : i32
    %c4_i32 = arith.constant 4 : i32
    %15 = arith.cmpi eq, %14, %c4_i32 : i32
    cf.assert %15, "arith.ceildivsi 7, 2 = 4"
    %c-7_i32_10 = arith.constant -7 : i32
    %c2_i32_11 = arith.constant 2 : i32
    %16 = arith.ceildivsi %c-7_i32_10, %c2_i32_11 : i32
    %c-3_i32_12 = arith.constant -3 : i32
    %17 = arith.cmpi eq, %16, %c-3_i32_12 : i32
    cf.assert %17, "arith.ceildivsi -7, 2 = -3"
    %c7_i32_13 = arith.constant 7 : i32
    %c2_i32_14 = arith.constant 2 : i32
    %18 = arith.ceildivui %c7_i32_13, %c2_i32_14 : i32
    %c4_i32_15 = arith.constant 4 : i32
    %19 = arith.cmpi eq, %18, %c4_i32_15 : i32
    cf.assert %19, "arith.ceildivui 7, 2 = 4"
    %c-15_i32 = arith.constant -15 : i32
    %c16_i32_16 = arith.constant 16 : i32
    %20 = arith.ceildivui %c-15_i32, %c16_i32_16 : i32
    %c268435456_i32 = arith.constant 268435456 : i32
    %21 = arith.cmpi eq, %20, %c268435456_i32 : i32
    cf.assert %21, "arith.ceildivui 0xfffffff1 / 16"
    %c3_i32_17 = arith.constant 3 : i32
    %c4_i32_18 = arith.constant 4 : i32
    %22 = arith.shli %c3_i32_17, %c4_i32_18 : i32
    %c48_i32 = arith.constant 48 : i32
    %23 = arith.cmpi eq, %22, %c48_i32 : i32
    cf.assert %23, "arith.shli 3, 4 = 48"
    %c-16_i32_19 = arith.constant -16 : i32
    %c2_i32_20 = arith.constant 2 : i32
    %24 = arith.shrsi %c-16_i32_19, %c2_i32_20 : i32
    %c-4_i32_21 = arith.constant -4 : i32
    %25 = arith.cmpi eq, %24, %c-4_i32_21 : i32
    cf.assert %25, "arith.shrsi -16, 2 = -4"
    %c-16_i32_22 = arith.constant -16 : i32
    %c28_i32 = arith.constant 28 : i32
    %26 = arith.shrui %c-16_i32_22, %c28_i32 : i32
    %c15_i32 = arith.constant 15 : i32
    %27 = arith.cmpi eq, %26, %c15_i32 : i32
    cf.assert %27, "arith.shrui 0xfffffff0 >> 28"
    %c-3_i32_23 = arith.constant -3 : i32
    %c2_i32_24 = arith.constant 2 : i32
    %28 = arith.maxsi %c-3_i32_23, %c2_i32_24 : i32
    %c2_i32_25 = arith.constant 2 : i32
    %29 = arith.cmpi eq, %28, %c2_i32_25 : i32
    cf.assert %29, "arith.maxsi -3, 2 = 2"
    %c-3_i32_26 = arith.constant -3 : i32
    %c2_i32_27 = arith.constant 2 : i32
    %30 = arith.minsi %c-3_i32_26, %c2_i32_27 : i32
    %c-3_i32_28 = arith.constant -3 : i32
    %31 = arith.cmpi eq, %30, %c-3_i32_28 : i32
    cf.assert %31, "arith.minsi -3, 2 = -3"
    %c-3_i32_29 = arith.constant -3 : i32
    %c2_i32_30 = arith.constant 2 : i32
    %32 = arith.maxui %c-3_i32_29, %c2_i32_30 : i32
    %c-3_i32_31 = arith.constant -3 : i32
    %33 = arith.cmpi eq, %32, %c-3_i32_31 : i32
    cf.assert %33, "arith.maxui 0xfffffffd, 2"
    %c-3_i32_32 = arith.constant -3 : i32
    %c2_i32_33 = arith.constant 2 : i32
    %34 = arith.minui %c-3_i32_32, %c2_i32_33 : i32
    %c2_i32_34 = arith.constant 2 : i32
    %35 = arith.cmpi eq, %34, %c2_i32_34 : i32
    cf.assert %35, "arith.minui 0xfffffffd, 2"
    %c12_i32 = arith.constant 12 : i32
    %c10_i32_35 = arith.constant 10 : i32
    %36 = arith.andi %c12_i32, %c10_i32_35 : i32
    %c8_i32 = arith.constant 8 : i32
    %37 = arith.cmpi eq, %36, %c8_i32 : i32
    cf.assert %37, "arith.andi 12, 10 = 8"
    %c12_i32_36 = arith.constant 12 : i32
    %c10_i32_37 = arith.constant 10 : i32
    %38 = arith.ori %c12_i32_36, %c10_i32_37 : i32
    %c14_i32 = arith.constant 14 : i32
    %39 = arith.cmpi eq, %38, %c14_i32 : i32
    cf.assert %39, "arith.ori 12, 10 = 14"
    %c12_i32_38 = arith.constant 12 : i32
    %c10_i32_39 = arith.constant 10 : i32
    %40 = arith.xori %c12_i32_38, %c10_i32_39 : i32
    %c6_i32 = arith.constant 6 : i32
    %41 = arith.cmpi eq, %40, %c6_i32 : i32
    cf.assert %41, "arith.xori 12, 10 = 6"
    %c2147483647_i32 = arith.constant 2147483647 : i32
    %c1_i32 = arith.constant 1 : i32
    %42 = arith.addi %c2147483647_i32, %c1_i32 : i32
    %c-2147483648_i32 = arith.constant -2147483648 : i32
    %43 = arith.cmpi eq, %42, %c-2147483648_i32 : i32
    cf.assert %43, "arith.addi wraps"
    %c-2147483648_i32_40 = arith.constant -2147483648 : i32
    %c1_i32_41 = arith.constant 1 : i32
    %44 = arith.subi %c-2147483648_i32_40, %c1_i32_41 : i32
    %c2147483647_i32_42 = arith.constant 2147483647 : i32
    %45 = arith.cmpi eq, %44, %c2147483647_i32_42 : i32
    cf.assert %45, "arith.subi wraps"
    %c65536_i32 = arith.constant 65536 : i32
    %c65536_i32_43 = arith.constant 65536 : i32
    %46 = arith.muli %c65536_i32, %c65536_i32_43 : i32
    %c0_i32 = arith.constant 0 : i32
    %47 = arith.cmpi eq, %46, %c0_i32 : i32
    cf.assert %47, "arith.muli wraps"
    %c-1_i32_44 = arith.constant -1 : i32
    %c-1_i32_45 = arith.constant -1 : i32
    %low, %high = arith.mului_extended %c-1_i32_44, %c-1_i32_45 : i32
    %c1_i32_46 = arith.constant 1 : i32
    %48 = arith.cmpi eq, %low, %c1_i32_46 : i32
    cf.assert %48, "arith.mului_extended -1 * -1: low half"
    %c-2_i32_47 = arith.constant -2 : i32
    %49 = arith.cmpi eq, %high, %c-2_i32_47 : i32
    cf.assert %49, "arith.mului_extended -1 * -1: high half"
    %c-1_i32_48 = arith.constant -1 : i32
    %c-1_i32_49 = arith.constant -1 : i32
    %low_50, %high_51 = arith.mulsi_extended %c-1_i32_48, %c-1_i32_49 : i32
    %c1_i32_52 = arith.constant 1 : i32
    %50 = arith.cmpi eq, %low_50, %c1_i32_52 : i32
    cf.assert %50, "arith.mulsi_extended -1 * -1: low half"
    %c0_i32_53 = arith.constant 0 : i32
    %51 = arith.cmpi eq, %high_51, %c0_i32_53 : i32
    cf.assert %51, "arith.mulsi_extended -1 * -1: high half"
    %c-2147483648_i32_54 = arith.constant -2147483648 : i32
    %c2_i32_55 = arith.constant 2 : i32
    %low_56, %high_57 = arith.mului_extended %c-2147483648_i32_54, %c2_i32_55 : i32
    %c0_i32_58 = arith.constant 0 : i32
    %52 = arith.cmpi eq, %low_56, %c0_i32_58 : i32
    cf.assert %52, "arith.mului_extended -2147483648 * 2: low half"
    %c1_i32_59 = arith.constant 1 : i32
    %53 = arith.cmpi eq, %high_57, %c1_i32_59 : i32
    cf.assert %53, "arith.mului_extended -2147483648 * 2: high half"
    %c-2147483648_i32_60 = arith.constant -2147483648 : i32
    %c-2147483648_i32_61 = arith.constant -2147483648 : i32
    %low_62, %high_63 = arith.mulsi_extended %c-2147483648_i32_60, %c-2147483648_i32_61 : i32
    %c0_i32_64 = arith.constant 0 : i32
    %54 = arith.cmpi eq, %low_62, %c0_i32_64 : i32
    cf.assert %54, "arith.mulsi_extended -2147483648 * -2147483648: low half"
    %c1073741824_i32 = arith.constant 1073741824 : i32
    %55 = arith.cmpi eq, %high_63, %c1073741824_i32 : i32
    cf.assert %55, "arith.mulsi_extended -2147483648 * -2147483648: high half"
    %c-838190389_i32 = arith.constant -838190389 : i32
    %c123456789_i32 = arith.constant 123456789 : i32
    %low_65, %high_66 = arith.mului_extended %c-838190389_i32, %c123456789_i32 : i32
    %c-1961598553_i32 = arith.constant -1961598553 : i32
    %56 = arith.cmpi eq, %low_65, %c-1961598553_i32 : i32
    cf.assert %56, "arith.mului_extended -838190389 * 123456789: low half"
    %c99363405_i32 = arith.constant 99363405 : i32
    %57 = arith.cmpi eq, %high_66, %c99363405_i32 : i32
    cf.assert %57, "arith.mului_extended -838190389 * 123456789: high half"
    %c-838190389_i32_67 = arith.constant -838190389 : i32
    %c123456789_i32_68 = arith.constant 123456789 : i32
    %low_69, %high_70 = arith.mulsi_extended %c-838190389_i32_67, %c123456789_i32_68 : i32
    %c-1961598553_i32_71 = arith.constant -1961598553 : i32
    %58 = arith.cmpi eq, %low_69, %c-1961598553_i32_71 : i32
    cf.assert %58, "arith.mulsi_extended -838190389 * 123456789: low half"
    %c-24093384_i32 = arith.constant -24093384 : i32
    %59 = arith.cmpi eq, %high_70, %c-24093384_i32 : i32
    cf.assert %59, "arith.mulsi_extended -838190389 * 123456789: high half"
    %c-1_i8 = arith.constant -1 : i8
    %c-1_i8_72 = arith.constant -1 : i8
    %low_73, %high_74 = arith.mului_extended %c-1_i8, %c-1_i8_72 : i8
    %c1_i8 = arith.constant 1 : i8
    %60 = arith.cmpi eq, %low_73, %c1_i8 : i8
    cf.assert %60, "arith.mului_extended -1 * -1: low half"
    %c-2_i8 = arith.constant -2 : i8
    %61 = arith.cmpi eq, %high_74, %c-2_i8 : i8
    cf.assert %61, "arith.mului_extended -1 * -1: high half"
    %c-128_i8 = arith.constant -128 : i8
    %c3_i8 = arith.constant 3 : i8
    %low_75, %high_76 = arith.mulsi_extended %c-128_i8, %c3_i8 : i8
    %c-128_i8_77 = arith.constant -128 : i8
    %62 = arith.cmpi eq, %low_75, %c-128_i8_77 : i8
    cf.assert %62, "arith.mulsi_extended -128 * 3: low half"
    %c-2_i8_78 = arith.constant -2 : i8
    %63 = arith.cmpi eq, %high_76, %c-2_i8_78 : i8
    cf.assert %63, "arith.mulsi_extended -128 * 3: high half"
    %c-5_i8 = arith.constant -5 : i8
    %64 = arith.extsi %c-5_i8 : i8 to i32
    %c-5_i32 = arith.constant -5 : i32
    %65 = arith.cmpi eq, %64, %c-5_i32 : i32
    cf.assert %65, "arith.extsi i8 -5"
    %c-5_i8_79 = arith.constant -5 : i8
    %66 = arith.extui %c-5_i8_79 : i8 to i32
    %c251_i32 = arith.constant 251 : i32
    %67 = arith.cmpi eq, %66, %c251_i32 : i32
    cf.assert %67, "arith.extui i8 0xfb"
    %c300_i32 = arith.constant 300 : i32
    %68 = arith.trunci %c300_i32 : i32 to i8
    %c44_i8 = arith.constant 44 : i8
    %69 = arith.cmpi eq, %68, %c44_i8 : i8
    cf.assert %69, "arith.trunci 300 to i8"
    %c-1_i32_80 = arith.constant -1 : i32
    %70 = arith.index_castui %c-1_i32_80 : i32 to index
    %c4294967295 = arith.constant 4294967295 : index
    %71 = arith.cmpi eq, %70, %c4294967295 : index
    cf.assert %71, "arith.index_castui 0xffffffff"
    %c-1_i32_81 = arith.constant -1 : i32
    %72 = arith.index_cast %c-1_i32_81 : i32 to index
    %c-1 = arith.constant -1 : index
    %73 = arith.cmpi eq, %72, %c-1 : index
    cf.assert %73, "arith.index_cast -1"
    %cst = arith.constant 1.000000e+00 : f32
    %74 = arith.bitcast %cst : f32 to i32
    %c1065353216_i32 = arith.constant 1065353216 : i32
    %75 = arith.cmpi eq, %74, %c1065353216_i32 : i32
    cf.assert %75, "arith.bitcast 1.0 to i32"
    %cst_82 = arith.constant -2.700000e+00 : f32
    %76 = arith.fptosi %cst_82 : f32 to i32
    %c-2_i32_83 = arith.constant -2 : i32
    %77 = arith.cmpi eq, %76, %c-2_i32_83 : i32
    cf.assert %77, "arith.fptosi -2.7"
    %cst_84 = arith.constant 3.900000e+00 : f32
    %78 = arith.fptoui %cst_84 : f32 to i32
    %c3_i32_85 = arith.constant 3 : i32
    %79 = arith.cmpi eq, %78, %c3_i32_85 : i32
    cf.assert %79, "arith.fptoui 3.9"
    %c-1_i32_86 = arith.constant -1 : i32
    %80 = arith.uitofp %c-1_i32_86 : i32 to f32
    %cst_87 = arith.constant 4.2949673E+9 : f32
    %81 = arith.cmpf oeq, %80, %cst_87 : f32
    cf.assert %81, "arith.uitofp 0xffffffff"
    %c-3_i32_88 = arith.constant -3 : i32
    %82 = arith.sitofp %c-3_i32_88 : i32 to f32
    %cst_89 = arith.constant -3.000000e+00 : f32
    %83 = arith.cmpf oeq, %82, %cst_89 : f32
    cf.assert %83, "arith.sitofp -3"
    %cst_90 = arith.constant 1.500000e+00 : bf16
    %84 = arith.extf %cst_90 : bf16 to f32
    %cst_91 = arith.constant 1.500000e+00 : f32
    %85 = arith.cmpf oeq, %84, %cst_91 : f32
    cf.assert %85, "arith.extf bf16 1.5"
    %cst_92 = arith.constant 1.00390625 : f32
    %86 = arith.truncf %cst_92 : f32 to bf16
    %cst_93 = arith.constant 1.000000e+00 : bf16
    %87 = arith.cmpf oeq, %86, %cst_93 : bf16
    cf.assert %87, "arith.truncf 1+2^-8 to bf16 (ties to even)"
    %cst_94 = arith.constant dense<[7, -7, 9, -9]> : vector<4xi32>
    %cst_95 = arith.constant dense<2> : vector<4xi32>
    %88 = arith.divsi %cst_94, %cst_95 : vector<4xi32>
    %cst_96 = arith.constant dense<[3, -3, 4, -4]> : vector<4xi32>
    %89 = arith.cmpi eq, %88, %cst_96 : vector<4xi32>
    %90 = arith.extui %89 : vector<4xi1> to vector<4xi32>
    %c1_i32_97 = arith.constant 1 : i32
    %91 = vector.multi_reduction <minsi>, %90, %c1_i32_97 [0] : vector<4xi32> to i32
    %92 = arith.cmpi eq, %91, %c1_i32_97 : i32
    cf.assert %92, "arith.divsi on a vector truncates toward zero"
    %true = arith.constant true
    %c5_i32_98 = arith.constant 5 : i32
    %c6_i32_99 = arith.constant 6 : i32
    %93 = arith.select %true, %c5_i32_98, %c6_i32_99 : i32
    %c5_i32_100 = arith.constant 5 : i32
    %94 = arith.cmpi eq, %93, %c5_i32_100 : i32
    cf.assert %94, "arith.select true"
    return
  }
}
