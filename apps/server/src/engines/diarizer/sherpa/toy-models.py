#!/usr/bin/python3
"""Writes two tiny ONNX models that sherpa-onnx's OfflineSpeakerDiarization loads as it would the
real ones, for tests and benchmarks that cannot download weights.

segmentation.onnx: the interface of pyannote segmentation 3.0 as sherpa-onnx exports it
  (scripts/pyannote/segmentation/export-onnx.py): input "x" (N, 1, T) samples, output "y"
  (N, frames, 7) log-probabilities over the powerset classes of 3 speakers, at most 2 at once;
  metadata sample_rate, window_size, receptive_field_size, receptive_field_shift, num_speakers,
  powerset_max_classes, num_classes. Its "weights" are a loudness gate: a frame whose mean energy
  is above a threshold is class 1 (the first local speaker), else class 0 (nobody). It finds
  speech, not voices.

embedding.onnx: the interface of a 3D-Speaker embedding model as sherpa-onnx exports it
  (scripts/3dspeaker/export-onnx.py): input "x" (N, T, 80) log-mel filterbank frames, output
  "embedding" (N, D); metadata framework=3d-speaker, output_dim, sample_rate, normalize_samples,
  language, feature_normalize_type=global-mean. Its "weights" take each band's variance over time
  (log) and project that spectral shape onto D fixed pseudo-random directions.

Usage: toy-models.py <output folder>
"""

import os
import sys

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

SAMPLE_RATE = 16000
WINDOW = 10 * SAMPLE_RATE  # 10 s chunks, as pyannote segmentation 3.0
RF_SIZE = 991  # receptive field of one output frame, in samples
RF_SHIFT = 270  # hop between output frames, in samples
CLASSES = 7  # {}, {1}, {2}, {3}, {1,2}, {1,3}, {2,3}
OPSET = 13


def metadata(model, values):
    for key, value in values.items():
        entry = model.metadata_props.add()
        entry.key = key
        entry.value = str(value)


def segmentation(path, threshold_rms=0.01):
    # Mean energy over each receptive field: a convolution of x*x with a flat kernel.
    kernel = np.full((1, 1, RF_SIZE), 1.0 / RF_SIZE, dtype=np.float32)
    # Frame energy (log) to class scores: class 1 rises with loudness and crosses class 0's score
    # at the threshold; the other classes never win.
    weight = np.zeros((1, CLASSES), dtype=np.float32)
    weight[0, 1] = 1.0
    bias = np.full((CLASSES,), -100.0, dtype=np.float32)
    bias[0] = 0.0
    bias[1] = -float(np.log(threshold_rms**2))
    nodes = [
        helper.make_node("Mul", ["x", "x"], ["power"]),
        helper.make_node("Conv", ["power", "kernel"], ["energy"], strides=[RF_SHIFT]),
        helper.make_node("Add", ["energy", "floor"], ["energy_floored"]),
        helper.make_node("Log", ["energy_floored"], ["log_energy"]),
        helper.make_node("Transpose", ["log_energy"], ["frames"], perm=[0, 2, 1]),
        helper.make_node("MatMul", ["frames", "weight"], ["scores"]),
        helper.make_node("Add", ["scores", "bias"], ["logits"]),
        helper.make_node("LogSoftmax", ["logits"], ["y"], axis=2),
    ]
    graph = helper.make_graph(
        nodes,
        "toy-pyannote-segmentation",
        [helper.make_tensor_value_info("x", TensorProto.FLOAT, ["N", 1, "T"])],
        [helper.make_tensor_value_info("y", TensorProto.FLOAT, ["N", "F", CLASSES])],
        initializer=[
            numpy_helper.from_array(kernel, "kernel"),
            numpy_helper.from_array(np.array([1e-10], dtype=np.float32), "floor"),
            numpy_helper.from_array(weight, "weight"),
            numpy_helper.from_array(bias, "bias"),
        ],
    )
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", OPSET)])
    model.ir_version = 7
    metadata(
        model,
        {
            "num_speakers": 3,
            "powerset_max_classes": 2,
            "num_classes": CLASSES,
            "sample_rate": SAMPLE_RATE,
            "window_size": WINDOW,
            "receptive_field_size": RF_SIZE,
            "receptive_field_shift": RF_SHIFT,
            "model_type": "pyannote-segmentation-3.0",
            "version": "1",
            "model_author": "voxpress-test",
            "maintainer": "voxpress-test",
        },
    )
    onnx.checker.check_model(model)
    onnx.save(model, path)


def embedding(path, dim=32, seed=19):
    projection = np.random.default_rng(seed).standard_normal((80, dim)).astype(np.float32)
    nodes = [
        # (N, T, 80) -> (N, 80): how much each band varies over the recording (the frames come
        # with their mean over time already taken away, as for the real models)...
        helper.make_node("Mul", ["x", "x"], ["power"]),
        helper.make_node("ReduceMean", ["power"], ["variance"], axes=[1], keepdims=0),
        helper.make_node("Add", ["variance", "floor"], ["variance_floored"]),
        helper.make_node("Log", ["variance_floored"], ["spectrum"]),
        # ...less its own average level, so that only its shape remains...
        helper.make_node("ReduceMean", ["spectrum"], ["level"], axes=[1], keepdims=1),
        helper.make_node("Sub", ["spectrum", "level"], ["shape"]),
        # ...seen along D directions.
        helper.make_node("MatMul", ["shape", "projection"], ["embedding"]),
    ]
    graph = helper.make_graph(
        nodes,
        "toy-3d-speaker-embedding",
        [helper.make_tensor_value_info("x", TensorProto.FLOAT, ["N", "T", 80])],
        [helper.make_tensor_value_info("embedding", TensorProto.FLOAT, ["N", dim])],
        initializer=[
            numpy_helper.from_array(projection, "projection"),
            numpy_helper.from_array(np.array([1e-6], dtype=np.float32), "floor"),
        ],
    )
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", OPSET)])
    model.ir_version = 7
    metadata(
        model,
        {
            "framework": "3d-speaker",
            "language": "English",
            "url": "none",
            "comment": "toy model written by Voxpress tests",
            "sample_rate": SAMPLE_RATE,
            "output_dim": dim,
            "normalize_samples": 1,
            "feature_normalize_type": "global-mean",
        },
    )
    onnx.checker.check_model(model)
    onnx.save(model, path)


def main():
    if len(sys.argv) != 2:
        print(__doc__.strip().splitlines()[-1], file=sys.stderr)
        return 2
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    segmentation(os.path.join(out, "segmentation.onnx"))
    embedding(os.path.join(out, "embedding.onnx"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
