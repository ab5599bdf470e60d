// tpu.scan (sum, max, masked, counting an i1 mask) and tpu.sort (stable, moving the values,
// masked and descending) on 16 lanes of a SparseCore vector subcore, as the pinned jaxlib
// accepts them only there; checked with cf.assert (tests/test_op_registry.c runs it).
module {
  func.func @main() attributes {dimension_semantics = [], scalar_prefetch = 0 : i64, scratch_operands = 0 : i64, tpu.core_type = #tpu.core_type<sc_vector_subcore>} {
    %cst = arith.constant dense<[3.000000e+00, 1.000000e+00, 4.000000e+00, 1.000000e+00, 5.000000e+00, 9.000000e+00, 2.000000e+00, 6.000000e+00, 5.000000e+00, 3.000000e+00, 5.000000e+00, 8.000000e+00, 9.000000e+00, 7.000000e+00, 9.000000e+00, 3.000000e+00]> : vector<16xf32>
    %cst_0 = arith.constant dense<[true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false]> : vector<16xi1>
    %0 = tpu.scan <sum>, %cst : vector<16xf32>,  -> vector<16xf32>
    %cst_1 = arith.constant dense<[3.000000e+00, 4.000000e+00, 8.000000e+00, 9.000000e+00, 1.400000e+01, 2.300000e+01, 2.500000e+01, 3.100000e+01, 3.600000e+01, 3.900000e+01, 4.400000e+01, 5.200000e+01, 6.100000e+01, 6.800000e+01, 7.700000e+01, 8.000000e+01]> : vector<16xf32>
    %1 = arith.cmpf oeq, %0, %cst_1 : vector<16xf32>
    %2 = arith.extui %1 : vector<16xi1> to vector<16xi32>
    %c1_i32 = arith.constant 1 : i32
    %3 = vector.multi_reduction <minsi>, %2, %c1_i32 [0] : vector<16xi32> to i32
    %4 = arith.cmpi eq, %3, %c1_i32 : i32
    cf.assert %4, "tpu.scan sum is a running sum"
    %5 = tpu.scan <max>, %cst : vector<16xf32>,  -> vector<16xf32>
    %cst_2 = arith.constant dense<[3.000000e+00, 3.000000e+00, 4.000000e+00, 4.000000e+00, 5.000000e+00, 9.000000e+00, 9.000000e+00, 9.000000e+00, 9.000000e+00, 9.000000e+00, 9.000000e+00, 9.000000e+00, 9.000000e+00, 9.000000e+00, 9.000000e+00, 9.000000e+00]> : vector<16xf32>
    %6 = arith.cmpf oeq, %5, %cst_2 : vector<16xf32>
    %7 = arith.extui %6 : vector<16xi1> to vector<16xi32>
    %c1_i32_3 = arith.constant 1 : i32
    %8 = vector.multi_reduction <minsi>, %7, %c1_i32_3 [0] : vector<16xi32> to i32
    %9 = arith.cmpi eq, %8, %c1_i32_3 : i32
    cf.assert %9, "tpu.scan max is a running max"
    %10 = tpu.scan <sum>, %cst masked %cst_0 : vector<16xf32>, vector<16xi1> -> vector<16xf32>
    %cst_4 = arith.constant dense<[3.000000e+00, 3.000000e+00, 7.000000e+00, 7.000000e+00, 1.200000e+01, 1.200000e+01, 1.400000e+01, 1.400000e+01, 1.900000e+01, 1.900000e+01, 2.400000e+01, 2.400000e+01, 3.300000e+01, 3.300000e+01, 4.200000e+01, 4.200000e+01]> : vector<16xf32>
    %11 = arith.cmpf oeq, %10, %cst_4 : vector<16xf32>
    %12 = arith.extui %11 : vector<16xi1> to vector<16xi32>
    %c1_i32_5 = arith.constant 1 : i32
    %13 = vector.multi_reduction <minsi>, %12, %c1_i32_5 [0] : vector<16xi32> to i32
    %14 = arith.cmpi eq, %13, %c1_i32_5 : i32
    cf.assert %14, "tpu.scan masked: unset elements hold the running sum"
    %15 = tpu.scan <sum>, %cst_0 : vector<16xi1>,  -> vector<16xi32>
    %cst_6 = arith.constant dense<[1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8]> : vector<16xi32>
    %16 = arith.cmpi eq, %15, %cst_6 : vector<16xi32>
    %17 = arith.extui %16 : vector<16xi1> to vector<16xi32>
    %c1_i32_7 = arith.constant 1 : i32
    %18 = vector.multi_reduction <minsi>, %17, %c1_i32_7 [0] : vector<16xi32> to i32
    %19 = arith.cmpi eq, %18, %c1_i32_7 : i32
    cf.assert %19, "tpu.scan of i1 counts the set elements"
    %cst_8 = arith.constant dense<[100, 101, 102, 103, 104, 105, 106, 107, 108, 109, 110, 111, 112, 113, 114, 115]> : vector<16xi32>
    %output_mask, %sorted_keys, %sorted_values = tpu.sort %cst, %cst_8 : (vector<16xf32>, vector<16xi32>) -> (vector<16xi1>, vector<16xf32>, vector<16xi32>)
    %cst_9 = arith.constant dense<[1.000000e+00, 1.000000e+00, 2.000000e+00, 3.000000e+00, 3.000000e+00, 3.000000e+00, 4.000000e+00, 5.000000e+00, 5.000000e+00, 5.000000e+00, 6.000000e+00, 7.000000e+00, 8.000000e+00, 9.000000e+00, 9.000000e+00, 9.000000e+00]> : vector<16xf32>
    %20 = arith.cmpf oeq, %sorted_keys, %cst_9 : vector<16xf32>
    %21 = arith.extui %20 : vector<16xi1> to vector<16xi32>
    %c1_i32_10 = arith.constant 1 : i32
    %22 = vector.multi_reduction <minsi>, %21, %c1_i32_10 [0] : vector<16xi32> to i32
    %23 = arith.cmpi eq, %22, %c1_i32_10 : i32
    cf.assert %23, "tpu.sort sorts the keys"
    %cst_11 = arith.constant dense<[101, 103, 106, 100, 109, 115, 102, 104, 108, 110, 107, 113, 111, 105, 112, 114]> : vector<16xi32>
    %24 = arith.cmpi eq, %sorted_values, %cst_11 : vector<16xi32>
    %25 = arith.extui %24 : vector<16xi1> to vector<16xi32>
    %c1_i32_12 = arith.constant 1 : i32
    %26 = vector.multi_reduction <minsi>, %25, %c1_i32_12 [0] : vector<16xi32> to i32
    %27 = arith.cmpi eq, %26, %c1_i32_12 : i32
    cf.assert %27, "tpu.sort is stable and moves the values with their keys"
    %output_mask_13, %sorted_keys_14, %sorted_values_15 = tpu.sort %cst, %cst_8 masked %cst_0 {descending = true} : (vector<16xf32>, vector<16xi32>, vector<16xi1>) -> (vector<16xi1>, vector<16xf32>, vector<16xi32>)
    %cst_16 = arith.constant dense<[112, 114, 104, 108, 110, 102, 100, 106, 101, 103, 105, 107, 109, 111, 113, 115]> : vector<16xi32>
    %28 = arith.cmpi eq, %sorted_values_15, %cst_16 : vector<16xi32>
    %29 = arith.extui %28 : vector<16xi1> to vector<16xi32>
    %c1_i32_17 = arith.constant 1 : i32
    %30 = vector.multi_reduction <minsi>, %29, %c1_i32_17 [0] : vector<16xi32> to i32
    %31 = arith.cmpi eq, %30, %c1_i32_17 : i32
    cf.assert %31, "tpu.sort masked, descending: the set keys sorted first, then the rest in order"
    %32 = arith.extui %output_mask_13 : vector<16xi1> to vector<16xi32>
    %cst_18 = arith.constant dense<[1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0]> : vector<16xi32>
    %33 = arith.cmpi eq, %32, %cst_18 : vector<16xi32>
    %34 = arith.extui %33 : vector<16xi1> to vector<16xi32>
    %c1_i32_19 = arith.constant 1 : i32
    %35 = vector.multi_reduction <minsi>, %34, %c1_i32_19 [0] : vector<16xi32> to i32
    %36 = arith.cmpi eq, %35, %c1_i32_19 : i32
    cf.assert %36, "tpu.sort's output mask marks the sorted set keys"
    return
  }
}
