from fwk_tui.cli import main

raise SystemExit(main())
