// vector.contract as a matmul, with the rhs transposed, of i32, and batched, each adding to its
// acc; tpu.all_reduce sum, max, arg_max and min along either dimension; every result checked
// with cf.assert against hand-computed values (tests/test_op_registry.c runs it).
#map = affine_map<(d0, d1, d2) -> (d0, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d2, d1)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
#map3 = affine_map<(d0, d1, d2) -> (d1, d2)>
#map4 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>
#map5 = affine_map<(d0, d1, d2, d3) -> (d0, d3, d2)>
#map6 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
module {
  func.func @main() attributes {dimension_semantics = [], scalar_prefetch = 0 : i64, scratch_operands = 0 : i64} {
    %cst = arith.constant dense<[[1.000000e+00, 2.000000e+00, 3.000000e+00], [4.000000e+00, 5.000000e+00, 6.000000e+00]]> : vector<2x3xf32>
    %cst_0 = arith.constant dense<[[1.000000e+00, 0.000000e+00], [0.000000e+00, 1.000000e+00], [1.000000e+00, 1.000000e+00]]> : vector<3x2xf32>
    %cst_1 = arith.constant dense<[[1.000000e+00, 0.000000e+00, 1.000000e+00], [0.000000e+00, 1.000000e+00, 1.000000e+00]]> : vector<2x3xf32>
    %cst_2 = arith.constant dense<[[1.000000e+01, 2.000000e+01], [3.000000e+01, 4.000000e+01]]> : vector<2x2xf32>
    %0 = vector.contract {indexing_maps = [#map, #map1, #map2], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %cst, %cst_0, %cst_2 : vector<2x3xf32>, vector<3x2xf32> into vector<2x2xf32>
    %cst_3 = arith.constant dense<[[1.400000e+01, 2.500000e+01], [4.000000e+01, 5.100000e+01]]> : vector<2x2xf32>
    %1 = arith.cmpf oeq, %0, %cst_3 : vector<2x2xf32>
    %2 = arith.extui %1 : vector<2x2xi1> to vector<2x2xi32>
    %c1_i32 = arith.constant 1 : i32
    %3 = vector.multi_reduction <minsi>, %2, %c1_i32 [0, 1] : vector<2x2xi32> to i32
    %4 = arith.cmpi eq, %3, %c1_i32 : i32
    cf.assert %4, "vector.contract as a matmul adds the product to the acc"
    %5 = vector.contract {indexing_maps = [#map, #map3, #map2], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %cst, %cst_1, %cst_2 {precision = #tpu.contract_precision<fp32>} : vector<2x3xf32>, vector<2x3xf32> into vector<2x2xf32>
    %cst_4 = arith.constant dense<[[1.400000e+01, 2.500000e+01], [4.000000e+01, 5.100000e+01]]> : vector<2x2xf32>
    %6 = arith.cmpf oeq, %5, %cst_4 : vector<2x2xf32>
    %7 = arith.extui %6 : vector<2x2xi1> to vector<2x2xi32>
    %c1_i32_5 = arith.constant 1 : i32
    %8 = vector.multi_reduction <minsi>, %7, %c1_i32_5 [0, 1] : vector<2x2xi32> to i32
    %9 = arith.cmpi eq, %8, %c1_i32_5 : i32
    cf.assert %9, "vector.contract with the rhs transposed, fp32 precision"
    %cst_6 = arith.constant dense<[[1, 2, 3], [4, 5, 6]]> : vector<2x3xi32>
    %cst_7 = arith.constant dense<[[1, 0], [0, 1], [1, 1]]> : vector<3x2xi32>
    %cst_8 = arith.constant dense<[[10, 20], [30, 40]]> : vector<2x2xi32>
    %10 = vector.contract {indexing_maps = [#map, #map1, #map2], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %cst_6, %cst_7, %cst_8 : vector<2x3xi32>, vector<3x2xi32> into vector<2x2xi32>
    %cst_9 = arith.constant dense<[[14, 25], [40, 51]]> : vector<2x2xi32>
    %11 = arith.cmpi eq, %10, %cst_9 : vector<2x2xi32>
    %12 = arith.extui %11 : vector<2x2xi1> to vector<2x2xi32>
    %c1_i32_10 = arith.constant 1 : i32
    %13 = vector.multi_reduction <minsi>, %12, %c1_i32_10 [0, 1] : vector<2x2xi32> to i32
    %14 = arith.cmpi eq, %13, %c1_i32_10 : i32
    cf.assert %14, "vector.contract of i32"
    %cst_11 = arith.constant dense<[[[1.000000e+00, 2.000000e+00]], [[5.000000e+00, 6.000000e+00]]]> : vector<2x1x2xf32>
    %cst_12 = arith.constant dense<[[[3.000000e+00], [4.000000e+00]], [[7.000000e+00], [8.000000e+00]]]> : vector<2x2x1xf32>
    %cst_13 = arith.constant dense<0.000000e+00> : vector<2x1x1xf32>
    %15 = vector.contract {indexing_maps = [#map4, #map5, #map6], iterator_types = ["parallel", "parallel", "parallel", "reduction"], kind = #vector.kind<add>} %cst_11, %cst_12, %cst_13 : vector<2x1x2xf32>, vector<2x2x1xf32> into vector<2x1x1xf32>
    %cst_14 = arith.constant dense<[[[1.100000e+01]], [[8.300000e+01]]]> : vector<2x1x1xf32>
    %16 = arith.cmpf oeq, %15, %cst_14 : vector<2x1x1xf32>
    %17 = arith.extui %16 : vector<2x1x1xi1> to vector<2x1x1xi32>
    %c1_i32_15 = arith.constant 1 : i32
    %18 = vector.multi_reduction <minsi>, %17, %c1_i32_15 [0, 1, 2] : vector<2x1x1xi32> to i32
    %19 = arith.cmpi eq, %18, %c1_i32_15 : i32
    cf.assert %19, "vector.contract batched over d0"
    %cst_16 = arith.constant dense<[[1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00], [5.000000e+00, 6.000000e+00, 8.000000e+00, 7.000000e+00]]> : vector<2x4xf32>
    %20 = tpu.all_reduce %cst_16 {dim = 1 : i64, kind = #tpu.reduction_kind<sum>} : vector<2x4xf32> -> vector<2x4xf32>
    %cst_17 = arith.constant dense<[[1.000000e+01, 1.000000e+01, 1.000000e+01, 1.000000e+01], [2.600000e+01, 2.600000e+01, 2.600000e+01, 2.600000e+01]]> : vector<2x4xf32>
    %21 = arith.cmpf oeq, %20, %cst_17 : vector<2x4xf32>
    %22 = arith.extui %21 : vector<2x4xi1> to vector<2x4xi32>
    %c1_i32_18 = arith.constant 1 : i32
    %23 = vector.multi_reduction <minsi>, %22, %c1_i32_18 [0, 1] : vector<2x4xi32> to i32
    %24 = arith.cmpi eq, %23, %c1_i32_18 : i32
    cf.assert %24, "tpu.all_reduce sum along dim 1"
    %25 = tpu.all_reduce %cst_16 {dim = 0 : i64, kind = #tpu.reduction_kind<max>} : vector<2x4xf32> -> vector<2x4xf32>
    %cst_19 = arith.constant dense<[[5.000000e+00, 6.000000e+00, 8.000000e+00, 7.000000e+00], [5.000000e+00, 6.000000e+00, 8.000000e+00, 7.000000e+00]]> : vector<2x4xf32>
    %26 = arith.cmpf oeq, %25, %cst_19 : vector<2x4xf32>
    %27 = arith.extui %26 : vector<2x4xi1> to vector<2x4xi32>
    %c1_i32_20 = arith.constant 1 : i32
    %28 = vector.multi_reduction <minsi>, %27, %c1_i32_20 [0, 1] : vector<2x4xi32> to i32
    %29 = arith.cmpi eq, %28, %c1_i32_20 : i32
    cf.assert %29, "tpu.all_reduce max along dim 0"
    %30 = tpu.all_reduce %cst_16 {dim = 1 : i64, kind = #tpu.reduction_kind<arg_max>} : vector<2x4xf32> -> vector<2x4xi32>
    %cst_21 = arith.constant dense<[[3, 3, 3, 3], [2, 2, 2, 2]]> : vector<2x4xi32>
    %31 = arith.cmpi eq, %30, %cst_21 : vector<2x4xi32>
    %32 = arith.extui %31 : vector<2x4xi1> to vector<2x4xi32>
    %c1_i32_22 = arith.constant 1 : i32
    %33 = vector.multi_reduction <minsi>, %32, %c1_i32_22 [0, 1] : vector<2x4xi32> to i32
    %34 = arith.cmpi eq, %33, %c1_i32_22 : i32
    cf.assert %34, "tpu.all_reduce arg_max along dim 1"
    %cst_23 = arith.constant dense<[[3, -1], [2, 5]]> : vector<2x2xi32>
    %35 = tpu.all_reduce %cst_23 {dim = 0 : i64, kind = #tpu.reduction_kind<min>} : vector<2x2xi32> -> vector<2x2xi32>
    %cst_24 = arith.constant dense<[[2, -1], [2, -1]]> : vector<2x2xi32>
    %36 = arith.cmpi eq, %35, %cst_24 : vector<2x2xi32>
    %37 = arith.extui %36 : vector<2x2xi1> to vector<2x2xi32>
    %c1_i32_25 = arith.constant 1 : i32
    %38 = vector.multi_reduction <minsi>, %37, %c1_i32_25 [0, 1] : vector<2x2xi32> to i32
    %39 = arith.cmpi eq, %38, %c1_i32_25 : i32
    cf.assert %39, "tpu.all_reduce min of i32 along dim 0"
    return
  }
}
