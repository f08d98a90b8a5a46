"""The editor: ``EditorApp`` (the app shell, ``app.py``) and its controllers, one module each.

- ``form_sync``: the tree, the form and the status line kept in step with the session;
- ``navigation``: the tree, go to an option, search, filters (F4) and problems (F8);
- ``edits``: a field's edit, undo, redo, reset and fix;
- ``disk``: the file watched on disk, and reloaded;
- ``recovery``: the journal of unsaved edits, and their recovery after a crash;
- ``save``: the preview, the questions before a risky write, the atomic save, quitting;
- ``docs_pane``, ``wizard_launch``: the docs pane's folding, the new-project wizard;
- ``effective``: the layers, environment sections and ``FWK_`` variables (F6, the Layers group);
- ``layer_sessions``: a layer's file opened as a session of its own, and back (Esc);
- ``commands``: the command palette (``Palette`` is what it needs of the app);
- ``host``: ``EditorHost``, what the controllers need of the app.
"""

from fwk_tui.tui.editor.app import EditorApp, EditorOptions
from fwk_tui.tui.editor.edits import touched_path

__all__ = ["EditorApp", "EditorOptions", "touched_path"]
