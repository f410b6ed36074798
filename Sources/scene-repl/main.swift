import SceneREPL
import Glibc

exit(REPLMain.run(arguments: Array(CommandLine.arguments.dropFirst())))
