// The file writer (`OutputFile`, SceneFiles) is part of what this module offers:
// every user of the REPL's consoles and files writes through it.
@_exported import SceneFiles
