from fwk_tui.main import main

raise SystemExit(main())
