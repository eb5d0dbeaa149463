import sys

from divm.cli.main import main

sys.exit(main())
