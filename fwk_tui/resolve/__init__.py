"""The effective configuration: layers, environment sections and run-time variables, read without running anything."""

from __future__ import annotations

from fwk_tui.resolve.loader import Layer, Resolved, resolve_layers
from fwk_tui.resolve.origin import Origin
from fwk_tui.resolve.tree import Arr, Leaf, Node, Obj, defu, plain, walk

__all__ = ["Arr", "Layer", "Leaf", "Node", "Obj", "Origin", "Resolved", "defu", "plain", "resolve_layers", "walk"]
