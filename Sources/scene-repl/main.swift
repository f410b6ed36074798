import SceneREPL
import SceneWatch
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// No NSS module loaded into this static executable: users and groups from the files
// only, and $HOME from /etc/passwd when it is unset (Console).
Console.lookUpUsersInFilesOnly()
Console.ensureHome()
exit(REPLMain.run(arguments: Array(CommandLine.arguments.dropFirst()), page: WatchFeed()))
