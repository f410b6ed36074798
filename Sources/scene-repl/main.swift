import SceneREPL
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

exit(REPLMain.run(arguments: Array(CommandLine.arguments.dropFirst())))
