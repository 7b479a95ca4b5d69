"""The retrieval error hierarchy: every failure the retrieval package raises on purpose."""


class RetrievalError(Exception):
    """Base class of all retrieval errors."""


class CorpusFormatError(RetrievalError):
    """A corpus file or record is malformed; the message names the file and the field."""


class EmptyCorpusError(RetrievalError):
    """The corpus has no scheme, or no chunk with any indexable term, so nothing can be searched."""


class IndexMismatchError(RetrievalError):
    """A saved index was built from other input (or another format version); the message says how to rebuild."""


class ModelUnavailable(RetrievalError):
    """The embedding model cannot be used here (not installed, switched off, its file damaged, its ONNX
    export impossible to build or load); callers fall back to ranking by words."""
