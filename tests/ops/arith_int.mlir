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
    %c-5_i8 = arith.constant -5 : i8
    %48 = arith.extsi %c-5_i8 : i8 to i32
    %c-5_i32 = arith.constant -5 : i32
    %49 = arith.cmpi eq, %48, %c-5_i32 : i32
    cf.assert %49, "arith.extsi i8 -5"
    %c-5_i8_44 = arith.constant -5 : i8
    %50 = arith.extui %c-5_i8_44 : i8 to i32
    %c251_i32 = arith.constant 251 : i32
    %51 = arith.cmpi eq, %50, %c251_i32 : i32
    cf.assert %51, "arith.extui i8 0xfb"
    %c300_i32 = arith.constant 300 : i32
    %52 = arith.trunci %c300_i32 : i32 to i8
    %c44_i8 = arith.constant 44 : i8
    %53 = arith.cmpi eq, %52, %c44_i8 : i8
    cf.assert %53, "arith.trunci 300 to i8"
    %c-1_i32_45 = arith.constant -1 : i32
    %54 = arith.index_castui %c-1_i32_45 : i32 to index
    %c4294967295 = arith.constant 4294967295 : index
    %55 = arith.cmpi eq, %54, %c4294967295 : index
    cf.assert %55, "arith.index_castui 0xffffffff"
    %c-1_i32_46 = arith.constant -1 : i32
    %56 = arith.index_cast %c-1_i32_46 : i32 to index
    %c-1 = arith.constant -1 : index
    %57 = arith.cmpi eq, %56, %c-1 : index
    cf.assert %57, "arith.index_cast -1"
    %cst = arith.constant 1.000000e+00 : f32
    %58 = arith.bitcast %cst : f32 to i32
    %c1065353216_i32 = arith.constant 1065353216 : i32
    %59 = arith.cmpi eq, %58, %c1065353216_i32 : i32
    cf.assert %59, "arith.bitcast 1.0 to i32"
    %cst_47 = arith.constant -2.700000e+00 : f32
    %60 = arith.fptosi %cst_47 : f32 to i32
    %c-2_i32_48 = arith.constant -2 : i32
    %61 = arith.cmpi eq, %60, %c-2_i32_48 : i32
    cf.assert %61, "arith.fptosi -2.7"
    %cst_49 = arith.constant 3.900000e+00 : f32
    %62 = arith.fptoui %cst_49 : f32 to i32
    %c3_i32_50 = arith.constant 3 : i32
    %63 = arith.cmpi eq, %62, %c3_i32_50 : i32
    cf.assert %63, "arith.fptoui 3.9"
    %c-1_i32_51 = arith.constant -1 : i32
    %64 = arith.uitofp %c-1_i32_51 : i32 to f32
    %cst_52 = arith.constant 4.2949673E+9 : f32
    %65 = arith.cmpf oeq, %64, %cst_52 : f32
    cf.assert %65, "arith.uitofp 0xffffffff"
    %c-3_i32_53 = arith.constant -3 : i32
    %66 = arith.sitofp %c-3_i32_53 : i32 to f32
    %cst_54 = arith.constant -3.000000e+00 : f32
    %67 = arith.cmpf oeq, %66, %cst_54 : f32
    cf.assert %67, "arith.sitofp -3"
    %cst_55 = arith.constant 1.500000e+00 : bf16
    %68 = arith.extf %cst_55 : bf16 to f32
    %cst_56 = arith.constant 1.500000e+00 : f32
    %69 = arith.cmpf oeq, %68, %cst_56 : f32
    cf.assert %69, "arith.extf bf16 1.5"
    %cst_57 = arith.constant 1.00390625 : f32
    %70 = arith.truncf %cst_57 : f32 to bf16
    %cst_58 = arith.constant 1.000000e+00 : bf16
    %71 = arith.cmpf oeq, %70, %cst_58 : bf16
    cf.assert %71, "arith.truncf 1+2^-8 to bf16 (ties to even)"
    %cst_59 = arith.constant dense<[7, -7, 9, -9]> : vector<4xi32>
    %cst_60 = arith.constant dense<2> : vector<4xi32>
    %72 = arith.divsi %cst_59, %cst_60 : vector<4xi32>
    %cst_61 = arith.constant dense<[3, -3, 4, -4]> : vector<4xi32>
    %73 = arith.cmpi eq, %72, %cst_61 : vector<4xi32>
    %74 = arith.extui %73 : vector<4xi1> to vector<4xi32>
    %c1_i32_62 = arith.constant 1 : i32
    %75 = vector.multi_reduction <minsi>, %74, %c1_i32_62 [0] : vector<4xi32> to i32
    %76 = arith.cmpi eq, %75, %c1_i32_62 : i32
    cf.assert %76, "arith.divsi on a vector truncates toward zero"
    %true = arith.constant true
    %c5_i32_63 = arith.constant 5 : i32
    %c6_i32_64 = arith.constant 6 : i32
    %77 = arith.select %true, %c5_i32_63, %c6_i32_64 : i32
    %c5_i32_65 = arith.constant 5 : i32
    %78 = arith.cmpi eq, %77, %c5_i32_65 : i32
    cf.assert %78, "arith.select true"
    return
  }
}
